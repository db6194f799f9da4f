#include <xcb/randr.h>
