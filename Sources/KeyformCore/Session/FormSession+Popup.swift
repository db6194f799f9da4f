/// The popup a control opened (see `Popup`): showing, repainting and closing it.
extension FormSession {
    /// Shows a popup, or shows a changed one again: what the old one covered is repainted, then
    /// what the new one covers, then its field.
    func show(_ newPopup: any Popup) {
        if let old = popup { invalidate(popupArea(old)) }
        newPopup.prepare(in: self)
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
        let rect = popup.frame(in: self)
        return rect.union(popupShadow(rect))
    }

    /// The shadow a popup casts: its shape, a little lower.
    func popupShadow(_ popup: Rect) -> Rect { popup.offsetBy(dx: 0, dy: 2) }

    /// The top of a popup `height` tall opened from a control (window coordinates): below it, or
    /// above it when there is no room below; always inside the window.
    func popupTop(from control: Rect, height: Double) -> Double {
        var y = control.maxY + 2
        if y + height > viewport.height { y = control.minY - 2 - height }
        return min(max(0, y), max(0, viewport.height - height))
    }

    /// A popup's box: its shadow, its background and its border.
    func paintPopupBox(_ rect: Rect, into list: inout DisplayList) {
        list.append(.fill(popupShadow(rect), palette.overlayShadow, radius: Theme.cornerRadius))
        list.append(.fill(rect, palette.fieldBackground, radius: Theme.cornerRadius))
        list.append(.stroke(rect.insetBy(dx: 0.5, dy: 0.5), palette.border, lineWidth: 1, radius: Theme.cornerRadius))
    }

    /// Shows `items` as the suggestions or completions (`purpose`) for the text typed in a field,
    /// or closes its list when there are none.
    func showSuggestions(_ items: [String], as purpose: PickerList.Purpose, for node: Int) {
        if items.isEmpty {
            if pickerList?.node == node { closePicker() }
        } else if pickerList?.items != items {
            show(PickerList(node: node, purpose: purpose, items: items, highlighted: 0, firstVisible: 0))
        }
    }

    /// The list of options or suggestions that is open, if the popup is one.
    var pickerList: PickerList? { popup as? PickerList }

    func closePicker() { closePopup() }
}
