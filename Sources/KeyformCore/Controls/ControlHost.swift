/// The form a control is in, as a `ControlContext` reaches it: what a control reads of the form
/// (`ControlEnvironment`) and what it asks of it (`ControlEffects`). The session is the host
/// (FormSession+ControlHost); a test gives its own, so a control runs with no session.
typealias ControlHost = ControlEnvironment & ControlEffects

/// What a control reads of the form, asked at each read rather than copied when a context is
/// made: an effect may change it within one call (a text area that grows with its text moves the
/// fields below it before the view scrolls to its caret), and a relayout makes a context for each
/// of 10,000 fields that reads next to nothing of it. `node` is the field asking.
protocol ControlEnvironment: AnyObject {
    func field(_ node: Int) -> Field
    func control(_ node: Int) -> any Control
    var direction: Direction { get }
    var measurer: any TextMeasuring { get }
    var palette: Palette { get }
    /// The colours, measures and window height everything is drawn with (see `Painter`).
    var painter: Painter { get }

    // MARK: Where things are, in content coordinates

    /// The part a person clicks and types in.
    func controlFrame(_ node: Int) -> Rect
    /// Its label (a section's title).
    func labelFrame(_ node: Int) -> Rect
    /// All of the field: label, control and message.
    func blockFrame(_ node: Int) -> Rect
    /// How far the content is scrolled in the window.
    var scrollOffset: Point { get }
    /// The window's size.
    var viewport: Size { get }
    /// Where a popup may lie, in window coordinates: the window, or the monitor when the host
    /// shows popups in windows of their own (`FormSession.popupScreen`).
    var popupBounds: Rect { get }

    // MARK: Focus, editing and the pointer

    var focusedNode: Int? { get }
    /// The focus ring shows (focus came by keyboard).
    var focusVisible: Bool { get }
    /// The window has the desktop's focus.
    var windowActive: Bool { get }
    /// It can take focus now: shown and enabled through every ancestor, a kind that takes focus.
    func canFocus(_ node: Int) -> Bool
    /// Shown, and enabled, through every ancestor.
    func isShown(_ node: Int) -> Bool
    func isEnabled(_ node: Int) -> Bool
    /// The text control being edited.
    var editingNode: Int? { get }
    /// The composition shown at the caret of the field being edited.
    var composition: Preedit { get }
    /// The caret is in the visible half of its blink.
    var caretOn: Bool { get }
    /// The person's date.
    var today: CalendarDate { get }
    /// A type-ahead search is under way (see `typeAhead`).
    var typeAheadRunning: Bool { get }
    /// The popup open now, whichever field opened it.
    var popup: (any Popup)? { get }
    /// What a pointer press grabbed until its release.
    var pointerGrab: PointerState.Grab? { get }

    // MARK: Label and message

    /// A field's label in lines at `width`.
    func labelLines(_ node: Int, width: Double) -> WrappedLabel
    /// The validation message under a field.
    func message(_ node: Int) -> String?
    /// The app checks the field's value now (an async validator of the library runs).
    func isChecking(node: Int) -> Bool
    /// The message as a screen reader is told it (none while the person is typing in the field).
    func accessibleMessage(_ node: Int) -> String?
    /// The letter a field's label marks for Alt.
    func mnemonicLetter(of node: Int) -> Character?
    /// The mnemonic letter at `offset` of a field's label to underline now (while Alt is held).
    func underline(at offset: Int?, of node: Int) -> Range<Int>?

    // MARK: The app

    /// What the app suggests for the text typed in a field, shown in a list under it (yad's
    /// path fields: the folder's entries, as a shell completes them); none by default.
    func suggestions(for node: Int, text: String) -> [String]
}

/// What a control asks of the form. `node` is the field asking.
protocol ControlEffects: AnyObject {
    /// Repaint all of a field, with room for its focus ring.
    func invalidate(node: Int)
    /// Repaint only the inside of a field's control, where its value is drawn.
    func invalidate(control node: Int)
    /// Its value changed: undo, `showWhen`, growth, its message, the draft and the app follow.
    func valueChanged(_ node: Int)
    /// Shows a popup, or shows a changed one again.
    func show(_ popup: any Popup)
    func closePopup()
    /// Keeps what a pointer press grabbed until its release (nil lets go).
    func grabPointer(_ grab: PointerState.Grab?)
    /// Focus moves to the field now, before the rest of the call acts on it.
    func focusNow(_ node: Int)
    /// A button ends the form: it submits (if every field is valid) or cancels.
    func end(_ action: ButtonAction, byButton node: Int)
    /// Clipboard and selection work for the platform.
    func post(_ request: PlatformRequest)
    /// Asks the platform for a selection's text, for the field being edited.
    func requestPaste(_ selection: SelectionName)
    /// Scrolls the form by the least amount that shows the field.
    func scrollIntoView(_ node: Int)
    /// Shows (or takes away) the field's validation message now.
    func showValidationMessage(_ node: Int)
    /// The item that what was typed in the last second starts, if any (a picker's type-ahead).
    func typeAhead(_ press: KeyPress, in items: [String]) -> Int?
}
