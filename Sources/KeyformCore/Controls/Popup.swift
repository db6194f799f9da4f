/// What a control opens above the form: a picker's list, a token field's suggestions, a date's
/// calendar. The session keeps at most one (`FormSession.popup`): it draws it above the fields,
/// offers it keys before anything else but the shortcuts overlay, sends it presses inside it,
/// and closes it on a press outside it (which goes no further) or when focus moves. Each call
/// comes with the context of the field that opened it, its only way to the form.
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
}

extension ControlContext {
    /// The top of a popup `height` tall opened from its control (window coordinates): below it,
    /// or above it when there is no room below; always inside the window.
    func popupTop(height: Double) -> Double {
        let control = windowFrame, window = viewport.height
        var y = control.maxY + 2
        if y + height > window { y = control.minY - 2 - height }
        return min(max(0, y), max(0, window - height))
    }
}
