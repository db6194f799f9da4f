/// Undo and redo in text controls: the session records every value change of a text control
/// in its history (from `valueChanged`, so every way of editing is covered) and restores whole
/// snapshots.
extension FormSession {
    /// At the start of each input event: the selection the next edit starts from, so undo puts
    /// back what was selected, and a moved caret ends a typing run.
    func noteSelectionForUndo() {
        guard let node = editingNode else { return }
        let editor = states[node].editor
        keyCommands.histories[node].noteSelection(anchor: editor.anchor, caret: editor.caret)
    }

    /// After a value change: records it in the control's history. O(n) in the text's length.
    func recordUndo(_ node: Int) {
        guard type(of: tree[node].control).editsText else { return }
        keyCommands.histories[node].record(FieldSnapshot(states[node]))
    }

    /// Puts back the previous (or, for redo, the next) snapshot; false when there is none.
    func restoreHistory(of node: Int, undo: Bool) -> Bool {
        let current = FieldSnapshot(states[node])
        let restored = undo ? keyCommands.histories[node].undo(from: current) : keyCommands.histories[node].redo(from: current)
        guard let step = restored else { return false }
        var editor = states[node].editor
        editor.setText(step.text)
        editor.select(anchor: step.anchor, caret: step.caret)
        states[node].editor = editor
        states[node].tokens = step.tokens
        states[node].selectedToken = nil
        keepCaretVisible(node)
        // Records nothing: the history's baseline is this snapshot already.
        valueChanged(node)
        return true
    }
}
