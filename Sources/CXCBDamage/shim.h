#include <xcb/damage.h>
