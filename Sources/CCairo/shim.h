#include <cairo/cairo.h>
#include <cairo/cairo-xcb.h>
