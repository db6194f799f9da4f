/// Text areas that grow with their text: from `rows` lines up to `maxRows`, then they scroll.
extension FormSession {
    /// The wheel over a text area with more lines than it shows scrolls its lines, as in GTK;
    /// at either end of them, or anywhere else, the wheel scrolls the form. False if it did not.
    func scrollTextArea(under point: Point?, by dy: Double) -> Bool {
        guard let point, case .control(let node) = hitTest(point), tree[node].field.kind == .textarea else { return false }
        let scrolled = min(maxTextScroll(node), max(0, input(node).scroll.y + dy))
        guard scrolled != input(node).scroll.y else { return false }
        input(node).scroll.y = scrolled
        invalidate(control: node)
        return true
    }
}
