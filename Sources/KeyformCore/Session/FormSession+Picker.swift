/// The open list of a picker: where it is drawn and which options it shows.
extension FormSession {
    func openPicker(_ node: Int) {
        let count = tree[node].field.options.count
        guard count > 0 else { return }
        var list = PickerList(node: node, highlighted: states[node].choice ?? 0, firstVisible: 0)
        showHighlighted(&list)
        pickerList = list
        invalidate(pickerListRect(list))
        invalidate(node: node)
    }

    func closePicker() {
        guard let list = pickerList else { return }
        pickerList = nil
        invalidate(pickerListRect(list))
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
        return max(1, min(tree[list.node].field.options.count, Theme.pickerMaxRows, fit))
    }

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
