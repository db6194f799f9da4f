#include <xcb/xcb.h>
#include <xcb/xkb.h>
#include <xcb/xproto.h>
#include <xcb/render.h>
#include <xcb/shm.h>

/* Asks for every extension a window uses at once, without waiting: the first request of each
   would otherwise wait on its own QueryExtension reply (XKB, and Cairo's RENDER, MIT-SHM
   and BIG-REQUESTS). */
static inline void keyform_prefetch_extensions(xcb_connection_t *c) {
    xcb_prefetch_extension_data(c, &xcb_xkb_id);
    xcb_prefetch_extension_data(c, &xcb_render_id);
    xcb_prefetch_extension_data(c, &xcb_shm_id);
    xcb_prefetch_maximum_request_length(c);
}
