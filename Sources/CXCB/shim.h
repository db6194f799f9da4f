#include <xcb/xcb.h>
#include <xcb/xkb.h>
#include <xcb/xinput.h>
#include <xcb/xproto.h>
#include <xcb/render.h>
#include <xcb/shm.h>

/* xcb's record of XInput (queried once per connection): Swift cannot name `xcb_input_id`, whose
   type is incomplete. */
static inline const xcb_query_extension_reply_t *keyform_xinput_extension(xcb_connection_t *c) {
    return xcb_get_extension_data(c, &xcb_input_id);
}

/* Asks for every extension a window uses at once, without waiting: the first request of each
   would otherwise wait on its own QueryExtension reply (XKB, XInput, and Cairo's RENDER, MIT-SHM
   and BIG-REQUESTS). */
static inline void keyform_prefetch_extensions(xcb_connection_t *c) {
    xcb_prefetch_extension_data(c, &xcb_xkb_id);
    xcb_prefetch_extension_data(c, &xcb_input_id);
    xcb_prefetch_extension_data(c, &xcb_render_id);
    xcb_prefetch_extension_data(c, &xcb_shm_id);
    xcb_prefetch_maximum_request_length(c);
}
