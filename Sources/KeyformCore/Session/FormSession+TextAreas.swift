/// Text areas that grow with their text: from `rows` lines up to `maxRows`, then they scroll.
extension FormSession {
    /// Fits a growing text area's height to its wrapped text; true if the form needs a new layout.
    func fitTextArea(_ node: Int) -> Bool {
        let field = tree[node].field
        guard field.kind == .textarea, let maxRows = field.maxRows, maxRows > field.rows,
              field.frame == nil, shown[node] else { return false }
        let wanted = min(maxRows, max(field.rows, wrappedText(node).lines.count))
        guard wanted != textAreaRows[node] else { return false }
        textAreaRows[node] = wanted
        return true
    }
}
