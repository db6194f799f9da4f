/// One row of a checkbox or of a radio group's options, in window coordinates: its mark (a box, a
/// circle) in a square at the form's starting edge, its text beside it, and the focus ring around
/// both, as GTK draws its check and radio buttons.
struct ChoiceRow {
    /// The row; its first `Theme.choiceRowHeight` hold the mark (a checkbox's label may wrap below).
    let frame: Rect
    let direction: Direction
    let palette: Palette

    /// The mark, centred in its square.
    var mark: Rect {
        let inset = (Theme.choiceRowHeight - Theme.choiceMarkSize) / 2
        let x = direction == .ltr ? frame.minX + inset : frame.maxX - inset - Theme.choiceMarkSize
        return Rect(x: x, y: frame.minY + inset, width: Theme.choiceMarkSize, height: Theme.choiceMarkSize)
    }

    /// Where its text goes: the rest of the row, beside the mark's square.
    var text: Rect {
        Rect(x: direction == .ltr ? frame.minX + Theme.choiceRowHeight : frame.minX, y: frame.minY,
             width: max(0, frame.width - Theme.choiceRowHeight), height: frame.height)
    }

    /// The focus ring around the mark and `textWidth` of its text, 2 px inside the row, so that
    /// repainting the inside of the control (after a value change) repaints it.
    func focusRing(textWidth: Double, color: Color) -> DisplayItem {
        let width = min(frame.width - 4, Theme.choiceRowHeight + textWidth + 4)
        let x = direction == .ltr ? frame.minX + 2 : frame.maxX - 2 - width
        return .stroke(Rect(x: x, y: frame.minY + 2, width: width, height: frame.height - 4), color, lineWidth: 2,
                       radius: Theme.cornerRadius)
    }

    /// A box (or a `round` circle) with a border when off; filled with the accent and holding a
    /// check (or a dot) when on; faded when disabled.
    func paintMark(on: Bool, round: Bool, enabled: Bool, into list: inout DisplayList) {
        let mark = self.mark, radius = round ? mark.width / 2 : 3
        guard on else {
            list.append(.fill(mark, enabled ? palette.fieldBackground : palette.background, radius: radius))
            list.append(.stroke(mark, palette.border, lineWidth: 1, radius: radius))
            return
        }
        var accent = palette.accent
        if !enabled { accent.alpha = 0.5 }
        list.append(.fill(mark, accent, radius: radius))
        if round {
            list.append(.fill(mark.insetBy(dx: 5, dy: 5), palette.buttonText, radius: 3))
        } else {
            // Down to the bottom of the check, then up to its far end.
            let bottom = Point(x: mark.minX + 6.5, y: mark.maxY - 4.5)
            list.append(.line(from: Point(x: mark.minX + 3.5, y: mark.midY), to: bottom, palette.buttonText, lineWidth: 2))
            list.append(.line(from: bottom, to: Point(x: mark.maxX - 3.5, y: mark.minY + 4), palette.buttonText, lineWidth: 2))
        }
    }
}
