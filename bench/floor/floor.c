// The least a form window on this stack can be: an xcb window with five labels and boxes drawn
// by Pango and Cairo, and nothing else. `make bench-floor` compares its peak memory with Tk's
// and with the same program in Swift (floor.swift).
#include <cairo/cairo-xcb.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <unistd.h>
#include <xcb/xcb.h>

static xcb_visualtype_t *root_visual(xcb_screen_t *screen) {
    for (xcb_depth_iterator_t depth = xcb_screen_allowed_depths_iterator(screen); depth.rem; xcb_depth_next(&depth))
        for (xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(depth.data); v.rem; xcb_visualtype_next(&v))
            if (v.data->visual_id == screen->root_visual) return v.data;
    return NULL;
}

int main(void) {
    xcb_connection_t *connection = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(connection)) return 3;
    xcb_screen_t *screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data;
    xcb_window_t window = xcb_generate_id(connection);
    uint32_t values[] = {screen->white_pixel};
    xcb_create_window(connection, XCB_COPY_FROM_PARENT, window, screen->root, 0, 0, 520, 380, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, XCB_CW_BACK_PIXEL, values);
    xcb_map_window(connection, window);
    cairo_surface_t *surface = cairo_xcb_surface_create(connection, window, root_visual(screen), 520, 380);
    cairo_t *cr = cairo_create(surface);
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoFontDescription *font = pango_font_description_from_string("DejaVu Sans 10");
    pango_layout_set_font_description(layout, font);
    cairo_set_source_rgb(cr, 0, 0, 0);
    for (int i = 0; i < 5; i++) {
        char label[16];
        snprintf(label, sizeof label, "Field %d", i + 1);
        pango_layout_set_text(layout, label, -1);
        cairo_move_to(cr, 20, 20 + i * 60);
        pango_cairo_show_layout(cr, layout);
        cairo_rectangle(cr, 20.5, 40.5 + i * 60, 480, 28);
        cairo_stroke(cr);
    }
    cairo_surface_flush(surface);
    xcb_flush(connection);
    pause();  // until the benchmark kills it
    return 0;
}
