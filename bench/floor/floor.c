// The keyboard floor: the least a keyboard form window on this stack can be. It loads the
// server's keymap through xkbcommon-x11, draws five labelled boxes with Pango and Cairo, and on
// each key appends the typed character to the first box (BackSpace removes the last one) and
// repaints that box; nothing more. `make bench` measures Keyform against it (ratios to the floor).
//   floor-c [LINES]   LINES > 0: the first box is a text area holding LINES lines, typed at the end
#include <cairo/cairo-xcb.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xcb/xcb.h>
#include <xkbcommon/xkbcommon-x11.h>

enum { WIDTH = 520, HEIGHT = 380, FIELDS = 5, CAPACITY = 1 << 20 };

static char text[CAPACITY];
static size_t length;
static int first_box_height = 28, shown_lines = 1;

// With KEYFORM_TIMELINE set, start-up's steps on CLOCK_MONOTONIC, as Keyform writes them.
static void mark(const char *step) {
    static int on = -1;
    if (on < 0) on = getenv("KEYFORM_TIMELINE") != NULL;
    if (!on) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    fprintf(stderr, "floor timeline: %s %.3f\n", step, now.tv_sec * 1e3 + now.tv_nsec / 1e6);
}

static xcb_visualtype_t *root_visual(xcb_screen_t *screen) {
    for (xcb_depth_iterator_t depth = xcb_screen_allowed_depths_iterator(screen); depth.rem; xcb_depth_next(&depth))
        for (xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(depth.data); v.rem; xcb_visualtype_next(&v))
            if (v.data->visual_id == screen->root_visual) return v.data;
    return NULL;
}

// The top of box i: a label's line above each box.
static double box_top(int i) { return 40 + i * 60 + (i > 0 ? first_box_height - 28 : 0); }

// Where the last `shown_lines` lines of the text start: a text area shows only its end, so only
// that is laid out (its lines are shorter than the box is wide, or the one typed into wraps).
static size_t shown_start(void) {
    size_t start = length;
    for (int newlines = 0; start > 0; start--)
        if (text[start - 1] == '\n' && ++newlines == shown_lines) break;
    return start;
}

// The first box and the text in it; a text area shows the end of its text.
static void paint_field(cairo_t *cr, PangoLayout *layout) {
    double top = box_top(0);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, 21, top + 1, 479, first_box_height - 1);
    cairo_fill(cr);
    cairo_save(cr);
    cairo_rectangle(cr, 21, top + 1, 479, first_box_height - 1);
    cairo_clip(cr);
    size_t start = shown_start();
    pango_layout_set_text(layout, text + start, (int)(length - start));
    int height;
    pango_layout_get_pixel_size(layout, NULL, &height);
    double y = height > first_box_height - 8 ? top + first_box_height - 4 - height : top + 4;
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, 26, y);
    pango_cairo_show_layout(cr, layout);
    cairo_restore(cr);
}

static void paint_all(cairo_t *cr, PangoLayout *layout) {
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    for (int i = 0; i < FIELDS; i++) {
        char label[16];
        snprintf(label, sizeof label, "Field %d", i + 1);
        pango_layout_set_text(layout, label, -1);
        cairo_move_to(cr, 20, box_top(i) - 20);
        pango_cairo_show_layout(cr, layout);
        cairo_rectangle(cr, 20.5, box_top(i) + 0.5, 480, i == 0 ? first_box_height : 28);
        cairo_stroke(cr);
    }
    paint_field(cr, layout);
}

int main(int argc, char **argv) {
    mark("main");
    int lines = argc > 1 ? atoi(argv[1]) : 0;
    for (int i = 0; i < lines && length < CAPACITY - 100; i++)
        length += (size_t)snprintf(text + length, 100, "%sLine %d of the notes, with a few words on it", i ? "\n" : "", i + 1);
    if (lines > 0) first_box_height = 4 * 17 + 8, shown_lines = 4;

    xcb_connection_t *connection = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(connection)) return 3;
    mark("connected");
    if (!xkb_x11_setup_xkb_extension(connection, 1, 0, XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, NULL, NULL, NULL, NULL)) return 3;
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
    int32_t device = xkb_x11_get_core_keyboard_device_id(connection);
    struct xkb_keymap *keymap = xkb_x11_keymap_new_from_device(context, connection, device, XKB_KEYMAP_COMPILE_NO_FLAGS);
    struct xkb_state *state = xkb_x11_state_new_from_device(keymap, connection, device);
    mark("keymap loaded");

    xcb_screen_t *screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data;
    xcb_window_t window = xcb_generate_id(connection);
    uint32_t values[] = {screen->white_pixel, XCB_EVENT_MASK_EXPOSURE | XCB_EVENT_MASK_KEY_PRESS | XCB_EVENT_MASK_KEY_RELEASE};
    xcb_create_window(connection, XCB_COPY_FROM_PARENT, window, screen->root, 0, 0, WIDTH, HEIGHT, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK, values);
    xcb_map_window(connection, window);
    cairo_surface_t *surface = cairo_xcb_surface_create(connection, window, root_visual(screen), WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(surface);
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *font = pango_font_description_from_string("DejaVu Sans 10");
    pango_layout_set_font_description(layout, font);
    if (lines > 0) {  // a text area wraps at its width; a one-line field is clipped
        pango_layout_set_width(layout, 470 * PANGO_SCALE);
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    }
    xcb_flush(connection);
    mark("window created");

    xcb_generic_event_t *event;
    while ((event = xcb_wait_for_event(connection))) {
        uint8_t type = event->response_type & 0x7f;
        if (type == XCB_EXPOSE && ((xcb_expose_event_t *)event)->count == 0) {
            paint_all(cr, layout);
            cairo_surface_flush(surface);
            xcb_flush(connection);
            mark("first paint sent");
        } else if (type == XCB_KEY_PRESS || type == XCB_KEY_RELEASE) {
            xcb_keycode_t key = ((xcb_key_press_event_t *)event)->detail;
            if (type == XCB_KEY_PRESS) {
                if (xkb_state_key_get_one_sym(state, key) == XKB_KEY_BackSpace) {
                    while (length > 0 && (text[--length] & 0xc0) == 0x80) {}
                } else if (length < CAPACITY - 8) {
                    length += (size_t)xkb_state_key_get_utf8(state, key, text + length, 8);
                }
                paint_field(cr, layout);
            }
            xkb_state_update_key(state, key, type == XCB_KEY_PRESS ? XKB_KEY_DOWN : XKB_KEY_UP);
        }
        free(event);
        cairo_surface_flush(surface);
        xcb_flush(connection);
    }
    return 0;
}
