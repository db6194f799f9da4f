/// What the controls a person types text into share: editing keys, the clipboard, undo, words,
/// the caret and the selection, clicks and drags in the text, and how the text is drawn. Each
/// kind's file says how it differs.
protocol TextEditingControl: Control {
    /// The text, its selection, scroll, lines and undo history.
    var textInput: TextInput { get }
    /// The control's value as undo keeps it (a token field's tokens too).
    func undoSnapshot() -> FieldSnapshot
    /// Puts back an undo step's value and selection.
    func restoreUndoStep(_ step: FieldSnapshot)
}

extension TextEditingControl {
    static var valueShape: ValueShape { .text }
    static var editsText: Bool { true }

    func undoSnapshot() -> FieldSnapshot { textInput.snapshot() }
    func restoreUndoStep(_ step: FieldSnapshot) { textInput.restore(step) }

    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool {
        context.session.handleTextKey(press, node: context.node)
    }

    func commands(in context: ControlContext) -> [KeyCommand] { context.session.editingCommands(context.node) }

    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome {
        context.session.performEditing(action, in: context.node)
    }

    func press(_ press: PointerPress, in context: ControlContext) {
        context.session.pressText(context.node, at: press.point, modifiers: press.modifiers, clickCount: press.clickCount)
    }

    func focusGained(_ cause: FocusCause, from old: Int?, in context: ControlContext) {
        // GTK's rule: tabbing into a one-line field selects its text.
        if cause == .keyboard, old != context.node { textInput.editor.selectAll() }
    }

    func paint(into list: inout DisplayList, in context: ControlContext) {
        context.session.paintLabelled(context, into: &list) { list in
            context.session.paintText(context.node, enabled: context.isEnabled, into: &list)
        }
    }

    func value(in context: ControlContext) -> JSONValue? { .string(showWhenValue(in: context)) }
    func showWhenValue(in context: ControlContext) -> String { textInput.editor.text }
    func isEmpty(in context: ControlContext) -> Bool { showWhenValue(in: context).trimmingSpaces.isEmpty }
    func problem(in context: ControlContext) -> String? { context.field.problem(with: showWhenValue(in: context)) }
    func canClear(in context: ControlContext) -> Bool { !textInput.editor.isEmpty }
    func clear(in context: ControlContext) { context.session.clearText(context.node) }
}
