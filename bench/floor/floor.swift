// floor.c in Swift, built as `make bench` builds Keyform: what the language and its runtime add to
// the keyboard floor (the keymap through xkbcommon-x11, five labelled boxes, typing into the first).
//   floor-swift [LINES]   LINES > 0: the first box is a text area holding LINES lines, typed at the end
import CFloor
import Glibc

let width: UInt16 = 520, height: UInt16 = 380, fields = 5
let lines = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 0 : 0
var text = Array((0..<lines).map { "Line \($0 + 1) of the notes, with a few words on it" }.joined(separator: "\n").utf8)
let firstBoxHeight = lines > 0 ? 4.0 * 17 + 8 : 28, shownLines = lines > 0 ? 4 : 1

guard let connection = xcb_connect(nil, nil), xcb_connection_has_error(connection) == 0 else { exit(3) }
guard xkb_x11_setup_xkb_extension(connection, 1, 0, XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, nil, nil, nil, nil) != 0 else { exit(3) }
let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
let device = xkb_x11_get_core_keyboard_device_id(connection)
let keymap = xkb_x11_keymap_new_from_device(context, connection, device, XKB_KEYMAP_COMPILE_NO_FLAGS)
let state = xkb_x11_state_new_from_device(keymap, connection, device)

let screen = xcb_setup_roots_iterator(xcb_get_setup(connection)).data!
let window = xcb_generate_id(connection)
var values: [UInt32] = [screen.pointee.white_pixel,
                        XCB_EVENT_MASK_EXPOSURE.rawValue | XCB_EVENT_MASK_KEY_PRESS.rawValue | XCB_EVENT_MASK_KEY_RELEASE.rawValue]
xcb_create_window(connection, UInt8(XCB_COPY_FROM_PARENT), window, screen.pointee.root, 0, 0, width, height, 0,
                  UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), screen.pointee.root_visual,
                  XCB_CW_BACK_PIXEL.rawValue | XCB_CW_EVENT_MASK.rawValue, &values)
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

let surface = cairo_xcb_surface_create(connection, window, visual, Int32(width), Int32(height))
let cr = cairo_create(surface)
let layout = pango_cairo_create_layout(cr)
pango_layout_set_font_description(layout, pango_font_description_from_string("DejaVu Sans 10"))
if lines > 0 {  // a text area wraps at its width; a one-line field is clipped
    pango_layout_set_width(layout, 470 * PANGO_SCALE)
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
}
xcb_flush(connection)

/// The top of box `i`: a label's line above each box.
func boxTop(_ i: Int) -> Double { 40 + Double(i) * 60 + (i > 0 ? firstBoxHeight - 28 : 0) }

/// Where the last `shownLines` lines of the text start: a text area shows only its end, so only
/// that is laid out (its lines are shorter than the box is wide, or the one typed into wraps).
func shownStart() -> Int {
    var start = text.count, newlines = 0
    while start > 0 {
        if text[start - 1] == 0x0a { newlines += 1; if newlines == shownLines { break } }
        start -= 1
    }
    return start
}

/// The first box and the text in it; a text area shows the end of its text.
func paintField() {
    let top = boxTop(0)
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_rectangle(cr, 21, top + 1, 479, firstBoxHeight - 1)
    cairo_fill(cr)
    cairo_save(cr)
    cairo_rectangle(cr, 21, top + 1, 479, firstBoxHeight - 1)
    cairo_clip(cr)
    let start = shownStart()
    text[start...].withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
    }
    var textHeight: Int32 = 0
    pango_layout_get_pixel_size(layout, nil, &textHeight)
    let y = Double(textHeight) > firstBoxHeight - 8 ? top + firstBoxHeight - 4 - Double(textHeight) : top + 4
    cairo_set_source_rgb(cr, 0, 0, 0)
    cairo_move_to(cr, 26, y)
    pango_cairo_show_layout(cr, layout)
    cairo_restore(cr)
}

func paintAll() {
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_set_source_rgb(cr, 0, 0, 0)
    for i in 0..<fields {
        pango_layout_set_text(layout, "Field \(i + 1)", -1)
        cairo_move_to(cr, 20, boxTop(i) - 20)
        pango_cairo_show_layout(cr, layout)
        cairo_rectangle(cr, 20.5, boxTop(i) + 0.5, 480, i == 0 ? firstBoxHeight : 28)
        cairo_stroke(cr)
    }
    paintField()
}

while let event = xcb_wait_for_event(connection) {
    let type = Int32(event.pointee.response_type & 0x7f)
    if type == XCB_EXPOSE {
        if UnsafeRawPointer(event).load(as: xcb_expose_event_t.self).count == 0 { paintAll() }
    } else if type == XCB_KEY_PRESS || type == XCB_KEY_RELEASE {
        let key = xkb_keycode_t(UnsafeRawPointer(event).load(as: xcb_key_press_event_t.self).detail)
        if type == XCB_KEY_PRESS {
            if xkb_state_key_get_one_sym(state, key) == XKB_KEY_BackSpace {
                while let last = text.popLast(), last & 0xc0 == 0x80 {}
            } else {
                var utf8 = [CChar](repeating: 0, count: 8)
                let count = Int(xkb_state_key_get_utf8(state, key, &utf8, 8))
                text += utf8.prefix(count).map { UInt8(bitPattern: $0) }
            }
            paintField()
        }
        xkb_state_update_key(state, key, type == XCB_KEY_PRESS ? XKB_KEY_DOWN : XKB_KEY_UP)
    }
    free(event)
    cairo_surface_flush(surface)
    xcb_flush(connection)
}
