/// What a control sees of the form it is in, for one call, and the only way it reaches it: which
/// field it is, what it reads of the form (the environment: its field, frames, direction,
/// palette, measurer, focus, editing, composition, today), what it asks of it (the effects:
/// repaint, value changed, focus, popups, pointer grabs, ending the form, the clipboard) and how
/// it paints its label and message (ControlContext+Painting). The session makes one per call
/// (`FormSession.context`); a test makes one on a host of its own.
struct ControlContext {
    let node: Int
    /// While a display list is made: the part of the window it is for, in window coordinates.
    /// What lies wholly outside it need not be listed (nil: list everything).
    var paintRect: Rect?
    /// Strong, for the call: a read borrows it and takes no reference to it (a checked `unowned`
    /// reference took and dropped one, two atomic operations, on each of the ~190 reads a typed
    /// letter makes). Private: a control reaches the form only through what the context offers.
    private let host: any ControlHost

    init(node: Int, host: any ControlHost, paintRect: Rect? = nil) {
        self.node = node; self.host = host; self.paintRect = paintRect
    }

    // MARK: The environment

    var field: Field { host.field(node) }
    /// Its own control, for what it offers through the protocol (its accessible node, its kind).
    var control: any Control { host.control(node) }
    var direction: Direction { host.direction }
    var measurer: any TextMeasuring { host.measurer }
    var palette: Palette { host.palette }
    /// How it draws its label, its message and its text.
    var painter: Painter { host.painter }

    /// The part a person clicks and types in, in content coordinates.
    var frame: Rect { host.controlFrame(node) }
    /// The same in window coordinates, where everything is drawn.
    var windowFrame: Rect { windowRect(frame) }
    /// Its label (a section's title), in window coordinates.
    var labelFrame: Rect { windowRect(host.labelFrame(node)) }
    /// All of the field, in window coordinates.
    var blockFrame: Rect { windowRect(host.blockFrame(node)) }
    var viewport: Size { host.viewport }
    var popupBounds: Rect { host.popupBounds }
    func windowRect(_ content: Rect) -> Rect {
        let offset = host.scrollOffset
        return content.offsetBy(dx: -offset.x, dy: -offset.y)
    }
    func windowPoint(_ content: Point) -> Point {
        let offset = host.scrollOffset
        return Point(x: content.x - offset.x, y: content.y - offset.y)
    }
    func contentPoint(_ window: Point) -> Point {
        let offset = host.scrollOffset
        return Point(x: window.x + offset.x, y: window.y + offset.y)
    }

    var isFocused: Bool { host.focusedNode == node }
    /// The focus ring shows: focused after keyboard navigation.
    var showsFocusRing: Bool { isFocused && host.focusVisible }
    /// It can take focus now: shown and enabled (through every ancestor).
    var isEnabled: Bool { host.canFocus(node) }
    /// Shown through every ancestor (laid out, whether or not it is scrolled into view).
    var isShown: Bool { host.isShown(node) }
    /// Not disabled, through every ancestor (GTK's sensitive), whether or not it is shown.
    var isSensitive: Bool { host.isEnabled(node) }
    /// A person is typing into it.
    var isEditing: Bool { host.editingNode == node }
    /// The composition shown at its caret while it is edited.
    var composition: Preedit { isEditing ? host.composition : Preedit() }
    /// Its caret is drawn now: it is edited, the window is active and the blink is on.
    var caretShows: Bool { isEditing && host.caretOn && host.windowActive }
    var today: CalendarDate { host.today }
    /// A type-ahead search is under way: a space goes on with it.
    var typeAheadRunning: Bool { host.typeAheadRunning }
    /// The popup it opened, while it is open.
    var openPopup: (any Popup)? { host.popup.flatMap { $0.node == node ? $0 : nil } }
    /// A pointer press on it waits for its release (a button drawn pressed).
    var isArmed: Bool { if case .button(node, _)? = host.pointerGrab { true } else { false } }

    /// Its label in the lines it was laid out in.
    var labelLines: WrappedLabel { host.labelLines(node, width: host.labelFrame(node).width) }
    /// The mnemonic letter at `offset` of its label to underline now: while Alt is held, where
    /// Alt+letter would do something.
    func underline(at offset: Int?) -> Range<Int>? { host.underline(at: offset, of: node) }
    /// The letter its label marks for Alt.
    var mnemonicLetter: Character? { host.mnemonicLetter(of: node) }
    /// Its validation message.
    var message: String? { host.message(node) }
    /// The app checks its value now: "Checking…" shows where a message would, and it is `busy`.
    var isChecking: Bool { host.isChecking(node: node) }
    /// Its validation message as a screen reader is told it: none while the person types in it.
    var accessibleMessage: String? { host.accessibleMessage(node) }

    // MARK: Effects

    /// Repaint all of the field, with room for its focus ring.
    func invalidate() { host.invalidate(node: node) }
    /// Repaint only the inside of its control.
    func invalidateControl() { host.invalidate(control: node) }
    /// After its value changed: undo, `showWhen`, growth, its message and the draft follow.
    func valueChanged() { host.valueChanged(node) }
    /// Opens its popup, or shows it again after a change.
    func show(_ popup: any Popup) { host.show(popup) }
    /// Closes the popup that is open, whichever field opened it.
    func closePopup() { host.closePopup() }
    /// Acts on the release of a press (see `PointerState.Grab.button`).
    func armButton(pressedFrame: Rect) { host.grabPointer(.button(node: node, pressedFrame: pressedFrame)) }
    /// A drag from the press selects its text until the release; false lets any grab go.
    func selectByDragging(_ dragging: Bool) { host.grabPointer(dragging ? .selecting(node: node) : nil) }
    /// Focus moves to it now, before the rest of the call acts on it.
    func focusNow() { host.focusNow(node) }
    /// It ends the form as a button: submits (if every field is valid) or cancels.
    func end(_ action: ButtonAction) { host.end(action, byButton: node) }
    /// Puts text on a selection (the clipboard, or PRIMARY).
    func setSelection(_ selection: SelectionName, to text: String) { host.post(.setSelection(selection, text)) }
    /// Asks for a selection's text, to be pasted into it.
    func requestPaste(_ selection: SelectionName) { host.requestPaste(selection) }
    /// What the app suggests for `text` typed in it (see `ControlEnvironment.suggestions`).
    func suggestions(for text: String) -> [String] { host.suggestions(for: node, text: text) }
    /// The form scrolls by the least amount that shows it.
    func scrollIntoView() { host.scrollIntoView(node) }
    /// Shows (or takes away) its validation message now rather than at the next submit.
    func showValidationMessage() { host.showValidationMessage(node) }
    /// The item that what was typed in the last second starts, if any.
    func typeAhead(_ press: KeyPress, in items: [String]) -> Int? { host.typeAhead(press, in: items) }
}
