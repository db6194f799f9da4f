#include <stdlib.h>
#include <xcb/xcb.h>
#include <xcb-imdkit/imclient.h>
#include <xcb-imdkit/encoding.h>
#include <xcb-imdkit/ximproto.h>

// Swift cannot call C's variadic functions, and xcb-imdkit passes input context attributes as
// NULL-terminated (name, value) lists: these three calls spell out the lists Keyform sends.

/// XIM_CREATE_IC for `window` in `style`, with the spot location in its preedit attributes
/// (without them if the server knows no spot location).
static inline bool keyform_xim_create_ic(xcb_xim_t *im, xcb_xim_create_ic_callback callback, void *user_data,
                                         uint32_t style, xcb_window_t window, xcb_point_t spot) {
    xcb_xim_nested_list preedit = xcb_xim_create_nested_list(im, XCB_XIM_XNSpotLocation, &spot, NULL);
    bool sent = preedit.data
        ? xcb_xim_create_ic(im, callback, user_data, XCB_XIM_XNInputStyle, &style, XCB_XIM_XNClientWindow, &window,
                            XCB_XIM_XNFocusWindow, &window, XCB_XIM_XNPreeditAttributes, &preedit, NULL)
        : xcb_xim_create_ic(im, callback, user_data, XCB_XIM_XNInputStyle, &style, XCB_XIM_XNClientWindow, &window,
                            XCB_XIM_XNFocusWindow, &window, NULL);
    free(preedit.data);
    return sent;
}

/// XIM_SET_IC_VALUES of the spot location: where the candidate window goes, in the focus
/// window's coordinates (the server makes them the screen's).
static inline bool keyform_xim_set_spot(xcb_xim_t *im, xcb_xic_t ic, xcb_point_t spot,
                                        xcb_xim_set_ic_values_callback callback, void *user_data) {
    xcb_xim_nested_list preedit = xcb_xim_create_nested_list(im, XCB_XIM_XNSpotLocation, &spot, NULL);
    if (!preedit.data) return false;
    bool sent = xcb_xim_set_ic_values(im, ic, callback, user_data, XCB_XIM_XNPreeditAttributes, &preedit, NULL);
    free(preedit.data);
    return sent;
}

/// XIM_GET_IC_VALUES of the filter events: a request every server answers, to learn whether one
/// that went quiet is still there.
static inline bool keyform_xim_probe(xcb_xim_t *im, xcb_xic_t ic, xcb_xim_get_ic_values_callback callback, void *user_data) {
    return xcb_xim_get_ic_values(im, ic, callback, user_data, XCB_XIM_XNFilterEvents, NULL);
}
