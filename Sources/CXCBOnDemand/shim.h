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

/* Defines `type`, a table of the symbols `LIST(F)` names, each field named and typed after its
   symbol, and keyform_NAME_load(), which fills it from `soname`. Each symbol is written once, so
   a table's fields and the names looked up cannot disagree (several functions share a type). */
#define KEYFORM_FIELD(symbol) __typeof__(symbol) *_Nonnull symbol;
#define KEYFORM_NAME(symbol) #symbol,
#define KEYFORM_ON_DEMAND(name, type, soname, LIST)                                                \
    typedef struct { LIST(KEYFORM_FIELD) } type;                                                   \
    static inline const type *keyform_##name##_load(void) {                                        \
        static const char *const names[] = {LIST(KEYFORM_NAME)};                                   \
        static type table;                                                                         \
        static int state; /* 0: not tried yet, 1: loaded, -1: missing */                           \
        if (state == 0)                                                                            \
            state = keyform_load_symbols(soname, names, (void **)&table, sizeof(names) / sizeof(*names)) ? 1 : -1; \
        return state == 1 ? &table : NULL;                                                         \
    }

/* xcb-cursor (with xcb-image and xcb-render-util), when the pointer first needs a cursor. */
#define KEYFORM_CURSOR_SYMBOLS(F) F(xcb_cursor_context_new) F(xcb_cursor_load_cursor) F(xcb_cursor_context_free)
KEYFORM_ON_DEMAND(cursor, keyform_cursor_library, "libxcb-cursor.so.0", KEYFORM_CURSOR_SYMBOLS)

/* XInput 2.1, for smooth scrolling, when the pointer first comes to the window. xcb_input_id is
   xcb's record of the extension, for xcb_get_extension_data. */
#define KEYFORM_XINPUT_SYMBOLS(F)                                                                  \
    F(xcb_input_id) F(xcb_input_xi_query_version) F(xcb_input_xi_query_version_reply)              \
    F(xcb_input_xi_select_events_checked) F(xcb_input_xi_query_device) F(xcb_input_xi_query_device_reply) \
    F(xcb_input_xi_query_device_infos_iterator) F(xcb_input_xi_device_info_next)                   \
    F(xcb_input_xi_device_info_classes_iterator) F(xcb_input_device_class_next)                    \
    F(xcb_input_button_press_valuator_mask) F(xcb_input_button_press_axisvalues)                   \
    F(xcb_input_button_press_button_mask)
KEYFORM_ON_DEMAND(xinput, keyform_xinput_library, "libxcb-xinput.so.0", KEYFORM_XINPUT_SYMBOLS)

/* xcb-imdkit (with xcb-util), when XMODIFIERS first names an input method. The last four are
   variadic: called only from the functions below. */
#define KEYFORM_XIM_SYMBOLS(F)                                                                     \
    F(xcb_xim_create) F(xcb_xim_set_use_compound_text) F(xcb_xim_set_use_utf8_string)              \
    F(xcb_xim_get_encoding) F(xcb_xim_set_im_callback) F(xcb_xim_open) F(xcb_xim_filter_event)     \
    F(xcb_xim_forward_event) F(xcb_xim_set_ic_focus) F(xcb_xim_unset_ic_focus) F(xcb_xim_close)    \
    F(xcb_xim_destroy) F(xcb_compound_text_init) F(xcb_compound_text_to_utf8)                      \
    F(xcb_xim_create_nested_list) F(xcb_xim_create_ic) F(xcb_xim_set_ic_values) F(xcb_xim_get_ic_values)
KEYFORM_ON_DEMAND(xim, keyform_xim_library, "libxcb-imdkit.so.1", KEYFORM_XIM_SYMBOLS)

// Swift cannot call C's variadic functions, and xcb-imdkit passes input context attributes as
// NULL-terminated (name, value) lists: these three calls spell out the lists Keyform sends.

/// XIM_CREATE_IC for `window` in `style`, with the spot location in its preedit attributes
/// (without them if the server knows no spot location).
static inline bool keyform_xim_create_ic(const keyform_xim_library *xim, xcb_xim_t *im, xcb_xim_create_ic_callback callback,
                                         void *user_data, uint32_t style, xcb_window_t window, xcb_point_t spot) {
    xcb_xim_nested_list preedit = xim->xcb_xim_create_nested_list(im, XCB_XIM_XNSpotLocation, &spot, NULL);
    bool sent = preedit.data
        ? xim->xcb_xim_create_ic(im, callback, user_data, XCB_XIM_XNInputStyle, &style, XCB_XIM_XNClientWindow, &window,
                         XCB_XIM_XNFocusWindow, &window, XCB_XIM_XNPreeditAttributes, &preedit, NULL)
        : xim->xcb_xim_create_ic(im, callback, user_data, XCB_XIM_XNInputStyle, &style, XCB_XIM_XNClientWindow, &window,
                         XCB_XIM_XNFocusWindow, &window, NULL);
    free(preedit.data);
    return sent;
}

/// XIM_SET_IC_VALUES of the spot location: where the candidate window goes, in the focus
/// window's coordinates (the server makes them the screen's).
static inline bool keyform_xim_set_spot(const keyform_xim_library *xim, xcb_xim_t *im, xcb_xic_t ic, xcb_point_t spot,
                                        xcb_xim_set_ic_values_callback callback, void *user_data) {
    xcb_xim_nested_list preedit = xim->xcb_xim_create_nested_list(im, XCB_XIM_XNSpotLocation, &spot, NULL);
    if (!preedit.data) return false;
    bool sent = xim->xcb_xim_set_ic_values(im, ic, callback, user_data, XCB_XIM_XNPreeditAttributes, &preedit, NULL);
    free(preedit.data);
    return sent;
}

/// XIM_GET_IC_VALUES of the filter events: a request every server answers, to learn whether one
/// that went quiet is still there.
static inline bool keyform_xim_probe(const keyform_xim_library *xim, xcb_xim_t *im, xcb_xic_t ic,
                                     xcb_xim_get_ic_values_callback callback, void *user_data) {
    return xim->xcb_xim_get_ic_values(im, ic, callback, user_data, XCB_XIM_XNFilterEvents, NULL);
}
