#include <xcb/xtest.h>
#include <xcb/damage.h>
