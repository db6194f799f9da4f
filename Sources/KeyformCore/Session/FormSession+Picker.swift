/// The open list of a picker or of a token field's suggestions: where it is drawn, which items
/// it shows, and choosing from it.
extension FormSession {
    func show(_ newList: PickerList) {
        if let old = pickerList { invalidate(pickerListArea(old)) }
        var list = newList
        showHighlighted(&list)
        pickerList = list
        invalidate(pickerListArea(list))
        invalidate(node: list.node)
    }

    /// Chooses an item of the open list and closes it.
    func chooseFromList(_ index: Int) {
        guard let list = pickerList, list.items.indices.contains(index) else { return }
        closePicker()
        tree[list.node].control.chooseFromList(index, of: list, in: context(list.node))
    }

    func closePicker() {
        guard let list = pickerList else { return }
        pickerList = nil
        invalidate(pickerListArea(list))
        invalidate(node: list.node)
    }

    /// Scrolls the list so the highlighted option is shown.
    func showHighlighted(_ list: inout PickerList) {
        let rows = visibleRows(list)
        if list.highlighted < list.firstVisible { list.firstVisible = list.highlighted }
        if list.highlighted >= list.firstVisible + rows { list.firstVisible = list.highlighted - rows + 1 }
    }

    func visibleRows(_ list: PickerList) -> Int {
        let fit = Int((viewport.height - 2 * Theme.scrollMargin) / Theme.pickerRowHeight)
        return max(1, min(list.items.count, Theme.pickerMaxRows, fit))
    }

    /// What an open list covers: its rectangle and the shadow it casts below it. Opening,
    /// changing and closing the list repaint all of it, so no pixel it drew is left behind.
    func pickerListArea(_ list: PickerList) -> Rect {
        let rect = pickerListRect(list)
        return rect.union(popupShadow(rect))
    }

    /// The shadow a popup casts: its shape, a little lower.
    func popupShadow(_ popup: Rect) -> Rect { popup.offsetBy(dx: 0, dy: 2) }

    /// Below the picker, or above it when there is no room below; always inside the window.
    func pickerListRect(_ list: PickerList) -> Rect {
        let control = windowRect(layout.controls[list.node])
        let height = Double(visibleRows(list)) * Theme.pickerRowHeight
        var y = control.maxY + 2
        if y + height > viewport.height { y = control.minY - 2 - height }
        y = min(max(0, y), max(0, viewport.height - height))
        return Rect(x: control.minX, y: y, width: control.width, height: height)
    }
}
