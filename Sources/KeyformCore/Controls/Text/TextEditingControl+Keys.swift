/// Keys inside text controls: typing, deleting, moving the caret, selecting; and storing an
/// edit, which the value, the clipboard's PRIMARY selection and scrolling then follow.
extension TextEditingControl {
    func handleTextKey(_ press: KeyPress, in context: ControlContext) -> Bool {
        let shift = press.modifiers.contains(.shift)
        let control = press.modifiers.contains(.control)
        let plain = press.modifiers.intersection(.command).isEmpty
        var editor = textInput.editor
        switch press.key {
        case .left where plain: moveVisually(&editor, rightwards: false, extending: shift, in: context)
        case .right where plain: moveVisually(&editor, rightwards: true, extending: shift, in: context)
        case .home, .end:
            let wrapped = wrappedText(in: context)
            let line = wrapped.lines[caretLineColumn(of: wrapped, in: context).line]
            let target = press.key == .home ? (control ? 0 : line.start) : (control ? editor.count : line.start + line.lastColumn)
            editor.moveCaret(to: target, extending: shift)
        case .up where Self.isMultiline && plain: moveVertically(&editor, by: -1, extending: shift, in: context)
        case .down where Self.isMultiline && plain: moveVertically(&editor, by: 1, extending: shift, in: context)
        // Ctrl+BackSpace and Ctrl+Delete delete words: the control's commands (TextEditingControl+Commands).
        case .backSpace where plain: editor.deleteBackward()
        case .delete where plain: editor.deleteForward()
        case .returnKey, .keypadEnter:
            // Where no line break can be typed, Return goes on to the form (next field, submit).
            guard Self.isMultiline && plain && !textInput.readOnly else { return false }
            editor.insert("\n")
        default:
            if plain && !press.text.isEmpty {
                editor.insert(press.text)
            } else {
                return false
            }
        }
        return apply(editor, in: context)
    }

    /// Left and Right move on screen, not in memory: in mixed Hebrew and English text the caret
    /// goes the way the arrow points (Pango's visual cursor motion). A selection collapses first.
    /// Off a line's start the caret goes to the end of the line before, off its end to the start
    /// of the line after, as in GTK's text view.
    func moveVisually(_ editor: inout TextEditor, rightwards: Bool, extending: Bool, in context: ControlContext) {
        guard extending || !editor.hasSelection, !Self.masksText else {
            return editor.move(by: rightwards ? 1 : -1, extending: extending)
        }
        // The caret's paragraph, from the wrap the key reads anyway (its text is the editor's
        // unless a compose sequence is showing): no walk through all the text per press.
        let (line, paragraph) = context.composition.text.isEmpty
            ? wrappedText(in: context).paragraph(containing: editor.caret)
            : { let bounds = editor.lineBounds(of: editor.caret); return (bounds, editor.text(in: bounds)) }()
        guard line.count <= Painter.measuredGraphemes else { return editor.move(by: rightwards ? 1 : -1, extending: extending) }
        let text = String(paragraph)
        // Past the first or last line, moveCaret keeps the caret at the end of the text.
        switch context.measurer.visualNeighbour(text, font: Theme.bodyFont, of: editor.caret - line.lowerBound, rightwards: rightwards) {
        case .offset(let column): editor.moveCaret(to: line.lowerBound + column, extending: extending)
        case .pastStart: editor.moveCaret(to: line.lowerBound - 1, extending: extending)
        case .pastEnd: editor.moveCaret(to: line.upperBound + 1, extending: extending)
        }
    }

    /// Up/Down move to the line drawn above or below, at the caret's x; over a run of them the x
    /// they started from is kept, so passing a short line does not lose the column. Past the
    /// first or last line the caret goes to the start or end of the text, as in GTK.
    func moveVertically(_ editor: inout TextEditor, by delta: Int, extending: Bool, in context: ControlContext) {
        let wrapped = wrappedText(in: context)
        let target = caretLineColumn(of: wrapped, in: context).line + delta
        guard wrapped.lines.indices.contains(target) else {
            return editor.moveCaret(to: delta < 0 ? 0 : editor.count, extending: extending)
        }
        let caret = caretPlace(of: wrapped, in: context).rect
        let goal = textInput.verticalGoal.flatMap { $0.caret == editor.caret ? $0.x : nil } ?? caret.minX
        editor.moveCaret(to: textOffset(nearestX: goal, line: target, of: wrapped, in: context), extending: extending)
        textInput.verticalGoal = (goal, editor.caret)
    }

    /// Puts the selected text on the clipboard; false when there is none to give.
    @discardableResult
    func copySelection(in context: ControlContext) -> Bool {
        guard let text = selectedText else { return false }
        context.setSelection(.clipboard, to: text)
        return true
    }

    /// The selected text, unless the text is masked or nothing is selected.
    var selectedText: String? {
        let editor = textInput.editor
        guard !Self.masksText, editor.hasSelection else { return nil }
        return String(editor.text(in: editor.selection))
    }

    /// Makes a change to a copy of the text and stores it (see `apply`).
    @discardableResult
    func edit(in context: ControlContext, _ change: (inout TextEditor) -> Void) -> Bool {
        var editor = textInput.editor
        change(&editor)
        return apply(editor, in: context)
    }

    /// Stores an edited text; returns true (the key was handled) for use as a tail call.
    /// A new selection becomes the PRIMARY selection, as X users expect.
    @discardableResult
    func apply(_ editor: TextEditor, in context: ControlContext) -> Bool {
        let changed = !editor.hasSameText(as: textInput.editor)
        // Every way of editing ends here, so a read-only text refuses them all in one place.
        guard !changed || !textInput.readOnly else { return true }
        let selectionChanged = editor.selection != textInput.editor.selection
        textInput.editor = editor
        if selectionChanged, let text = selectedText { context.setSelection(.primary, to: text) }
        // A text area that grows with its text takes its new height before the caret is scrolled to.
        if changed {
            context.valueChanged()
            textChanged(in: context)
        } else { context.invalidateControl() }
        keepCaretVisible(in: context)
        return true
    }
}
