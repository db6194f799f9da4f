#include <xcb/xtest.h>
