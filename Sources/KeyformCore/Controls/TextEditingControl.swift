/// What the controls a person types text into share: editing keys, the clipboard, undo, words,
/// the caret and the selection, clicks and drags in the text, and how the text is drawn (the
/// files in `Controls/Text/`). Each kind differs through the requirements below, whose defaults
/// are a one-line text field's; its own file overrides them.
protocol TextEditingControl: Control {
    /// The text, its selection, scroll, lines and undo history.
    var textInput: TextInput { get }

    /// The text is drawn as bullets and never leaves the control: no copy or cut, no PRIMARY
    /// selection, a word is the whole text, and Left/Right step through it in memory order
    /// (bullets have no right-to-left runs to move through visually).
    static var masksText: Bool { get }
    /// The text is lines: Return types a line break, Up and Down move between drawn lines, and
    /// it wraps at the control's width.
    static var isMultiline: Bool { get }
    /// The control can be taller than the view: scrolling it into view shows its caret then, and
    /// the form scrolls to follow the caret as it moves.
    static var viewFollowsCaret: Bool { get }

    /// The room the text has inside the control, in content coordinates.
    func textBox(in context: ControlContext) -> Rect
    /// The top of the first line of text, in content coordinates, after scrolling.
    func textTop(in context: ControlContext) -> Double
    /// The vertical scroll of the text, from `y`, that shows the caret (content coordinates).
    func verticalScroll(_ y: Double, showing caret: Rect, in context: ControlContext) -> Double
    /// The wheel turned over the control: true if it scrolled the text (else the form scrolls).
    func scrollText(by dy: Double, in context: ControlContext) -> Bool
    /// The text changed by an edit, after the value followed it.
    func textChanged(in context: ControlContext)
    /// The caret in content coordinates (the extension's). A requirement so that the session,
    /// which holds `any TextEditingControl`, reaches each control's own compiled copy of it: the
    /// caret's blink and an input method's spot then run the code a key runs, not a generic copy
    /// of the whole wrap and caret geometry kept on pages of its own.
    func caretRect(in context: ControlContext) -> Rect

    /// The control's value as undo keeps it (a token field's tokens too).
    func undoSnapshot() -> FieldSnapshot
    /// Puts back an undo step's value and selection.
    func restoreUndoStep(_ step: FieldSnapshot)
}

extension TextEditingControl {
    static var valueShape: ValueShape { .string }
    static var editsText: Bool { true }
    static var isFramed: Bool { true }

    static var masksText: Bool { false }
    static var isMultiline: Bool { false }
    static var viewFollowsCaret: Bool { false }

    func forgetMeasures() { textInput.wrap = nil }

    /// The whole control less its insets.
    func textBox(in context: ControlContext) -> Rect {
        let control = context.frame
        return Rect(x: control.minX + Theme.textInset, y: control.minY + 2,
                    width: max(0, control.width - 2 * Theme.textInset), height: control.height - 4)
    }

    /// One line, centred in the control, on a whole pixel: the caret and a selection drawn at a
    /// half pixel would be blurred at their ends, and cost the X server a trapezoid on every key.
    /// Cairo puts the glyphs on the same pixel either way.
    func textTop(in context: ControlContext) -> Double {
        let control = context.frame
        return (control.minY + (control.height - context.measurer.lineHeight(Theme.bodyFont)) / 2).rounded()
    }

    /// One line never scrolls vertically.
    func verticalScroll(_ y: Double, showing caret: Rect, in context: ControlContext) -> Double { y }
    func scrollText(by dy: Double, in context: ControlContext) -> Bool { false }
    func textChanged(in context: ControlContext) {}

    func undoSnapshot() -> FieldSnapshot { textInput.snapshot() }
    func restoreUndoStep(_ step: FieldSnapshot) { textInput.restore(step) }

    // MARK: Control

    var textEditing: (any TextEditingControl)? { self }
    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool { handleTextKey(press, in: context) }
    func commands(in context: ControlContext) -> [KeyCommand] { editingCommands(in: context) }
    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome { performEditing(action, in: context) }
    func press(_ press: PointerPress, in context: ControlContext) { pressText(press, in: context) }

    func focusGained(_ cause: FocusCause, from old: Int?, in context: ControlContext) { selectOnTab(cause, from: old, in: context) }

    /// GTK's rule: tabbing into a one-line field selects its text.
    func selectOnTab(_ cause: FocusCause, from old: Int?, in context: ControlContext) {
        if cause == .keyboard, old != context.node { textInput.editor.selectAll() }
    }

    func paint(into list: inout DisplayList, in context: ControlContext) {
        context.paintLabelled(editable: !textInput.readOnly, into: &list) { list in
            paintText(into: &list, in: context)
        }
    }

    func value(in context: ControlContext) -> JSONValue? { .string(showWhenValue(in: context)) }
    func showWhenValue(in context: ControlContext) -> String { textInput.editor.text }
    func isEmpty(in context: ControlContext) -> Bool { showWhenValue(in: context).trimmingSpaces.isEmpty }
    func problem(in context: ControlContext) -> String? { context.field.problem(with: showWhenValue(in: context)) }
    func canClear(in context: ControlContext) -> Bool { !textInput.readOnly && !textInput.editor.isEmpty }
    func clear(in context: ControlContext) { clearText(in: context) }
}
