/// A text control's inside: the placeholder, the lines it shows with the selection behind them
/// and a composition underlined segment by segment (the one an input method converts highlighted),
/// and the caret.
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
        // The composition's segments in Characters of the drawn text, which it joins at the value's caret.
        let segments = preedit.drawnSegments.map { (range: editor.caret + $0.range.lowerBound..<editor.caret + $0.range.upperBound,
                                                    converted: $0.converted) }
        // Only the lines inside the control are visited: a long text area costs what it shows.
        let box = textBox(in: context)
        let first = max(0, Int((box.minY - top) / lineHeight))
        let last = min(lines.count - 1, first + Int(box.height / lineHeight) + 1)
        for line in first...max(first, last) where line < lines.count {
            let run = visibleRun(line: line, of: wrapped, in: context)
            let runStart = lines[line].start + run.start
            let origin = context.windowPoint(runOrigin(line: line, run: run, of: wrapped, in: context))
            // From the left, where `range` (Characters of the drawn text) lies on this run, if on it.
            func span(_ range: Range<Int>) -> (x: Double, width: Double)? {
                let part = range.clamped(to: runStart..<runStart + run.text.count + 1)
                guard !part.isEmpty else { return nil }
                let offsets = runOffsets(line: line, run: run, in: context)
                let x0 = offsets[min(part.lowerBound - runStart, run.text.count)]
                let x1 = offsets[min(part.upperBound - runStart, run.text.count)]
                return (origin.x + min(x0, x1), abs(x1 - x0))
            }
            func band(_ range: Range<Int>) {
                guard let (x, width) = span(range) else { return }
                list.append(.fill(Rect(x: x, y: origin.y, width: max(width, 4), height: lineHeight).pixelAligned, painter.selectionColor, radius: 0))
            }
            if editing && editor.hasSelection { band(editor.selection) }
            for segment in segments where segment.converted { band(segment.range) }
            if !run.text.isEmpty {
                list.append(.text(TextRun(text: run.text, origin: origin, font: Theme.bodyFont,
                                          color: context.isEnabled ? palette.text : palette.placeholder)))
            }
            // Each segment underlined on its own, a pixel short at each end so that neighbours
            // part, the one being converted twice as thick (GTK draws the clauses of a conversion
            // apart, the current one stronger).
            for segment in segments {
                guard let (x, width) = span(segment.range) else { continue }
                let thickness = segment.converted ? 2.0 : 1.0
                let rule = Rect(x: x + 1, y: origin.y + lineHeight - 1 - thickness, width: max(width - 2, 1), height: thickness)
                list.append(.fill(rule.pixelAligned, palette.text, radius: 0))
            }
        }
        if context.caretShows {
            list.append(.fill(context.windowRect(caretPlace(of: wrapped, in: context).rect), palette.text, radius: 0))
        }
    }
}
