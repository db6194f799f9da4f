// floor.c in Swift, built as `make bench` builds Keyform: what the language and its runtime add.
import CFloor
import Glibc

guard let connection = xcb_connect(nil, nil), xcb_connection_has_error(connection) == 0 else { exit(3) }
let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data!
let window = xcb_generate_id(connection)
var values: [UInt32] = [screen.pointee.white_pixel]
xcb_create_window(connection, UInt8(XCB_COPY_FROM_PARENT), window, screen.pointee.root, 0, 0, 520, 380, 0,
                  UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual, XCB_CW_BACK_PIXEL.rawValue, &values)
xcb_map_window(connection, window)

var visual: UnsafeMutablePointer<xcb_visualtype_t>?
var depths = xcb_screen_allowed_depths_iterator(screen)
while depths.rem > 0 && visual == nil {
    var visuals = xcb_depth_visuals_iterator(depths.data)
    while visuals.rem > 0 {
        if visuals.data.pointee.visual_id == screen.pointee.root_visual { visual = visuals.data; break }
        xcb_visualtype_next(&visuals)
    }
    xcb_depth_next(&depths)
}

let surface = cairo_xcb_surface_create(connection, window, visual, 520, 380)
let cr = cairo_create(surface)
let layout = pango_cairo_create_layout(cr)
pango_layout_set_font_description(layout, pango_font_description_from_string("DejaVu Sans 10"))
cairo_set_source_rgb(cr, 0, 0, 0)
for i in 0..<5 {
    pango_layout_set_text(layout, "Field \(i + 1)", -1)
    cairo_move_to(cr, 20, 20 + Double(i) * 60)
    pango_cairo_show_layout(cr, layout)
    cairo_rectangle(cr, 20.5, 40.5 + Double(i) * 60, 480, 28)
    cairo_stroke(cr)
}
cairo_surface_flush(surface)
xcb_flush(connection)
pause()  // until the benchmark kills it
