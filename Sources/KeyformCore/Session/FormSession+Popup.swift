/// The popup a control opened (see `Popup`): showing, repainting and closing it.
extension FormSession {
    /// Shows a popup, or shows a changed one again: what the old one covered is repainted, then
    /// what the new one covers, then its field.
    func show(_ newPopup: any Popup) {
        if let old = popup { invalidate(popupArea(old)) }
        newPopup.prepare(in: context(newPopup.node))
        popup = newPopup
        invalidate(popupArea(newPopup))
        invalidate(node: newPopup.node)
    }

    func closePopup() {
        guard let old = popup else { return }
        popup = nil
        invalidate(popupArea(old))
        invalidate(node: old.node)
    }

    /// What an open popup covers: its frame and the shadow it casts below it. Opening,
    /// changing and closing it repaint all of that, so no pixel it drew is left behind.
    func popupArea(_ popup: any Popup) -> Rect {
        let rect = popup.frame(in: context(popup.node))
        return rect.union(Painter.popupShadow(rect))
    }
}
