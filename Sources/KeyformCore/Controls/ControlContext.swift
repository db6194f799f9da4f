/// What a control sees of the form it is in, for one call: which field it is, where it is, and
/// the session's services (repainting, value changes, focus, the open popup, platform requests).
struct ControlContext {
    /// Unchecked: a context is made by its session for one call into a control (`FormSession.context`)
    /// and never kept, so the session outlives it. A checked `unowned` reference took and dropped a
    /// strong reference, two atomic operations, on each of the ~190 reads a typed letter makes.
    unowned(unsafe) let session: FormSession
    let node: Int
    /// While a display list is made: the part of the window it is for, in window coordinates.
    /// What lies wholly outside it need not be listed (nil: list everything).
    var paintRect: Rect?

    /// Through the nodes themselves: `tree[node]` would copy the whole node first, a field's
    /// twenty references and the rest, on every key typed. (Not lent through a `_read`
    /// accessor: the 6.3.1 compiler's debug build freed a lent node before its reader was done,
    /// which valgrind showed and `keyform check` crashed on in 27 of 60 runs.)
    var field: Field { session.tree.nodes[node].field }
    var direction: Direction { session.form.direction }
    var measurer: any TextMeasuring { session.measurer }
    var palette: Palette { session.palette }
    /// The part a person clicks and types in, in content coordinates.
    var frame: Rect { session.layout.controls[node] }
    /// The same in window coordinates, where everything is drawn.
    var windowFrame: Rect { session.windowRect(frame) }
    var isFocused: Bool { session.focus.focused == node }
    /// The focus ring shows: focused after keyboard navigation.
    var showsFocusRing: Bool { isFocused && session.focusVisible }
    /// It can take focus now: shown and enabled (through every ancestor).
    var isEnabled: Bool { session.snapshot.nodes[node].canFocus }

    /// Repaint all of the field, with room for its focus ring.
    func invalidate() { session.invalidate(node: node) }
    /// Repaint only the inside of its control.
    func invalidateControl() { session.invalidate(control: node) }
    /// After its value changed: undo, `showWhen`, growth, its message and the draft follow.
    func valueChanged() { session.valueChanged(node) }
}
