#include <dlfcn.h>
#include <stdlib.h>
#include <xcb/xcb.h>
#include <xcb-imdkit/imclient.h>
#include <xcb-imdkit/encoding.h>
#include <xcb-imdkit/ximproto.h>

/* xcb-imdkit's functions, from the library loaded when XMODIFIERS first names an input method.
   Linked, it and xcb-util were mapped and relocated at every start, for the windows (most) that
   have none. Each field has the type of the function it holds. */
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

/* The library, loaded on the first call (on the main thread); NULL if it or a function is missing. */
static inline const keyform_xim_library *keyform_xim_load(void) {
    static keyform_xim_library library;
    static int state; /* 0: not tried yet, 1: loaded, -1: missing */
    if (state != 0) return state == 1 ? &library : NULL;
    state = -1;
    void *handle = dlopen("libxcb-imdkit.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return NULL;
#define KEYFORM_XIM_FIND(field, name) if (!(*(void **)&library.field = dlsym(handle, name))) return NULL;
    KEYFORM_XIM_FIND(create, "xcb_xim_create")
    KEYFORM_XIM_FIND(set_use_compound_text, "xcb_xim_set_use_compound_text")
    KEYFORM_XIM_FIND(set_use_utf8_string, "xcb_xim_set_use_utf8_string")
    KEYFORM_XIM_FIND(get_encoding, "xcb_xim_get_encoding")
    KEYFORM_XIM_FIND(set_im_callback, "xcb_xim_set_im_callback")
    KEYFORM_XIM_FIND(open, "xcb_xim_open")
    KEYFORM_XIM_FIND(filter_event, "xcb_xim_filter_event")
    KEYFORM_XIM_FIND(forward_event, "xcb_xim_forward_event")
    KEYFORM_XIM_FIND(set_ic_focus, "xcb_xim_set_ic_focus")
    KEYFORM_XIM_FIND(unset_ic_focus, "xcb_xim_unset_ic_focus")
    KEYFORM_XIM_FIND(close, "xcb_xim_close")
    KEYFORM_XIM_FIND(destroy, "xcb_xim_destroy")
    KEYFORM_XIM_FIND(compound_text_init, "xcb_compound_text_init")
    KEYFORM_XIM_FIND(compound_text_to_utf8, "xcb_compound_text_to_utf8")
    KEYFORM_XIM_FIND(create_nested_list, "xcb_xim_create_nested_list")
    KEYFORM_XIM_FIND(create_ic, "xcb_xim_create_ic")
    KEYFORM_XIM_FIND(set_ic_values, "xcb_xim_set_ic_values")
    KEYFORM_XIM_FIND(get_ic_values, "xcb_xim_get_ic_values")
#undef KEYFORM_XIM_FIND
    state = 1;
    return &library;
}

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
