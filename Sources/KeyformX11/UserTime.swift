import CXCB

/// EWMH `_NET_WM_USER_TIME`: the server time of the person's last key or button press in the
/// window, which window managers read to prevent focus stealing (a window opened after the
/// person typed elsewhere does not take focus). Kept, as GTK keeps it, on a small unmapped window
/// of its own that the top level names in `_NET_WM_USER_TIME_WINDOW`: a change there does not
/// wake the window manager's watch of the top level at every key.
final class UserTime {
    let window: xcb_window_t
    private let x: XConnection
    private let property: xcb_atom_t
    private var last: xcb_timestamp_t = 0

    static let atomNames = ["_NET_WM_USER_TIME", "_NET_WM_USER_TIME_WINDOW"]

    init(connection x: XConnection, toplevel: xcb_window_t) throws {
        self.x = x
        let atoms = try x.internAtoms(Self.atomNames)
        property = atoms[0]
        window = x.generateID()
        xcb_create_window(x.connection, 0, window, toplevel, -1, -1, 1, 1, 0, UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue),
                          UInt32(XCB_COPY_FROM_PARENT), 0, nil)
        x.setProperty(atoms[1], of: toplevel, type: XCB_ATOM_WINDOW.rawValue, words: [window])
    }

    deinit { xcb_destroy_window(x.connection, window) }

    /// After a key or button press: its time, unless it is the time already set (the release
    /// after, or a key the input method gave back).
    func note(_ time: xcb_timestamp_t) {
        guard time != 0, time != last else { return }
        last = time
        x.setProperty(property, of: window, type: XCB_ATOM_CARDINAL.rawValue, words: [time])
    }
}
