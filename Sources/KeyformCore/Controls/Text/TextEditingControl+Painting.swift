/// A text control's inside: the placeholder, the lines it shows with the selection behind them
/// and a composition underlined (the part an input method converts highlighted), and the caret.
extension TextEditingControl {
    /// - Parameter showingPlaceholder: false where the control shows something else while its
    ///   text is empty (a token field with tokens).
    func paintText(into list: inout DisplayList, in context: ControlContext, showingPlaceholder: Bool = true) {
        let painter = context.painter, palette = painter.palette
        let editor = textInput.editor
        let lineHeight = context.measurer.lineHeight(Theme.bodyFont)
        let top = textTop(in: context)
        let editing = context.isEditing
        let placeholder = editor.isEmpty && showingPlaceholder ? context.field.placeholder : ""
        if !placeholder.isEmpty {
            let x = painter.alignedX(placeholder, font: Theme.bodyFont, in: context.windowRect(textBox(in: context)))
            list.append(.text(TextRun(text: placeholder, origin: Point(x: x, y: context.windowPoint(Point(x: 0, y: top)).y),
                                      font: Theme.bodyFont, color: palette.placeholder)))
        }
        let wrapped = wrappedText(in: context), lines = wrapped.lines
        let preedit = context.composition
        // The composition's Characters in the drawn text, which it joins at the value's caret.
        let composed = editor.caret..<editor.caret + preedit.text.count
        // Only the lines inside the control are visited: a long text area costs what it shows.
        let box = textBox(in: context)
        let first = max(0, Int((box.minY - top) / lineHeight))
        let last = min(lines.count - 1, first + Int(box.height / lineHeight) + 1)
        for line in first...max(first, last) where line < lines.count {
            let run = visibleRun(line: line, of: wrapped, in: context)
            let runStart = lines[line].start + run.start
            let origin = context.windowPoint(runOrigin(line: line, run: run, of: wrapped, in: context))
            func band(_ range: Range<Int>) {
                let part = range.clamped(to: runStart..<runStart + run.text.count + 1)
                guard !part.isEmpty else { return }
                let offsets = runOffsets(line: line, run: run, in: context)
                let x0 = offsets[min(part.lowerBound - runStart, run.text.count)]
                let x1 = offsets[min(part.upperBound - runStart, run.text.count)]
                let rect = Rect(x: origin.x + min(x0, x1), y: origin.y, width: max(abs(x1 - x0), 4), height: lineHeight)
                list.append(.fill(rect.pixelAligned, painter.selectionColor, radius: 0))
            }
            if editing && editor.hasSelection { band(editor.selection) }
            if let highlight = preedit.highlight, !highlight.isEmpty {
                band(composed.lowerBound + highlight.lowerBound..<composed.lowerBound + highlight.upperBound)
            }
            if !run.text.isEmpty {
                // Counted only under a composition: a count walks the run's graphemes.
                let underlined = composed.isEmpty ? composed : composed.clamped(to: runStart..<runStart + run.text.count)
                list.append(.text(TextRun(text: run.text, origin: origin, font: Theme.bodyFont,
                                          color: context.isEnabled ? palette.text : palette.placeholder,
                                          underline: underlined.isEmpty ? nil : underlined.lowerBound - runStart..<underlined.upperBound - runStart)))
            }
        }
        if context.caretShows {
            list.append(.fill(context.windowRect(caretPlace(of: wrapped, in: context).rect), palette.text, radius: 0))
        }
    }
}
