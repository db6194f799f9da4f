/// Keys inside text controls: typing, deleting, moving the caret, selecting.
extension FormSession {
    func handleTextKey(_ press: KeyPress, node: Int) -> Bool {
        let field = tree[node].field
        let shift = press.modifiers.contains(.shift)
        let control = press.modifiers.contains(.control)
        let plain = press.modifiers.intersection(.command).isEmpty
        if field.kind == .tokens, let handled = handleTokenKey(press, node: node) { return handled }
        var editor = input(node).editor
        switch press.key {
        case .left where plain: moveVisually(&editor, in: node, rightwards: false, extending: shift)
        case .right where plain: moveVisually(&editor, in: node, rightwards: true, extending: shift)
        case .home, .end:
            let line = wrappedText(node).lines[caretLineColumn(node).line]
            let target = press.key == .home ? (control ? 0 : line.start) : (control ? editor.count : line.start + line.lastColumn)
            editor.moveCaret(to: target, extending: shift)
        case .up where field.kind == .textarea && plain: moveVertically(&editor, in: node, by: -1, extending: shift)
        case .down where field.kind == .textarea && plain: moveVertically(&editor, in: node, by: 1, extending: shift)
        // Ctrl+BackSpace and Ctrl+Delete delete words: the control's commands (FormSession+EditingCommands).
        case .backSpace where plain: editor.deleteBackward()
        case .delete where plain: editor.deleteForward()
        case .returnKey, .keypadEnter:
            guard field.kind == .textarea && plain else { return false }
            editor.insert("\n")
        default:
            if plain && !press.text.isEmpty {
                editor.insert(press.text)
            } else {
                return false
            }
        }
        return apply(editor, to: node)
    }

    /// Left and Right move on screen, not in memory: in mixed Hebrew and English text the caret
    /// goes the way the arrow points (Pango's visual cursor motion). A selection collapses first.
    /// Off a line's start the caret goes to the end of the line before, off its end to the start
    /// of the line after, as in GTK's text view.
    func moveVisually(_ editor: inout TextEditor, in node: Int, rightwards: Bool, extending: Bool) {
        guard extending || !editor.hasSelection, tree[node].field.kind != .password else {
            return editor.move(by: rightwards ? 1 : -1, extending: extending)
        }
        // The caret's paragraph, from the wrap the key reads anyway (its text is the editor's
        // unless a compose sequence is showing): no walk through all the text per press.
        let (line, paragraph) = preedit.isEmpty || editingNode != node
            ? wrappedText(node).paragraph(containing: editor.caret)
            : { let bounds = editor.lineBounds(of: editor.caret); return (bounds, Substring(Array(editor.text)[bounds])) }()
        guard line.count <= Self.measuredGraphemes else { return editor.move(by: rightwards ? 1 : -1, extending: extending) }
        let text = String(paragraph)
        // Past the first or last line, moveCaret keeps the caret at the end of the text.
        switch measurer.visualNeighbour(text, font: Theme.bodyFont, of: editor.caret - line.lowerBound, rightwards: rightwards) {
        case .offset(let column): editor.moveCaret(to: line.lowerBound + column, extending: extending)
        case .pastStart: editor.moveCaret(to: line.lowerBound - 1, extending: extending)
        case .pastEnd: editor.moveCaret(to: line.upperBound + 1, extending: extending)
        }
    }

    /// Up/Down move to the line drawn above or below, at the caret's x; over a run of them the x
    /// they started from is kept, so passing a short line does not lose the column. Past the
    /// first or last line the caret goes to the start or end of the text, as in GTK.
    func moveVertically(_ editor: inout TextEditor, in node: Int, by delta: Int, extending: Bool) {
        let target = caretLineColumn(node).line + delta
        guard wrappedText(node).lines.indices.contains(target), let caret = caretContentRect(node) else {
            return editor.moveCaret(to: delta < 0 ? 0 : editor.count, extending: extending)
        }
        let goal = input(node).verticalGoal.flatMap { $0.caret == editor.caret ? $0.x : nil } ?? caret.minX
        editor.moveCaret(to: textOffset(nearestX: goal, line: target, in: node), extending: extending)
        input(node).verticalGoal = (goal, editor.caret)
    }

    /// Puts the selected text on the clipboard; password fields never give their text away.
    @discardableResult
    func copySelection(of node: Int) -> Bool {
        guard let text = selectedText(node) else { return false }
        requests.append(.setSelection(.clipboard, text))
        return true
    }

    /// The selected text, unless the field is a password field or nothing is selected.
    func selectedText(_ node: Int) -> String? {
        let editor = input(node).editor
        guard tree[node].field.kind != .password, editor.hasSelection else { return nil }
        return String(Array(editor.text)[editor.selection])
    }

    /// Stores an edited text; returns true (the key was handled) for use as a tail call.
    /// A new selection becomes the PRIMARY selection, as X users expect.
    @discardableResult
    func apply(_ editor: TextEditor, to node: Int) -> Bool {
        let changed = editor.text != input(node).editor.text
        let selectionChanged = editor.selection != input(node).editor.selection
        input(node).editor = editor
        if selectionChanged, let text = selectedText(node) { requests.append(.setSelection(.primary, text)) }
        // A text area that grows with its text takes its new height before the caret is scrolled to.
        if changed {
            valueChanged(node)
            if tree[node].field.kind == .tokens { updateSuggestions(node) }
        } else { invalidate(control: node) }
        keepCaretVisible(node)
        return true
    }

    /// Asks the platform for a selection's text, for the field being edited now.
    func requestPaste(_ selection: SelectionName) {
        pasteTarget = editingNode
        requests.append(.paste(selection))
    }

    /// Pasted text goes where it was asked for: if focus moved while a slow paste was on its way,
    /// it is dropped rather than typed into another field.
    func paste(_ text: String) -> Bool {
        defer { pasteTarget = nil }
        guard let node = editingNode, pasteTarget == nil || pasteTarget == node else { return false }
        var editor = input(node).editor
        editor.insert(text)
        return apply(editor, to: node)
    }

}

extension String {
    var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
