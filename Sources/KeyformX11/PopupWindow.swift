// Not CCairo: xcb's constants, which cairo-xcb.h declares too, would then be found in CCairo in
// the optimised build, and files importing only CXCB could no longer name them.
import CXCB
import KeyformCairo
import KeyformCore

/// A popup (a picker's list, suggestions, a calendar) in an override-redirect window of its own,
/// as GTK opens them, so the form's window never cuts it off: placed where the session's frame
/// says, on the monitor (`FormSession.popupScreen`), and painted whole from
/// `FormSession.popupDisplayList(in:)` each time the session says it changed. It never takes
/// the keyboard focus: keys still go to the form's window. `deinit` destroys the window.
final class PopupWindow {
    let id: xcb_window_t
    private let x: XConnection
    private let gc: xcb_gcontext_t
    private let device: CairoXCBDevice
    private let renderer: CairoRenderer
    /// The window's types, as GTK names them: a list is a combo's, a calendar a drop-down menu's.
    private let types: (list: xcb_atom_t, calendar: xcb_atom_t, property: xcb_atom_t)?
    private var buffer: BackBuffer?
    /// The kind its window type was set for.
    private var kind: PopupKind?
    /// Where it is relative to the form's window, in device pixels (its size is the buffer's):
    /// what a pointer event in it is moved by to be one in the form's.
    private(set) var offset: (x: Int32, y: Int32) = (0, 0)
    private var isMapped = false

    static let eventMask = XCB_EVENT_MASK_EXPOSURE.rawValue | XCB_EVENT_MASK_BUTTON_PRESS.rawValue
        | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue | XCB_EVENT_MASK_POINTER_MOTION.rawValue

    /// An unmapped window, transient for `form`, in the form's visual and depth.
    init(connection x: XConnection, form: xcb_window_t, layouts: TextLayouts, device: CairoXCBDevice) {
        self.x = x
        self.device = device
        renderer = CairoRenderer(layouts: layouts)
        id = x.generateID()
        // Values in the order of their mask bits: no background (every pixel is painted), not
        // managed by the window manager, its events.
        let mask = XCB_CW_BACK_PIXMAP.rawValue | XCB_CW_OVERRIDE_REDIRECT.rawValue | XCB_CW_EVENT_MASK.rawValue
        xcb_create_window(x.connection, UInt8(XCB_COPY_FROM_PARENT), id, x.screen.root, 0, 0, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), x.screen.root_visual, mask,
                          [XCB_BACK_PIXMAP_NONE.rawValue, 1, Self.eventMask])
        gc = x.generateID()
        xcb_create_gc(x.connection, gc, id, XCB_GC_GRAPHICS_EXPOSURES.rawValue, [UInt32(0)])
        x.setProperty(XCB_ATOM_WM_TRANSIENT_FOR.rawValue, of: id, type: XCB_ATOM_WINDOW.rawValue, words: [form])
        let atoms = try? x.internAtoms(["_NET_WM_WINDOW_TYPE_COMBO", "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU"])
        types = atoms.map { ($0[0], $0[1], x.atoms.netWmWindowType) }
    }

    deinit {
        buffer = nil
        xcb_free_gc(x.connection, gc)
        xcb_destroy_window(x.connection, id)
    }

    /// Where it covers the form's window, in the form's device pixels, while it is mapped.
    private var place: Rect? {
        guard isMapped, let buffer else { return nil }
        return Rect(x: Double(offset.x), y: Double(offset.y), width: Double(buffer.width), height: Double(buffer.height))
    }

    /// Shows `frame` (the form's logical window coordinates) of the popup at its place on the
    /// screen, the form's window being at `origin` (device pixels, root coordinates), and
    /// paints it. Returns where it was (`uncovered`). Does not flush: the event loop does.
    func show(frame: Rect, kind: PopupKind, origin: Point, scale: DisplayScale, session: FormSession) -> Uncovered? {
        let left = place
        let device = scale.deviceRect(covering: frame)
        let width = UInt16(clamping: Int(device.width)), height = UInt16(clamping: Int(device.height))
        offset = (Int32(device.x), Int32(device.y))
        let values = [UInt32(bitPattern: Int32(origin.x) + offset.x), UInt32(bitPattern: Int32(origin.y) + offset.y),
                     UInt32(max(width, 1)), UInt32(max(height, 1)), UInt32(XCB_STACK_MODE_ABOVE.rawValue)]
        let mask = XCB_CONFIG_WINDOW_X.rawValue | XCB_CONFIG_WINDOW_Y.rawValue | XCB_CONFIG_WINDOW_WIDTH.rawValue
            | XCB_CONFIG_WINDOW_HEIGHT.rawValue | XCB_CONFIG_WINDOW_STACK_MODE.rawValue
        let moved = xcb_configure_window(x.connection, id, UInt16(mask), values)
        if let types, kind != self.kind {
            self.kind = kind
            x.setProperty(types.property, of: id, type: XCB_ATOM_ATOM.rawValue, words: [kind == .list ? types.list : types.calendar])
        }
        if buffer?.width != width || buffer?.height != height {
            buffer = BackBuffer(connection: x, window: id, width: width, height: height, scale: scale, device: self.device)
        }
        let drawn = scale.logical(device)
        buffer?.draw { context in
            // The popup's part of the form's coordinates, at the buffer's corner.
            context.translate(by: Point(x: -drawn.x, y: -drawn.y))
            renderer.render(session.popupDisplayList(in: drawn), in: context, clip: drawn)
        }
        if !isMapped {
            xcb_map_window(x.connection, id)
            isMapped = true
        }
        copy()
        return left.map { ($0, moved.sequence) }
    }

    /// Unmaps it; returns where it was (`uncovered`).
    func hide() -> Uncovered? {
        guard let left = place else { return nil }
        let unmapped = xcb_unmap_window(x.connection, id)
        isMapped = false
        return (left, unmapped.sequence)
    }

    /// Where the popup was over the form's window (its device pixels) before the request with
    /// `sequence` moved it away: the form paints it again at once, as it would for the expose
    /// that comes later, so nothing of the popup lingers there once the pass is painted.
    typealias Uncovered = (rect: Rect, sequence: UInt32)

    /// Puts the painted buffer on the window: after a paint, and when the server exposes it.
    func copy() {
        guard isMapped, let buffer else { return }
        xcb_copy_area(x.connection, buffer.pixmap, id, gc, 0, 0, 0, 0, buffer.width, buffer.height)
    }
}
