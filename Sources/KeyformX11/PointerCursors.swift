import CXCB
import KeyformCore

/// The pointer's look over the window: the cursor theme's I-beam over text, its arrow elsewhere,
/// loaded through xcb-cursor (which falls back to the core cursor font without a theme). Owns
/// the xcb-cursor context and the cursors, made when the pointer first moves over the window:
/// the context's round trips and the theme's files cost start-up a millisecond, for a window
/// that may be filled in without a pointer. `deinit` frees them.
final class PointerCursors {
    private let x: XConnection
    private let window: xcb_window_t
    /// The `xcb_cursor_context_t *` and the cursors; nil before the first `show`, and after it
    /// when xcb-cursor cannot start (the window then keeps the default cursor).
    private var loaded: (context: OpaquePointer, cursors: [CursorShape: xcb_cursor_t])?
    private var triedLoading = false
    /// The shape the window shows; nil until the first `show` (the window inherits the root's).
    private var shown: CursorShape?

    init(connection x: XConnection, window: xcb_window_t) {
        self.x = x
        self.window = window
    }

    deinit {
        guard let loaded else { return }
        for cursor in loaded.cursors.values { xcb_free_cursor(x.connection, cursor) }
        xcb_cursor_context_free(loaded.context)
    }

    /// Shows `shape`; sends a request only when the shape changes.
    func show(_ shape: CursorShape) {
        guard shape != shown else { return }
        if !triedLoading {
            triedLoading = true
            loaded = Self.load(connection: x)
        }
        guard let cursor = loaded?.cursors[shape] else { return }
        shown = shape
        xcb_change_window_attributes(x.connection, window, XCB_CW_CURSOR.rawValue, [cursor])
    }

    private static func load(connection x: XConnection) -> (context: OpaquePointer, cursors: [CursorShape: xcb_cursor_t])? {
        var screen = x.screen  // read during the call only
        var context: OpaquePointer?
        guard xcb_cursor_context_new(x.connection, &screen, &context) >= 0, let context else { return nil }
        // The classic names: every theme has them, and so does the core cursor font.
        let names: [CursorShape: String] = [.arrow: "left_ptr", .text: "xterm"]
        let cursors = names.compactMapValues { name in
            let cursor = xcb_cursor_load_cursor(context, name)
            return cursor == XCB_CURSOR_NONE.rawValue ? nil : cursor
        }
        return (context, cursors)
    }
}
