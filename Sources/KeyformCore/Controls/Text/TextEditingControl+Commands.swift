/// A text control's commands: the clipboard, undo and redo, and words. Each exists while it can
/// act (Copy with a selection, Undo with something to undo), so the overlay lists what would
/// work now and an unused chord goes on along the chain.
extension TextEditingControl {
    func editingCommands(in context: ControlContext) -> [KeyCommand] {
        let editor = textInput.editor
        let history = textInput.history
        var commands: [KeyCommand] = []
        func add(_ title: String, _ action: CommandAction, _ chords: KeyChord...) {
            commands.append(KeyCommand(chords: chords, title: title, action: action))
        }
        if !editor.isEmpty { add("Select all", .selectAll, KeyChord(.letterA, .control)) }
        // Masked text never leaves its field; read-only text is never changed.
        let editable = !textInput.readOnly
        if editor.hasSelection && !Self.masksText { add("Copy", .copy, KeyChord(.letterC, .control)) }
        if editor.hasSelection && !Self.masksText && editable { add("Cut", .cut, KeyChord(.letterX, .control)) }
        if editable { add("Paste", .paste, KeyChord(.letterV, .control)) }
        if history.canUndo { add("Undo", .undo, KeyChord(.letterZ, .control)) }
        if history.canRedo { add("Redo", .redo, KeyChord(.letterZ, [.control, .shift]), KeyChord(.letterY, .control)) }
        // Both directions share a title, so the overlay gives them one line. In a right-to-left
        // form the words run leftwards.
        let before = editor.caret > 0, after = editor.caret < editor.count
        let (back, on): (Key, Key) = context.direction == .ltr ? (.left, .right) : (.right, .left)
        if before { add("Move by word", .moveWord(forward: false, extending: false), KeyChord(back, .control)) }
        if after { add("Move by word", .moveWord(forward: true, extending: false), KeyChord(on, .control)) }
        if before { add("Select by word", .moveWord(forward: false, extending: true), KeyChord(back, [.control, .shift])) }
        if after { add("Select by word", .moveWord(forward: true, extending: true), KeyChord(on, [.control, .shift])) }
        if editable && (before || editor.hasSelection) {
            add("Delete a word", .deleteWord(forward: false), KeyChord(.backSpace, .control))
        }
        if editable && (after || editor.hasSelection) {
            add("Delete a word", .deleteWord(forward: true), KeyChord(.delete, .control))
        }
        return commands
    }

    func performEditing(_ action: CommandAction, in context: ControlContext) -> CommandOutcome {
        var editor = textInput.editor
        let wholeText = Self.masksText
        switch action {
        case .selectAll: editor.selectAll()
        case .copy: return copySelection(in: context) ? .handled : .stop
        case .cut:
            guard copySelection(in: context) else { return .stop }
            editor.deleteBackward()
        case .paste:
            context.requestPaste(.clipboard)
            return .handled
        case .undo: return restoreHistory(undo: true, in: context) ? .handled : .stop
        case .redo: return restoreHistory(undo: false, in: context) ? .handled : .stop
        case let .moveWord(forward, extending): editor.moveWord(forward: forward, extending: extending, wholeText: wholeText)
        case .deleteWord(let forward): editor.deleteWord(forward: forward, wholeText: wholeText)
        default: return .ignored
        }
        apply(editor, in: context)
        return .handled
    }

    /// Empties the text; undoable like any edit.
    func clearText(in context: ControlContext) {
        textInput.editor.setText("")
        context.valueChanged()
    }
}
