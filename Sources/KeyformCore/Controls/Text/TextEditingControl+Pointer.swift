/// The pointer in text controls: one click places the caret (Shift extends the selection), two
/// select a word, three the line, and a drag then selects; the middle button places the caret
/// for a paste. Points are in window coordinates, offsets in Characters.
extension TextEditingControl {
    func pressText(_ press: PointerPress, in context: ControlContext) {
        var editor = textInput.editor
        switch press.clickCount {
        case 2:
            let word = editor.wordSelection(at: graphemeOffset(at: press.point, in: context), wholeText: Self.masksText)
            editor.select(anchor: word.lowerBound, caret: word.upperBound)
        case 3...: editor.select(anchor: editor.lineStart, caret: editor.lineEnd)
        default: editor.moveCaret(to: textOffset(at: press.point, in: context), extending: press.modifiers.contains(.shift))
        }
        context.selectByDragging(press.clickCount == 1)
        apply(editor, in: context)
    }

    /// The pointer moved while the button pressed in the text is held.
    func dragSelect(to point: Point, in context: ControlContext) -> Bool {
        edit(in: context) { $0.moveCaret(to: textOffset(at: point, in: context), extending: true) }
    }

    /// A middle click: the caret goes where it landed, and the paste follows.
    func placeCaret(at point: Point, in context: ControlContext) {
        edit(in: context) { $0.moveCaret(to: textOffset(at: point, in: context), extending: false) }
    }

    /// The nearest grapheme boundary to a point, as a Character offset into the value.
    func textOffset(at point: Point, in context: ControlContext) -> Int {
        let wrapped = wrappedText(in: context)
        let (line, x) = drawnLine(at: point, of: wrapped, in: context)
        return textOffset(nearestX: x, line: line, of: wrapped, in: context)
    }

    /// The grapheme under a point, by the Character offset before it: the one a double click
    /// picks the word of. Beside a line's text, its nearest grapheme.
    func graphemeOffset(at point: Point, in context: ControlContext) -> Int {
        let wrapped = wrappedText(in: context)
        let (line, x) = drawnLine(at: point, of: wrapped, in: context)
        let run = pointerRun(line: line, x: x, of: wrapped, in: context), offsets = run.offsets
        // A grapheme spans two neighbouring boundaries, in either order in right-to-left text.
        let under = (0..<run.last).first { index in
            min(offsets[index], offsets[index + 1]) <= run.x && run.x < max(offsets[index], offsets[index + 1])
        }
        if let under { return run.start + under }
        let nearest = run.start + run.nearest
        return nearest == run.line.upperBound && !run.line.isEmpty ? nearest - 1 : nearest
    }

    /// The drawn line under a window point (the first or last beyond them) and its content x.
    private func drawnLine(at point: Point, of wrapped: WrappedText, in context: ControlContext) -> (line: Int, x: Double) {
        let content = context.contentPoint(point)
        let lines = wrapped.lines
        let row = ((content.y - textTop(in: context)) / context.measurer.lineHeight(Theme.bodyFont)).rounded(.down)
        return (Int(max(0, min(row, Double(lines.count - 1)))), content.x)
    }

    /// The grapheme boundary of a drawn line nearest to a content x, short of a soft break's
    /// trailing space: where a click, or an Up/Down that keeps its x, lands.
    func textOffset(nearestX x: Double, line: Int, of wrapped: WrappedText, in context: ControlContext) -> Int {
        let run = pointerRun(line: line, x: x, of: wrapped, in: context)
        return run.start + run.nearest
    }

    /// A drawn line's visible run, measured, with `x` (content coordinates) placed on it.
    private func pointerRun(line: Int, x: Double, of wrapped: WrappedText, in context: ControlContext) -> PointerRun {
        let info = wrapped.lines[line]
        let run = visibleRun(line: line, of: wrapped, in: context)
        let offsets = runOffsets(line: line, run: run, in: context)
        return PointerRun(start: info.start + run.start, offsets: offsets,
                          x: x - runOrigin(line: line, run: run, of: wrapped, in: context).x,
                          last: max(0, min(info.lastColumn - run.start, offsets.count - 1)),
                          line: info.start..<info.start + info.lastColumn)
    }
}

/// A line's visible run as a pointer meets it: the x of each grapheme boundary, and the
/// pointer's x, both from the run's origin.
private struct PointerRun {
    /// The Character offset of the run's first boundary.
    let start: Int
    let offsets: [Double]
    let x: Double
    /// The index of the last boundary the line shows.
    let last: Int
    /// The line's Characters, up to the furthest the caret goes on it (`lastColumn`).
    let line: Range<Int>

    /// The index of the boundary nearest `x`.
    var nearest: Int {
        var best = 0
        for index in 0...last where abs(offsets[index] - x) < abs(offsets[best] - x) { best = index }
        return best
    }
}
