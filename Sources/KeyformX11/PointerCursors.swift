import CXCB
import CXCBOnDemand
import KeyformCore

/// The pointer's look over the window: the cursor theme's I-beam over text, its arrow elsewhere,
/// loaded through xcb-cursor (which falls back to the core cursor font without a theme). Owns
/// the xcb-cursor context and the cursors, made when the pointer first moves over the window
/// (xcb-cursor itself is loaded then, `keyform_cursor_load`): the context's round trips and the
/// theme's files cost start-up a millisecond, for a window that may be filled in without a
/// pointer. `deinit` frees them.
final class PointerCursors {
    private enum State {
        case notLoaded
        /// xcb-cursor could not start: the window keeps the default cursor.
        case unavailable
        /// The `xcb_cursor_context_t *`, the library that made it, and the cursors.
        case loaded(context: OpaquePointer, library: keyform_cursor_library, cursors: [CursorShape: xcb_cursor_t])
    }

    private let x: XConnection
    private let window: xcb_window_t
    private var state = State.notLoaded
    /// The shape the window shows; nil until the first `show` (the window inherits the root's).
    private var shown: CursorShape?

    init(connection x: XConnection, window: xcb_window_t) {
        self.x = x
        self.window = window
    }

    deinit {
        guard case let .loaded(context, library, cursors) = state else { return }
        for cursor in cursors.values { xcb_free_cursor(x.connection, cursor) }
        library.xcb_cursor_context_free(context)
    }

    /// Shows `shape`; sends a request only when the shape changes.
    func show(_ shape: CursorShape) {
        guard shape != shown else { return }
        if case .notLoaded = state { state = Self.load(connection: x) }
        guard case let .loaded(_, _, cursors) = state, let cursor = cursors[shape] else { return }
        shown = shape
        xcb_change_window_attributes(x.connection, window, XCB_CW_CURSOR.rawValue, [cursor])
    }

    private static func load(connection x: XConnection) -> State {
        guard let library = keyform_cursor_load()?.pointee else { return .unavailable }
        var screen = x.screen  // read during the call only
        var context: OpaquePointer?
        guard library.xcb_cursor_context_new(x.connection, &screen, &context) >= 0, let context else { return .unavailable }
        // The classic names: every theme has them, and so does the core cursor font.
        let names: [CursorShape: String] = [.arrow: "left_ptr", .text: "xterm"]
        let cursors = names.compactMapValues { name in
            let cursor = library.xcb_cursor_load_cursor(context, name)
            return cursor == XCB_CURSOR_NONE.rawValue ? nil : cursor
        }
        return .loaded(context: context, library: library, cursors: cursors)
    }
}
