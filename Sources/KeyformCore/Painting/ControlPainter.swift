/// The open list of a picker or of a token field's suggestions, drawn above the form.
extension FormSession {
    func windowPoint(_ content: Point) -> Point { Point(x: content.x - scrollOffset.x, y: content.y - scrollOffset.y) }

    func paintPickerList(_ picker: PickerList, into list: inout DisplayList) {
        let rect = pickerListRect(picker)
        let options = picker.items
        list.append(.fill(popupShadow(rect), Theme.overlayShadow, radius: Theme.cornerRadius))
        list.append(.fill(rect, Theme.fieldBackground, radius: Theme.cornerRadius))
        list.append(.stroke(rect.insetBy(dx: 0.5, dy: 0.5), Theme.border, lineWidth: 1, radius: Theme.cornerRadius))
        list.append(.pushClip(rect))
        let lineHeight = measurer.lineHeight(Theme.bodyFont)
        for row in 0..<visibleRows(picker) {
            let option = picker.firstVisible + row
            let rowRect = Rect(x: rect.minX, y: rect.minY + Double(row) * Theme.pickerRowHeight, width: rect.width, height: Theme.pickerRowHeight)
            let highlighted = option == picker.highlighted
            if highlighted { list.append(.fill(rowRect.insetBy(dx: 3, dy: 2), Theme.highlight, radius: 3)) }
            let textRect = rowRect.insetBy(dx: Theme.textInset, dy: 0)
            let text = fitted(options[option], font: Theme.bodyFont, width: textRect.width)
            list.append(.text(TextRun(text: text, origin: Point(x: alignedX(text, font: Theme.bodyFont, in: textRect), y: rowRect.midY - lineHeight / 2),
                                      font: Theme.bodyFont, color: highlighted ? Theme.buttonText : Theme.text)))
        }
        list.append(.popClip)
    }
}

extension Rect {
    var origin: Point { Point(x: x, y: y) }
}
