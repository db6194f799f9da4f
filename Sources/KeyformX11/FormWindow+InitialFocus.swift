import CXCB
import Glibc

extension FormWindow {
    /// Whether another window has the keyboard focus as this one opens: the window manager kept
    /// it there (focus-stealing prevention) or gives it to this one only later. Then the window
    /// starts in the inactive colours until its first FocusIn, as GTK's does. With no window
    /// manager the focus is PointerRoot or None and keys go where the pointer is: it starts active.
    static func focusIsElsewhere(_ connection: XConnection) -> Bool {
        guard let reply = xcb_get_input_focus_reply(connection.connection, xcb_get_input_focus(connection.connection), nil) else {
            return false
        }
        defer { free(reply) }
        return reply.pointee.focus != XCB_NONE && reply.pointee.focus != XCB_INPUT_FOCUS_POINTER_ROOT.rawValue
    }
}
