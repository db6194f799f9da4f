/// The focused text control's commands: the clipboard, undo and redo, and words. Each exists
/// while it can act (Copy with a selection, Undo with something to undo), so the overlay lists
/// what would work now and an unused chord goes on along the chain.
extension FormSession {
    func editingCommands(_ node: Int) -> [KeyCommand] {
        let kind = tree[node].field.kind
        let editor = input(node).editor
        let history = input(node).history
        var commands: [KeyCommand] = []
        func add(_ title: String, _ action: CommandAction, _ chords: KeyChord...) {
            commands.append(KeyCommand(chords: chords, title: title, action: action))
        }
        if !editor.isEmpty { add("Select all", .selectAll, KeyChord(.letterA, .control)) }
        // A password never leaves its field.
        if editor.hasSelection && kind != .password {
            add("Copy", .copy, KeyChord(.letterC, .control))
            add("Cut", .cut, KeyChord(.letterX, .control))
        }
        add("Paste", .paste, KeyChord(.letterV, .control))
        if history.canUndo { add("Undo", .undo, KeyChord(.letterZ, .control)) }
        if history.canRedo { add("Redo", .redo, KeyChord(.letterZ, [.control, .shift]), KeyChord(.letterY, .control)) }
        // Both directions share a title, so the overlay gives them one line. In a right-to-left
        // form the words run leftwards.
        let before = editor.caret > 0, after = editor.caret < editor.count
        let (back, on): (Key, Key) = form.direction == .ltr ? (.left, .right) : (.right, .left)
        if before { add("Move by word", .moveWord(forward: false, extending: false), KeyChord(back, .control)) }
        if after { add("Move by word", .moveWord(forward: true, extending: false), KeyChord(on, .control)) }
        if before { add("Select by word", .moveWord(forward: false, extending: true), KeyChord(back, [.control, .shift])) }
        if after { add("Select by word", .moveWord(forward: true, extending: true), KeyChord(on, [.control, .shift])) }
        if before || editor.hasSelection { add("Delete a word", .deleteWord(forward: false), KeyChord(.backSpace, .control)) }
        if after || editor.hasSelection { add("Delete a word", .deleteWord(forward: true), KeyChord(.delete, .control)) }
        if kind == .tokens && !tokensControl(node).tokens.isEmpty {
            add("Remove all tokens", .clearTokens, KeyChord(.delete, [.control, .shift]))
        }
        return commands
    }

    func performEditing(_ action: CommandAction, in node: Int) -> CommandOutcome {
        var editor = input(node).editor
        let secret = tree[node].field.kind == .password
        switch action {
        case .selectAll: editor.selectAll()
        case .copy: return copySelection(of: node) ? .handled : .stop
        case .cut:
            guard copySelection(of: node) else { return .stop }
            editor.deleteBackward()
        case .paste:
            requestPaste(.clipboard)
            return .handled
        case .undo: return restoreHistory(of: node, undo: true) ? .handled : .stop
        case .redo: return restoreHistory(of: node, undo: false) ? .handled : .stop
        case let .moveWord(forward, extending): editor.moveWord(forward: forward, extending: extending, wholeText: secret)
        case .deleteWord(let forward): editor.deleteWord(forward: forward, wholeText: secret)
        case .clearTokens:
            tokensControl(node).tokens = []
            tokensControl(node).selectedToken = nil
            valueChanged(node)
            return .handled
        default: return .ignored
        }
        apply(editor, to: node)
        return .handled
    }

    /// Empties a text control (a token field of its tokens too); undoable like any edit.
    func clearText(_ node: Int) {
        (tree[node].control as? TokensControl)?.tokens = []
        (tree[node].control as? TokensControl)?.selectedToken = nil
        var editor = input(node).editor
        editor.setText("")
        input(node).editor = editor
        valueChanged(node)
    }
}
