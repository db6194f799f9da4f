/// One kind of control, in one file per kind (docs/architecture.md › Form files): its state, its
/// keys and pointer presses (each says whether it handled them), its commands for the responder
/// chain and the overlay, its size and painting, its value (output, draft, prefill, validation,
/// `showWhen`) and its popup if it has one. The session keeps only the controller's concerns:
/// focus, the responder chain, dismissal, scrolling, the clock, the overlay and mnemonics.
///
/// The session makes one instance per field through the registry (`FieldKind.control`) and asks
/// it through a `ControlContext`, which names the field and is its only way to the form it is in. Every
/// method has a default that does nothing (see the extension below), as in druid's widgets, so a
/// kind writes only what it does.
protocol Control: AnyObject {
    init(field: Field)

    // MARK: The kind, for the form file, drafts and lint (no instance needed)

    /// The keys of the form file this kind reads besides the common ones (`id`, `label`, …).
    static var fileKeys: Set<String> { get }
    /// What its `value` is in a form file, a draft and `--value`.
    static var valueShape: ValueShape { get }
    /// Whether it can hold focus (a section's fields can; the section itself cannot).
    static var takesFocus: Bool { get }
    /// Whether its label marks a mnemonic letter with `_` (a `label` field's text is shown as typed).
    static var labelHasMnemonic: Bool { get }
    /// Never written to a draft or to standard error on failure (passwords).
    static var isSecret: Bool { get }
    /// A person types into it: it has a caret and a selection, and Escape ends editing.
    static var editsText: Bool { get }
    /// The font of its label, and the room its first line takes.
    static var labelStyle: (font: Font, firstLine: Double) { get }
    /// The most characters a person can type into it when the form sets no `maxLength`: nil for
    /// no limit, 10 for an ISO date.
    static var naturalMaxLength: Int? { get }
    /// Its value sits in a box that `ControlContext.paintLabelled` draws (a text field, a picker):
    /// a change of value then repaints only the box's inside (`ControlContext.inside`).
    static var isFramed: Bool { get }

    // MARK: Layout

    /// How the layout places it.
    var shape: ControlShape { get }
    /// Itself if a person types into it (`TextEditingControl`), else nil: the session asks on
    /// every event, and a cast to the protocol looks its conformance up each time.
    var textEditing: (any TextEditingControl)? { get }
    /// The height of its control in the flow for the room its rows take (`ControlShape.labelled`).
    func controlHeight(in context: ControlContext) -> Double
    /// Fits a control that grows with its content; true if the form needs a new layout.
    func fitToContent(in context: ControlContext) -> Bool
    /// Text is measured anew from now on (the desktop's font changed): drops what it keeps of
    /// the old measures (its text's lines, where its chips went).
    func forgetMeasures()

    // MARK: Input

    /// A key while it has focus; false lets the key go on along the responder chain.
    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool
    /// Its own keys as things are now (`KeyCommand.control`: a picker's arrows, a check box's
    /// Space), offered before the rest of the chain as its handling of a key is. Asked on every
    /// key press, so a kind that has none makes nothing.
    func ownKeys(in context: ControlContext) -> [KeyCommand]
    /// Its other commands as things are now, for the chain after it and the overlay (see
    /// `KeyCommand`).
    func commands(in context: ControlContext) -> [KeyCommand]
    /// Runs one of its own commands.
    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome
    /// A primary press on it (focus has already moved to it if it takes focus).
    func press(_ press: PointerPress, in context: ControlContext)
    /// Its mnemonic was typed (focus has moved to it) or a pointer press on it was released on
    /// it: true if it acts on that (a button presses).
    func activate(in context: ControlContext) -> Bool
    /// An item of its open list was chosen (see `PickerList`).
    func chooseFromList(_ item: Int, of list: PickerList, in context: ControlContext)

    // MARK: Focus

    func focusGained(_ cause: FocusCause, from old: Int?, in context: ControlContext)
    /// Focus left it (another field, a click outside, the field hidden) or the form submits:
    /// what was typed and is not yet part of the value becomes part of it, never dropped.
    func commitPending(in context: ControlContext)

    // MARK: Painting

    /// Draws the control, its label and its message into the list, in window coordinates.
    func paint(into list: inout DisplayList, in context: ControlContext)

    // MARK: Value

    /// The value as it stands, for drafts, `showWhen` and replay, or nil for a control with none.
    func value(in context: ControlContext) -> JSONValue?
    /// The value written on submit, once it is valid: a date in its output `format`.
    func submittedValue(in context: ControlContext) -> JSONValue?
    /// The value a `showWhen` rule compares.
    func showWhenValue(in context: ControlContext) -> String
    /// Whether it is empty for `required`.
    func isEmpty(in context: ControlContext) -> Bool
    /// Why its value cannot be submitted besides `required`, or nil.
    func problem(in context: ControlContext) -> String?
    /// Whether `clear(in:)` would change anything.
    func canClear(in context: ControlContext) -> Bool
    /// Empties it (a `clear:ID` command); undoable where it has undo.
    func clear(in context: ControlContext)

    // MARK: Accessibility

    /// What a screen reader is told of it (docs/architecture.md › Accessibility): its role, name,
    /// states, text, actions and parts, made from what it holds now. The default is a `panel` named
    /// by its label (see `ControlContext.accessibleNode`).
    func accessibleNode(in context: ControlContext) -> AccessibleNode
    /// Does an action its node offers, on itself (`part` empty) or on one of its parts, as a
    /// screen reader asks; true if it did. The default does its own first action as its
    /// mnemonic would (see `ControlContext.performAsMnemonic`).
    func performAccessibleAction(_ name: String, on part: [Int], in context: ControlContext) -> Bool
}

/// A press of the primary button on a control.
struct PointerPress {
    /// In window coordinates.
    var point: Point
    var modifiers: Modifiers
    /// 1 for a click, 2 for a double click, 3 for a triple click.
    var clickCount: Int
    /// The control's frame in window coordinates when it was pressed, before focus moving to it
    /// changed the layout (a token field left with text typed grows).
    var pressedFrame: Rect
}

/// How the value of a kind is written in a form file, a draft and `--value`.
enum ValueShape {
    /// No value: buttons, sections, labels.
    case none
    /// Text.
    case string
    /// Text that must be one of the field's `options`.
    case option
    /// A list of text (or one text split at `|` from `--value`).
    case strings
    /// `true` or `false`.
    case boolean
    /// An ISO 8601 date, `YYYY-MM-DD` (or empty), checked where it is read, as `min` and `max` are.
    case isoDate
}

/// Where the layout puts a field (see `FormLayout`).
enum ControlShape {
    /// Its label above its control, a message under it: the fields a person fills in.
    case labelled
    /// A small control with its label beside it at the starting edge, on one row (a checkbox):
    /// no label above it, a message under it.
    case row
    /// A button: its own width, at the form's ending edge.
    case button
    /// Text to read, the whole width, as tall as its lines.
    case paragraph
    /// A section: its title over a grid of its fields.
    case group
}

extension Control {
    static var fileKeys: Set<String> { [] }
    static var valueShape: ValueShape { .none }
    static var takesFocus: Bool { true }
    static var labelHasMnemonic: Bool { true }
    static var isSecret: Bool { false }
    static var editsText: Bool { false }
    static var labelStyle: (font: Font, firstLine: Double) { (Theme.labelFont, Theme.labelHeight) }
    static var naturalMaxLength: Int? { nil }
    static var isFramed: Bool { false }

    var shape: ControlShape { .labelled }
    var textEditing: (any TextEditingControl)? { nil }
    func controlHeight(in context: ControlContext) -> Double { Theme.controlHeight }
    func fitToContent(in context: ControlContext) -> Bool { false }
    func forgetMeasures() {}

    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool { false }
    func ownKeys(in context: ControlContext) -> [KeyCommand] { [] }
    func commands(in context: ControlContext) -> [KeyCommand] { [] }
    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome { .ignored }
    func press(_ press: PointerPress, in context: ControlContext) {}
    func activate(in context: ControlContext) -> Bool { false }
    func chooseFromList(_ item: Int, of list: PickerList, in context: ControlContext) {}

    func focusGained(_ cause: FocusCause, from old: Int?, in context: ControlContext) {}
    func commitPending(in context: ControlContext) {}

    func value(in context: ControlContext) -> JSONValue? { nil }
    func submittedValue(in context: ControlContext) -> JSONValue? { value(in: context) }
    func showWhenValue(in context: ControlContext) -> String { "" }
    func isEmpty(in context: ControlContext) -> Bool { false }
    func problem(in context: ControlContext) -> String? { nil }
    func canClear(in context: ControlContext) -> Bool { false }
    func clear(in context: ControlContext) {}

    func accessibleNode(in context: ControlContext) -> AccessibleNode { context.accessibleNode(.panel, action: nil) }
    func performAccessibleAction(_ name: String, on part: [Int], in context: ControlContext) -> Bool {
        context.performAsMnemonic(name, on: part)
    }
}
