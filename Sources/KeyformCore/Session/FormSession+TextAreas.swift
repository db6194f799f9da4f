/// Text areas that grow with their text: from `rows` lines up to `maxRows`, then they scroll.
extension FormSession {
    /// Fits a growing text area's height to its wrapped text; true if the form needs a new layout.
    func fitTextArea(_ node: Int) -> Bool {
        let field = tree[node].field
        guard field.kind == .textarea, let maxRows = field.maxRows, maxRows > field.rows,
              field.frame == nil, shown[node] else { return false }
        let wanted = min(maxRows, max(field.rows, wrappedText(node).lines.count))
        guard wanted != controlRows[node] else { return false }
        controlRows[node] = wanted
        return true
    }

    /// The wheel over a text area with more lines than it shows scrolls its lines, as in GTK;
    /// at either end of them, or anywhere else, the wheel scrolls the form. False if it did not.
    func scrollTextArea(under point: Point?, by dy: Double) -> Bool {
        guard let point, case .control(let node) = hitTest(point), tree[node].field.kind == .textarea else { return false }
        let scrolled = min(maxTextScroll(node), max(0, states[node].textScroll.y + dy))
        guard scrolled != states[node].textScroll.y else { return false }
        states[node].textScroll.y = scrolled
        invalidate(control: node)
        return true
    }
}
