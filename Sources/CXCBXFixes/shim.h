#include <xcb/xfixes.h>
