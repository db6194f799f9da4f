/// The inside of controls: text with its selection and caret, token chips, the picker.
extension FormSession {
    func paintText(_ node: Int, enabled: Bool, into list: inout DisplayList) {
        let field = tree[node].field
        let editor = input(node).editor
        if field.kind == .tokens { paintChips(node, into: &list) }
        let lineHeight = measurer.lineHeight(Theme.bodyFont)
        let top = textTop(node)
        let editing = editingNode == node
        if editor.isEmpty && !field.placeholder.isEmpty && (field.kind != .tokens || tokensControl(node).tokens.isEmpty) {
            let x = alignedX(field.placeholder, font: Theme.bodyFont, in: windowRect(textBox(node)))
            list.append(.text(TextRun(text: field.placeholder, origin: Point(x: x, y: top - scrollOffset.y),
                                      font: Theme.bodyFont, color: Theme.placeholder)))
        }
        let lines = wrappedText(node).lines
        let caret = caretLineColumn(node)
        // Only the lines inside the control are visited: a long text area costs what it shows.
        let box = textBox(node)
        let first = max(0, Int((box.minY - top) / lineHeight))
        let last = min(lines.count - 1, first + Int(box.height / lineHeight) + 1)
        for line in first...max(first, last) where line < lines.count {
            let run = visibleRun(node, line: line)
            let runStart = lines[line].start + run.start
            let origin = windowPoint(runOrigin(node, line: line, run: run))
            if editing && editor.hasSelection {
                let selected = editor.selection.clamped(to: runStart..<runStart + run.text.count + 1)
                if !selected.isEmpty {
                    let offsets = runOffsets(node, line: line, run: run)
                    let x0 = offsets[min(selected.lowerBound - runStart, run.text.count)]
                    let x1 = offsets[min(selected.upperBound - runStart, run.text.count)]
                    list.append(.fill(Rect(x: origin.x + min(x0, x1), y: origin.y, width: max(abs(x1 - x0), 4), height: lineHeight),
                                      Theme.selection, radius: 0))
                }
            }
            if !run.text.isEmpty {
                let composing = editing && line == caret.line && !preedit.isEmpty
                let preeditEnd = caret.column - run.start
                list.append(.text(TextRun(text: run.text, origin: origin, font: Theme.bodyFont,
                                          color: enabled ? Theme.text : Theme.placeholder,
                                          underline: composing ? preeditEnd - preedit.count..<preeditEnd : nil)))
            }
        }
        if editing && caretOn && windowHasFocus, let caret = caretContentRect(node) {
            list.append(.fill(windowRect(caret), Theme.text, radius: 0))
        }
    }

    func windowPoint(_ content: Point) -> Point { Point(x: content.x - scrollOffset.x, y: content.y - scrollOffset.y) }

    /// Each chip: its token, then its ✕ at the end (the left in a right-to-left form).
    func paintChips(_ node: Int, into list: inout DisplayList) {
        let lineHeight = measurer.lineHeight(Theme.labelFont)
        for (index, (chip, close)) in chipRects(node).enumerated() {
            let rect = windowRect(chip)
            let token = tokensControl(node).tokens[index]
            let selected = tokensControl(node).selectedToken == index
            let color = selected ? Theme.buttonText : Theme.tokenText
            let y = rect.midY - lineHeight / 2
            list.append(.fill(rect, selected ? Theme.accent : Theme.tokenBackground, radius: rect.height / 2))
            // A token wider than the field is cut short of its ✕, which stays to remove it.
            let textRoom = Rect(x: form.direction == .ltr ? rect.minX : windowRect(close).maxX, y: rect.minY,
                                width: rect.width - close.width, height: rect.height)
            let cut = chipWidth(token) > chip.width
            if cut { list.append(.pushClip(textRoom)) }
            list.append(.text(TextRun(text: token, origin: Point(x: alignedX(token, font: Theme.labelFont, in: textRoom.insetBy(dx: Theme.chipPadding, dy: 0)), y: y),
                                      font: Theme.labelFont, color: color)))
            if cut { list.append(.popClip) }
            list.append(.text(TextRun(text: "✕", origin: Point(x: windowRect(close).minX + 2, y: y), font: Theme.labelFont, color: color)))
        }
    }

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
