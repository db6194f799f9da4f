/// Where the text of a control is drawn, and the caret: shared by painting, hit testing and
/// scrolling so they always agree.
extension FormSession {
    /// The text as drawn: a bullet per grapheme in password fields, and a compose sequence in
    /// progress at the caret.
    func displayText(_ node: Int) -> String {
        var text = shownText(node)
        if !preedit.isEmpty && editingNode == node {
            text.insert(contentsOf: preedit, at: text.index(text.startIndex, offsetBy: input(node).editor.caret))
        }
        return text
    }

    func shownText(_ node: Int) -> String {
        let editor = input(node).editor
        return tree[node].field.kind == .password ? String(repeating: "•", count: editor.count) : editor.text
    }

    /// A field's text as a person sees it, bullets for a password: what replay reports, so a
    /// password reaches no log.
    public func shownText(of id: String) -> String? {
        guard let node = tree.index(of: id), type(of: tree[node].control).editsText else { return nil }
        return shownText(node)
    }

    /// Shows or clears the compose sequence in progress.
    func showPreedit(_ text: String) {
        guard text != preedit else { return }
        preedit = text
        if let node = editingNode { invalidate(node: node) }
    }

    /// The text as drawn, in lines: a text area's paragraphs wrapped at its width (except one
    /// longer than `wrappedGraphemes`, which scrolls sideways), one line in other controls.
    /// Kept per field and rebuilt when the text or the width changed.
    func wrappedText(_ node: Int) -> WrappedText {
        let text = displayText(node)
        let wraps = tree[node].field.kind == .textarea
        // One pixel of the width is kept for the caret after the last letter.
        let width = wraps ? max(1, layout.controls[node].width - 2 * Theme.textInset - 1) : 0
        if let cached = input(node).wrap, cached.width == width, cached.text == text { return cached }
        let wrapped = WrappedText(text: text, width: width, reusing: input(node).wrap) { [measurer] paragraph in
            guard wraps, paragraph.count <= Self.wrappedGraphemes else { return [0] }
            return measurer.lineStarts(String(paragraph), font: Theme.bodyFont, width: width)
        }
        input(node).wrap = wrapped
        return wrapped
    }

    /// The top of the first line of text, in content coordinates, after scrolling.
    func textTop(_ node: Int) -> Double {
        let control = layout.controls[node]
        switch tree[node].field.kind {
        case .textarea: return control.minY + Theme.textInset - input(node).scroll.y
        // A token field's input is centred in its row, as the chips are.
        case .tokens: return textBox(node).midY - measurer.lineHeight(Theme.bodyFont) / 2
        default: return control.minY + (control.height - measurer.lineHeight(Theme.bodyFont)) / 2
        }
    }

    /// The direction a line is aligned by: its paragraph's (a Hebrew paragraph starts at the
    /// right, as in GTK's text views), or the form's for a paragraph with no letters.
    func lineDirection(_ node: Int, line: Int) -> Direction {
        wrappedText(node).lines[line].direction ?? form.direction
    }

    /// Where a line's visible run is drawn, in content coordinates: from the left edge, or for a
    /// right-to-left line ending at the right edge.
    func runOrigin(_ node: Int, line: Int, run: (start: Int, text: String)) -> Point {
        let box = textBox(node)
        // The run's width, as `TextMeasuring.width` gives it: its widest caret offset.
        let x = lineDirection(node, line: line) == .ltr ? box.minX : box.maxX - (runOffsets(node, line: line, run: run).max() ?? 0)
        return Point(x: x - input(node).scroll.x, y: textTop(node) + Double(line) * measurer.lineHeight(Theme.bodyFont))
    }

    /// The room text has inside the control: in a token field, the rest of the input's row.
    func textBox(_ node: Int) -> Rect {
        if tree[node].field.kind == .tokens { return tokenRect(node, tokenFlow(node).input) }
        let control = layout.controls[node]
        return Rect(x: control.minX + Theme.textInset, y: control.minY + 2,
                    width: max(0, control.width - 2 * Theme.textInset), height: control.height - 4)
    }

    /// Where a text area shows its lines: inside the inset, in whole lines when it is `rows` high.
    func textAreaLines(_ node: Int) -> Rect {
        layout.controls[node].insetBy(dx: 0, dy: Theme.textInset)
    }

    /// How far a text area's lines scroll: until the last one shows at its bottom.
    func maxTextScroll(_ node: Int) -> Double {
        let textHeight = Double(wrappedText(node).lines.count) * measurer.lineHeight(Theme.bodyFont)
        return max(0, textHeight - textAreaLines(node).height)
    }

    /// The part of a line that is measured and drawn, from Character `start` of the line: all of
    /// it, or for a very long line a window around the caret, so that a 10 MB paste costs what a
    /// short line costs. The window moves in steps, so the caret's x holds still within one.
    func visibleRun(_ node: Int, line: Int) -> (start: Int, text: String) {
        let full = wrappedText(node).text(of: line)
        let count = full.count, size = Self.measuredGraphemes
        guard count > size else { return (0, String(full)) }
        let caret = caretLineColumn(node)
        let column = caret.line == line ? caret.column : 0
        let step = size / 4
        let start = max(0, min(count - size, column / step * step - size / 2))
        let from = full.index(full.startIndex, offsetBy: start)
        return (start, String(full[from..<full.index(from, offsetBy: size)]))
    }

    /// The x of every grapheme boundary of a line's visible run: measured once per text and
    /// width, then kept with the wrap, so the key, the scroll and the paint after it share one
    /// measuring.
    func runOffsets(_ node: Int, line: Int, run: (start: Int, text: String)) -> [Double] {
        if let measured = wrappedText(node).measuredRuns[line], measured.start == run.start { return measured.offsets }
        let offsets = measurer.caretOffsets(run.text, font: Theme.bodyFont)
        // A selection dragged through a long text measures many lines; keep a screenful or so.
        if input(node).wrap?.measuredRuns.count ?? 0 >= 256 { input(node).wrap?.measuredRuns.removeAll() }
        input(node).wrap?.measuredRuns[line] = (run.start, offsets)
        return offsets
    }

    /// The drawn line the caret is on, and its column in that line.
    func caretLineColumn(_ node: Int) -> (line: Int, column: Int) {
        let wrapped = wrappedText(node)
        let offset = input(node).editor.caret + (editingNode == node ? preedit.count : 0)
        let line = wrapped.line(containing: offset)
        return (line, offset - wrapped.lines[line].start)
    }

    /// The caret in content coordinates.
    func caretContentRect(_ node: Int) -> Rect? {
        guard type(of: tree[node].control).editsText else { return nil }
        let (line, column) = caretLineColumn(node)
        let run = visibleRun(node, line: line)
        let offsets = runOffsets(node, line: line, run: run)
        let origin = runOrigin(node, line: line, run: run)
        let x = origin.x + offsets[max(0, min(column - run.start, offsets.count - 1))]
        return Rect(x: x.rounded(), y: origin.y, width: 1, height: measurer.lineHeight(Theme.bodyFont))
    }

    /// Repaint only the caret (the blink).
    func invalidateCaret() {
        guard let node = editingNode, let caret = caretContentRect(node) else { return }
        invalidate(windowRect(caret).insetBy(dx: -2, dy: -1))
    }

    /// Scrolls the text inside its control so the caret stays visible (and a text area shows
    /// no empty room below its last line), then the form so the caret line of a text area or
    /// the input of a token field does.
    func keepCaretVisible(_ node: Int) {
        guard let caret = caretContentRect(node) else { return }
        let box = textBox(node)
        var scroll = input(node).scroll
        if caret.maxX > box.maxX { scroll.x += caret.maxX - box.maxX }
        if caret.minX < box.minX { scroll.x -= box.minX - caret.minX }
        // Text never scrolls away from the edge it is aligned to.
        let line = caretLineColumn(node).line
        scroll.x = lineDirection(node, line: line) == .ltr ? max(0, scroll.x) : min(0, scroll.x)
        let kind = tree[node].field.kind
        if kind == .textarea {
            let lines = textAreaLines(node)
            if caret.maxY > lines.maxY { scroll.y += caret.maxY - lines.maxY }
            if caret.minY < lines.minY { scroll.y = max(0, scroll.y - (lines.minY - caret.minY)) }
            scroll.y = min(scroll.y, maxTextScroll(node))
        } else if kind == .tokens {
            // A token field with a frame too short for its rows scrolls them to show the input.
            let rows = layout.controls[node].insetBy(dx: 0, dy: 2)
            if caret.maxY > rows.maxY { scroll.y += caret.maxY - rows.maxY }
            if caret.minY < rows.minY { scroll.y = max(0, scroll.y - (rows.minY - caret.minY)) }
        }
        input(node).scroll = scroll
        if kind == .textarea || kind == .tokens { scrollIntoView(node) }
    }

    /// The nearest grapheme boundary to a click, as a Character offset into the value.
    func textOffset(at point: Point, in node: Int) -> Int {
        let (line, x) = drawnLine(at: point, in: node)
        return textOffset(nearestX: x, line: line, in: node)
    }

    /// The grapheme under a point, by the Character offset before it: the one a double click
    /// picks the word of. Beside a line's text, its nearest grapheme.
    func graphemeOffset(at point: Point, in node: Int) -> Int {
        let (line, x) = drawnLine(at: point, in: node)
        let info = wrappedText(node).lines[line]
        let run = visibleRun(node, line: line)
        let offsets = runOffsets(node, line: line, run: run)
        let relative = x - runOrigin(node, line: line, run: run).x
        let shown = max(0, min(info.lastColumn - run.start, offsets.count - 1))
        // A grapheme spans two neighbouring boundaries, in either order in right-to-left text.
        let under = (0..<shown).first { index in
            min(offsets[index], offsets[index + 1]) <= relative && relative < max(offsets[index], offsets[index + 1])
        }
        if let under { return info.start + run.start + under }
        let nearest = textOffset(nearestX: x, line: line, in: node)
        return nearest == info.start + info.lastColumn && info.lastColumn > 0 ? nearest - 1 : nearest
    }

    /// The drawn line under a window point (the first or last beyond them) and its content x.
    private func drawnLine(at point: Point, in node: Int) -> (line: Int, x: Double) {
        let content = contentPoint(point)
        let lines = wrappedText(node).lines
        let row = ((content.y - textTop(node)) / measurer.lineHeight(Theme.bodyFont)).rounded(.down)
        return (Int(max(0, min(row, Double(lines.count - 1)))), content.x)
    }

    /// The grapheme boundary of a drawn line nearest to a content x, short of a soft break's
    /// trailing space: where a click, or an Up/Down that keeps its x, lands.
    func textOffset(nearestX x: Double, line: Int, in node: Int) -> Int {
        let info = wrappedText(node).lines[line]
        let run = visibleRun(node, line: line)
        let offsets = runOffsets(node, line: line, run: run)
        let relative = x - runOrigin(node, line: line, run: run).x
        let last = max(0, min(info.lastColumn - run.start, offsets.count - 1))
        var best = 0
        for index in 0...last where abs(offsets[index] - relative) < abs(offsets[best] - relative) { best = index }
        return info.start + run.start + best
    }
}
