#include <xcb/xcb.h>
#include <xcb/xkb.h>
#include <xcb/xinput.h>
#include <xcb/xcb_cursor.h>
#include <xcb/xproto.h>
