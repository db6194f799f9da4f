/// What a control opens above the form: a picker's list, a token field's suggestions, a date's
/// calendar. The session keeps at most one (`FormSession.popup`): it draws it above the fields,
/// offers it keys before anything else but the shortcuts overlay, sends it presses inside it,
/// and closes it on a press outside it (which goes no further) or when focus moves.
protocol Popup: AnyObject {
    /// The field that opened it.
    var node: Int { get }
    /// Before it is shown and after each change, e.g. a list scrolls to its highlighted item.
    func prepare(in session: FormSession)
    /// Where it is, in window coordinates.
    func frame(in session: FormSession) -> Rect
    func paint(into list: inout DisplayList, in session: FormSession)
    /// A key while it is open; false lets the key go on to the focused field and the chain.
    func handleKey(_ press: KeyPress, in session: FormSession) -> Bool
    /// A press inside its frame.
    func press(at point: Point, in session: FormSession)
    /// What replay reports as the `overlay`.
    var json: JSONValue { get }
}
