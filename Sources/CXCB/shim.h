#include <xcb/xcb.h>
#include <xcb/xkb.h>
#include <xcb/xinput.h>
#include <xcb/xcb_cursor.h>
#include <xcb/xproto.h>

/* xcb's record of XInput (queried once per connection): Swift cannot name `xcb_input_id`, whose
   type is incomplete. */
static inline const xcb_query_extension_reply_t *keyform_xinput_extension(xcb_connection_t *c) {
    return xcb_get_extension_data(c, &xcb_input_id);
}
