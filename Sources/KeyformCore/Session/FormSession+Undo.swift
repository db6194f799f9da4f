/// Undo and redo in text controls: the session records every value change of a text control
/// in its history (from `valueChanged`, so every way of editing is covered) and restores whole
/// snapshots.
extension FormSession {
    /// At the start of each input event: the selection the next edit starts from, so undo puts
    /// back what was selected, and a moved caret ends a typing run.
    func noteSelectionForUndo() {
        guard let node = editingNode else { return }
        let editor = input(node).editor
        input(node).history.noteSelection(anchor: editor.anchor, caret: editor.caret)
    }

    /// After a value change: records it in the control's history. O(n) in the text's length.
    func recordUndo(_ node: Int) {
        guard type(of: tree[node].control).editsText else { return }
        input(node).history.record(textControl(node)!.undoSnapshot())
    }

    /// Puts back the previous (or, for redo, the next) snapshot; false when there is none.
    func restoreHistory(of node: Int, undo: Bool) -> Bool {
        let control = textControl(node)!
        let current = control.undoSnapshot()
        let restored = undo ? input(node).history.undo(from: current) : input(node).history.redo(from: current)
        guard let step = restored else { return false }
        control.restoreUndoStep(step)
        keepCaretVisible(node)
        // Records nothing: the history's baseline is this snapshot already.
        valueChanged(node)
        return true
    }
}
