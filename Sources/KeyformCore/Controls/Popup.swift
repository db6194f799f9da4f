/// What a control opens above the form: a picker's list, a token field's suggestions, a date's
/// calendar. The session keeps at most one (`FormSession.popup`): it draws it above the fields
/// (or the host shows it in a window of its own, `FormSession.popupScreen`), offers it keys
/// before anything else but the shortcuts overlay, sends it presses inside it, and closes it on
/// a press outside it (which goes no further), when focus moves or when the window loses focus.
/// Each call comes with the context of the field that opened it, its only way to the form.
protocol Popup: AnyObject {
    /// The field that opened it.
    var node: Int { get }
    /// Before it is shown and after each change, e.g. a list scrolls to its highlighted item.
    func prepare(in context: ControlContext)
    /// Where it is, in window coordinates.
    func frame(in context: ControlContext) -> Rect
    func paint(into list: inout DisplayList, in context: ControlContext)
    /// A key while it is open; false lets the key go on to the focused field and the chain.
    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool
    /// A press inside its frame.
    func press(at point: Point, in context: ControlContext)
    /// What replay reports as the `overlay`.
    var json: JSONValue { get }
    /// What kind of window a host gives it (`SessionUpdate.popup`).
    var kind: PopupKind { get }
}

/// What a popup is, for a host that shows it in a window of its own and names the window's
/// type as GTK does (`_NET_WM_WINDOW_TYPE_COMBO` for a list, `_DROPDOWN_MENU` for a calendar).
public enum PopupKind: Equatable, Sendable {
    case list, calendar
}

extension ControlContext {
    /// Where a popup of `size` opened from its control goes (window coordinates), its side
    /// edge at `x`: below the control, or above it when there is no room below, and moved to
    /// lie inside `popupBounds` (the window, or the monitor when popups have windows of their own).
    func popupFrame(size: Size, x: Double) -> Rect {
        let control = windowFrame, bounds = popupBounds
        var y = control.maxY + 2
        if y + size.height > bounds.maxY { y = control.minY - 2 - size.height }
        return Rect(x: min(max(bounds.minX, x), max(bounds.minX, bounds.maxX - size.width)),
                    y: min(max(bounds.minY, y), max(bounds.minY, bounds.maxY - size.height)),
                    width: size.width, height: size.height)
    }
}
