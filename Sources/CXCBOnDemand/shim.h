#include <dlfcn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <xcb/xcb.h>
#include <xcb/xcb_cursor.h>
#include <xcb/xinput.h>
#include <xcb-imdkit/imclient.h>
#include <xcb-imdkit/encoding.h>
#include <xcb-imdkit/ximproto.h>

/* The libraries a window loads when it first needs them instead of linking them: linked, each
   was mapped and relocated at every start (with the libraries it brings), for windows that most
   often never use it. Each is a table of its functions, each field of the type of the function
   it holds, filled on the first call of keyform_NAME_load() on the main thread; NULL when the
   library or one of its symbols is missing. */

/* Loads `soname` and fills `slots` with the symbols `names` names, in order. */
static inline bool keyform_load_symbols(const char *soname, const char *const *names, void **slots, size_t count) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) return false;
    for (size_t i = 0; i < count; i++) {
        if (!(slots[i] = dlsym(handle, names[i]))) return false;
    }
    return true;
}

/* Defines keyform_NAME_load(), which loads `type`'s table from `soname`: the symbols, in the
   order of the table's fields. */
#define KEYFORM_ON_DEMAND(name, type, soname, ...)                                                 \
    static inline const type *keyform_##name##_load(void) {                                        \
        static const char *const names[] = {__VA_ARGS__};                                          \
        enum { count = sizeof(names) / sizeof(*names) };                                           \
        _Static_assert(sizeof(type) == count * sizeof(void *), #type ": one name for each field"); \
        static type table;                                                                         \
        static int state; /* 0: not tried yet, 1: loaded, -1: missing */                           \
        if (state == 0) state = keyform_load_symbols(soname, names, (void **)&table, count) ? 1 : -1; \
        return state == 1 ? &table : NULL;                                                         \
    }

/* xcb-cursor (with xcb-image and xcb-render-util), when the pointer first needs a cursor. */
typedef struct {
    __typeof__(xcb_cursor_context_new) *_Nonnull context_new;
    __typeof__(xcb_cursor_load_cursor) *_Nonnull load_cursor;
    __typeof__(xcb_cursor_context_free) *_Nonnull context_free;
} keyform_cursor_library;
KEYFORM_ON_DEMAND(cursor, keyform_cursor_library, "libxcb-cursor.so.0",
                  "xcb_cursor_context_new", "xcb_cursor_load_cursor", "xcb_cursor_context_free")

/* XInput 2.1, for smooth scrolling, when the pointer first comes to the window. */
typedef struct {
    /* xcb's record of the extension, for xcb_get_extension_data. */
    xcb_extension_t *_Nonnull extension;
    __typeof__(xcb_input_xi_query_version) *_Nonnull xi_query_version;
    __typeof__(xcb_input_xi_query_version_reply) *_Nonnull xi_query_version_reply;
    __typeof__(xcb_input_xi_select_events_checked) *_Nonnull xi_select_events_checked;
    __typeof__(xcb_input_xi_query_device) *_Nonnull xi_query_device;
    __typeof__(xcb_input_xi_query_device_reply) *_Nonnull xi_query_device_reply;
    __typeof__(xcb_input_xi_query_device_infos_iterator) *_Nonnull xi_query_device_infos_iterator;
    __typeof__(xcb_input_xi_device_info_next) *_Nonnull xi_device_info_next;
    __typeof__(xcb_input_xi_device_info_classes_iterator) *_Nonnull xi_device_info_classes_iterator;
    __typeof__(xcb_input_device_class_next) *_Nonnull device_class_next;
    __typeof__(xcb_input_button_press_valuator_mask) *_Nonnull button_press_valuator_mask;
    __typeof__(xcb_input_button_press_axisvalues) *_Nonnull button_press_axisvalues;
    __typeof__(xcb_input_button_press_button_mask) *_Nonnull button_press_button_mask;
} keyform_xinput_library;
KEYFORM_ON_DEMAND(xinput, keyform_xinput_library, "libxcb-xinput.so.0",
                  "xcb_input_id", "xcb_input_xi_query_version", "xcb_input_xi_query_version_reply",
                  "xcb_input_xi_select_events_checked", "xcb_input_xi_query_device", "xcb_input_xi_query_device_reply",
                  "xcb_input_xi_query_device_infos_iterator", "xcb_input_xi_device_info_next",
                  "xcb_input_xi_device_info_classes_iterator", "xcb_input_device_class_next",
                  "xcb_input_button_press_valuator_mask", "xcb_input_button_press_axisvalues",
                  "xcb_input_button_press_button_mask")

/* xcb-imdkit (with xcb-util), when XMODIFIERS first names an input method. */
typedef struct {
    __typeof__(xcb_xim_create) *_Nonnull create;
    __typeof__(xcb_xim_set_use_compound_text) *_Nonnull set_use_compound_text;
    __typeof__(xcb_xim_set_use_utf8_string) *_Nonnull set_use_utf8_string;
    __typeof__(xcb_xim_get_encoding) *_Nonnull get_encoding;
    __typeof__(xcb_xim_set_im_callback) *_Nonnull set_im_callback;
    __typeof__(xcb_xim_open) *_Nonnull open;
    __typeof__(xcb_xim_filter_event) *_Nonnull filter_event;
    __typeof__(xcb_xim_forward_event) *_Nonnull forward_event;
    __typeof__(xcb_xim_set_ic_focus) *_Nonnull set_ic_focus;
    __typeof__(xcb_xim_unset_ic_focus) *_Nonnull unset_ic_focus;
    __typeof__(xcb_xim_close) *_Nonnull close;
    __typeof__(xcb_xim_destroy) *_Nonnull destroy;
    __typeof__(xcb_compound_text_init) *_Nonnull compound_text_init;
    __typeof__(xcb_compound_text_to_utf8) *_Nonnull compound_text_to_utf8;
    /* Variadic: called only from the functions below. */
    __typeof__(xcb_xim_create_nested_list) *_Nonnull create_nested_list;
    __typeof__(xcb_xim_create_ic) *_Nonnull create_ic;
    __typeof__(xcb_xim_set_ic_values) *_Nonnull set_ic_values;
    __typeof__(xcb_xim_get_ic_values) *_Nonnull get_ic_values;
} keyform_xim_library;
KEYFORM_ON_DEMAND(xim, keyform_xim_library, "libxcb-imdkit.so.1",
                  "xcb_xim_create", "xcb_xim_set_use_compound_text", "xcb_xim_set_use_utf8_string", "xcb_xim_get_encoding",
                  "xcb_xim_set_im_callback", "xcb_xim_open", "xcb_xim_filter_event", "xcb_xim_forward_event",
                  "xcb_xim_set_ic_focus", "xcb_xim_unset_ic_focus", "xcb_xim_close", "xcb_xim_destroy",
                  "xcb_compound_text_init", "xcb_compound_text_to_utf8", "xcb_xim_create_nested_list", "xcb_xim_create_ic",
                  "xcb_xim_set_ic_values", "xcb_xim_get_ic_values")

// Swift cannot call C's variadic functions, and xcb-imdkit passes input context attributes as
// NULL-terminated (name, value) lists: these three calls spell out the lists Keyform sends.

/// XIM_CREATE_IC for `window` in `style`, with the spot location in its preedit attributes
/// (without them if the server knows no spot location).
static inline bool keyform_xim_create_ic(const keyform_xim_library *xim, xcb_xim_t *im, xcb_xim_create_ic_callback callback,
                                         void *user_data, uint32_t style, xcb_window_t window, xcb_point_t spot) {
    xcb_xim_nested_list preedit = xim->create_nested_list(im, XCB_XIM_XNSpotLocation, &spot, NULL);
    bool sent = preedit.data
        ? xim->create_ic(im, callback, user_data, XCB_XIM_XNInputStyle, &style, XCB_XIM_XNClientWindow, &window,
                         XCB_XIM_XNFocusWindow, &window, XCB_XIM_XNPreeditAttributes, &preedit, NULL)
        : xim->create_ic(im, callback, user_data, XCB_XIM_XNInputStyle, &style, XCB_XIM_XNClientWindow, &window,
                         XCB_XIM_XNFocusWindow, &window, NULL);
    free(preedit.data);
    return sent;
}

/// XIM_SET_IC_VALUES of the spot location: where the candidate window goes, in the focus
/// window's coordinates (the server makes them the screen's).
static inline bool keyform_xim_set_spot(const keyform_xim_library *xim, xcb_xim_t *im, xcb_xic_t ic, xcb_point_t spot,
                                        xcb_xim_set_ic_values_callback callback, void *user_data) {
    xcb_xim_nested_list preedit = xim->create_nested_list(im, XCB_XIM_XNSpotLocation, &spot, NULL);
    if (!preedit.data) return false;
    bool sent = xim->set_ic_values(im, ic, callback, user_data, XCB_XIM_XNPreeditAttributes, &preedit, NULL);
    free(preedit.data);
    return sent;
}

/// XIM_GET_IC_VALUES of the filter events: a request every server answers, to learn whether one
/// that went quiet is still there.
static inline bool keyform_xim_probe(const keyform_xim_library *xim, xcb_xim_t *im, xcb_xic_t ic,
                                     xcb_xim_get_ic_values_callback callback, void *user_data) {
    return xim->get_ic_values(im, ic, callback, user_data, XCB_XIM_XNFilterEvents, NULL);
}
