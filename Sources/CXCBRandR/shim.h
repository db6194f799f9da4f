#include <xcb/randr.h>

/* xcb's record of RandR (queried once per connection): Swift cannot name `xcb_randr_id`, whose
   type is incomplete. */
static inline const xcb_query_extension_reply_t *keyform_randr_extension(xcb_connection_t *c) {
    return xcb_get_extension_data(c, &xcb_randr_id);
}

/* Asks for RandR without waiting (see keyform_prefetch_extensions). */
static inline void keyform_prefetch_randr(xcb_connection_t *c) {
    xcb_prefetch_extension_data(c, &xcb_randr_id);
}
