import CXCB
import Glibc
import KeyformCore

/// One top-level X window and its ICCCM/EWMH properties. `init` creates the window, `deinit`
/// destroys it.
final class XWindow {
    let id: xcb_window_t
    private let x: XConnection
    /// The CreateWindow request, until `confirmCreated` reads its answer.
    private var creation: xcb_void_cookie_t?

    /// Creates an unmapped window on the root with no background: we paint every pixel, so the
    /// server must not clear to a colour first (that would flash on expose and resize).
    init(connection x: XConnection, at origin: (x: Int16, y: Int16), width: UInt16, height: UInt16, eventMask: xcb_event_mask_t) {
        self.x = x
        id = x.generateID()
        // Values in the order of their mask bits. North-west bit gravity keeps the old pixels on
        // resize, so only the new strip waits for paint.
        let mask = XCB_CW_BACK_PIXMAP.rawValue | XCB_CW_BIT_GRAVITY.rawValue | XCB_CW_EVENT_MASK.rawValue
        let values: [UInt32] = [XCB_BACK_PIXMAP_NONE.rawValue, XCB_GRAVITY_NORTH_WEST.rawValue, eventMask.rawValue]
        creation = xcb_create_window_checked(
            x.connection, UInt8(XCB_COPY_FROM_PARENT), id, x.screen.root, origin.x, origin.y, max(width, 1), max(height, 1), 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), x.screen.root_visual, mask, values)
    }

    /// Throws if the server refused to create the window. Asked once the first paint has gone
    /// out: waiting for the answer at creation put a round trip on the way to that paint, and
    /// requests for a window that is not there only come back as errors nobody reads.
    func confirmCreated() throws {
        guard let creation else { return }
        self.creation = nil
        try x.check(creation, "CreateWindow")
    }

    deinit { xcb_destroy_window(x.connection, id) }

    func map() { xcb_map_window(x.connection, id) }

    func unmap() { xcb_unmap_window(x.connection, id) }

    /// Asks for a new size in pixels (a window manager may give another: ConfigureNotify says).
    func resize(width: UInt16, height: UInt16) {
        let mask = UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue)
        xcb_configure_window(x.connection, id, mask, [UInt32(max(width, 1)), UInt32(max(height, 1))])
    }

    /// The size limits window managers read (WM_NORMAL_HINTS), in pixels; `position` when the
    /// window asked for a place of its own.
    func setSizeHints(minimumSize: Size, position: (x: Int16, y: Int16)? = nil) {
        set(XCB_ATOM_WM_NORMAL_HINTS.rawValue, type: XCB_ATOM_WM_SIZE_HINTS.rawValue,
            words: Self.sizeHints(minimumSize: minimumSize, position: position))
    }

    /// Sets what window managers and pagers read: title, class, process, size limits, focus model,
    /// the protocols (close, ping), and a dialog's manners (sizes in pixels) (type, parent, modality, icon, place).
    func setProperties(title: String, minimumSize: Size, manners: WindowManners, origin: (x: Int16, y: Int16)) {
        let atoms = x.atoms
        set(atoms.netWmName, type: atoms.utf8String, bytes: Array(title.utf8))
        // WM_NAME of type STRING must be Latin-1; a title beyond Latin-1 goes as UTF8_STRING,
        // which current window managers read too.
        if let latin1 = SelectionOwner.latin1(title) {
            set(XCB_ATOM_WM_NAME.rawValue, type: XCB_ATOM_STRING.rawValue, bytes: latin1)
        } else {
            set(XCB_ATOM_WM_NAME.rawValue, type: atoms.utf8String, bytes: Array(title.utf8))
        }
        set(XCB_ATOM_WM_CLASS.rawValue, type: XCB_ATOM_STRING.rawValue, bytes: Array("keyform\0Keyform\0".utf8))
        // EWMH: a _NET_WM_PID means something only with the WM_CLIENT_MACHINE it runs on.
        set(atoms.netWmPid, type: XCB_ATOM_CARDINAL.rawValue, words: [UInt32(getpid())])
        set(XCB_ATOM_WM_CLIENT_MACHINE.rawValue, type: XCB_ATOM_STRING.rawValue, bytes: Self.hostName)
        set(atoms.wmProtocols, type: XCB_ATOM_ATOM.rawValue, words: [atoms.wmDeleteWindow, atoms.netWmPing])
        setSizeHints(minimumSize: minimumSize, position: manners.centered ? origin : nil)
        // A dialog: window managers give it a dialog's frame and keep it above its parent.
        set(atoms.netWmWindowType, type: XCB_ATOM_ATOM.rawValue, words: [atoms.netWmWindowTypeDialog])
        if let parent = manners.parent { set(XCB_ATOM_WM_TRANSIENT_FOR.rawValue, type: XCB_ATOM_WINDOW.rawValue, words: [parent]) }
        // Set before mapping, the initial state; EWMH asks modal dialogs to have a parent.
        if manners.modal { set(atoms.netWmState, type: XCB_ATOM_ATOM.rawValue, words: [atoms.netWmStateModal]) }
        if !manners.icon.isEmpty { set(atoms.netWmIcon, type: XCB_ATOM_CARDINAL.rawValue, words: manners.icon) }
        // Input hint true: the window manager gives us keyboard focus (ICCCM "passive" model).
        let inputHint: UInt32 = 1 << 0, stateHint: UInt32 = 1 << 1, normalState: UInt32 = 1
        set(XCB_ATOM_WM_HINTS.rawValue, type: XCB_ATOM_WM_HINTS.rawValue,
            words: [inputHint | stateHint, 1, normalState, 0, 0, 0, 0, 0, 0])
    }

    private static var hostName: [UInt8] {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return [] }
        return name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }

    /// ICCCM WM_SIZE_HINTS: flags, x, y, width, height, min width/height, max width/height,
    /// increments, aspects, base size, gravity; the minimum size (flag PMinSize) and, when the
    /// window asks for a place of its own, its position (USPosition: the user asked for it, so a
    /// window manager honours it rather than placing the window by its own rules).
    private static func sizeHints(minimumSize: Size, position: (x: Int16, y: Int16)?) -> [UInt32] {
        let pMinSize: UInt32 = 1 << 4, usPosition: UInt32 = 1 << 0
        var hints = [UInt32](repeating: 0, count: 18)
        hints[0] = pMinSize
        if let position {
            hints[0] |= usPosition
            hints[1] = UInt32(bitPattern: Int32(position.x))
            hints[2] = UInt32(bitPattern: Int32(position.y))
        }
        hints[5] = UInt32(max(1, minimumSize.width.rounded(.up)))
        hints[6] = UInt32(max(1, minimumSize.height.rounded(.up)))
        return hints
    }

    private func set(_ property: xcb_atom_t, type: xcb_atom_t, bytes: [UInt8]) {
        xcb_change_property(x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), id, property, type, 8,
                            UInt32(bytes.count), bytes)
    }

    private func set(_ property: xcb_atom_t, type: xcb_atom_t, words: [UInt32]) {
        xcb_change_property(x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), id, property, type, 32,
                            UInt32(words.count), words)
    }
}
