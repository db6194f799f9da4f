/// Undo and redo in text controls: every value change is recorded in the input's history (from
/// the context's `valueChanged`, so every way of editing is covered) and whole snapshots are
/// restored.
extension TextEditingControl {
    /// At the start of each input event: the selection the next edit starts from, so undo puts
    /// back what was selected, and a moved caret ends a typing run.
    func noteSelectionForUndo() {
        textInput.history.noteSelection(anchor: textInput.editor.anchor, caret: textInput.editor.caret)
    }

    /// After a value change: records it in the history. O(n) in the text's length.
    func recordUndo() {
        textInput.history.record(undoSnapshot())
    }

    /// Types an input method's commit as one undo step, joined to no typing before or after it.
    func commitText(_ text: String, in context: ControlContext) -> Bool {
        textInput.history.endRun()
        defer { textInput.history.endRun() }
        return edit(in: context) { $0.insert(text) }
    }

    /// Puts back the previous (or, for redo, the next) snapshot; false when there is none.
    func restoreHistory(undo: Bool, in context: ControlContext) -> Bool {
        let current = undoSnapshot()
        let restored = undo ? textInput.history.undo(from: current) : textInput.history.redo(from: current)
        guard let step = restored else { return false }
        restoreUndoStep(step)
        keepCaretVisible(in: context)
        // Records nothing: the history's baseline is this snapshot already.
        context.valueChanged()
        return true
    }
}
