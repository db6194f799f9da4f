/// Where the text of a control is drawn, and the caret: shared by painting, hit testing and
/// scrolling so they always agree.
extension FormSession {
    /// The text as drawn: a bullet per grapheme in password fields, and a compose sequence in
    /// progress at the caret.
    func displayText(_ node: Int) -> String {
        var text = shownText(node)
        if !preedit.isEmpty && editingNode == node {
            text.insert(contentsOf: preedit, at: text.index(text.startIndex, offsetBy: states[node].editor.caret))
        }
        return text
    }

    func shownText(_ node: Int) -> String {
        let editor = states[node].editor
        return tree[node].field.kind == .password ? String(repeating: "•", count: editor.count) : editor.text
    }

    /// A field's text as a person sees it, bullets for a password: what replay reports, so a
    /// password reaches no log.
    public func shownText(of id: String) -> String? {
        guard let node = tree.index(of: id), tree[node].field.kind.isTextual else { return nil }
        return shownText(node)
    }

    /// Shows or clears the compose sequence in progress.
    func showPreedit(_ text: String) {
        guard text != preedit else { return }
        preedit = text
        if let node = editingNode { invalidate(node: node) }
    }

    /// The width the token chips take before the input of a token field.
    func chipsWidth(_ node: Int) -> Double {
        states[node].tokens.reduce(0) { $0 + chipWidth($1) + Theme.chipGap }
    }

    func chipWidth(_ token: String) -> Double {
        measurer.width(token, font: Theme.labelFont) + 2 * Theme.chipPadding + Theme.chipCloseWidth
    }

    /// The top-left corner of the first line of text, in content coordinates, before scrolling.
    func textOrigin(_ node: Int) -> Point {
        let control = layout.controls[node]
        let lineHeight = measurer.lineHeight(Theme.bodyFont)
        let top = tree[node].field.kind == .textarea
            ? control.minY + Theme.textInset - states[node].textScroll.y
            : control.minY + (control.height - lineHeight) / 2
        var x = control.minX + Theme.textInset + (tree[node].field.kind == .tokens ? chipsWidth(node) : 0)
        if form.direction == .rtl {
            x = control.maxX - Theme.textInset - measurer.width(visibleRun(node, line: 0).text, font: Theme.bodyFont)
        }
        return Point(x: x - states[node].textScroll.x, y: top)
    }

    /// The room text has inside the control.
    func textBox(_ node: Int) -> Rect {
        let control = layout.controls[node]
        let chips = tree[node].field.kind == .tokens ? chipsWidth(node) : 0
        return Rect(x: control.minX + Theme.textInset + chips, y: control.minY + 2,
                    width: max(0, control.width - 2 * Theme.textInset - chips), height: control.height - 4)
    }

    func lineText(_ node: Int, line: Int) -> String {
        guard tree[node].field.kind == .textarea else { return displayText(node) }
        let lines = displayText(node).split(separator: "\n", omittingEmptySubsequences: false)
        return line < lines.count ? String(lines[line]) : ""
    }

    /// The part of a line that is measured and drawn, from Character `start` of the line: all of
    /// it, or for a very long line a window around the caret, so that a 10 MB paste costs what a
    /// short line costs. The window moves in steps, so the caret's x holds still within one.
    func visibleRun(_ node: Int, line: Int) -> (start: Int, text: String) {
        let full = lineText(node, line: line)
        let count = full.count, size = Self.measuredGraphemes
        guard count > size else { return (0, full) }
        let caret = caretLineColumn(node)
        let column = caret.line == line ? caret.column : 0
        let step = size / 4
        let start = max(0, min(count - size, column / step * step - size / 2))
        let from = full.index(full.startIndex, offsetBy: start)
        return (start, String(full[from..<full.index(from, offsetBy: size)]))
    }

    /// The x of every grapheme boundary of a visible run.
    func runOffsets(_ run: (start: Int, text: String)) -> [Double] {
        measurer.caretOffsets(run.text, font: Theme.bodyFont)
    }

    /// The caret's line and column: one-line controls have only line 0.
    func caretLineColumn(_ node: Int) -> (line: Int, column: Int) {
        let editor = states[node].editor
        let composing = editingNode == node ? preedit.count : 0
        guard tree[node].field.kind == .textarea else { return (0, editor.caret + composing) }
        let start = editor.lineStart
        let line = editor.text.prefix(start).reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        return (line, editor.caret - start + composing)
    }

    /// The caret in content coordinates.
    func caretContentRect(_ node: Int) -> Rect? {
        guard tree[node].field.kind.isTextual else { return nil }
        let (line, column) = caretLineColumn(node)
        let lineHeight = measurer.lineHeight(Theme.bodyFont)
        let run = visibleRun(node, line: line)
        let offsets = runOffsets(run)
        let origin = textOrigin(node)
        let x = origin.x + offsets[max(0, min(column - run.start, offsets.count - 1))]
        return Rect(x: x.rounded(), y: origin.y + Double(line) * lineHeight, width: 1, height: lineHeight)
    }

    /// Repaint only the caret (the blink).
    func invalidateCaret() {
        guard let node = editingNode, let caret = caretContentRect(node) else { return }
        invalidate(windowRect(caret).insetBy(dx: -2, dy: -1))
    }

    /// Scrolls the text inside its control so the caret stays visible, then the form so the
    /// caret line of a text area does.
    func keepCaretVisible(_ node: Int) {
        guard let caret = caretContentRect(node) else { return }
        let box = textBox(node)
        var scroll = states[node].textScroll
        if caret.maxX > box.maxX { scroll.x += caret.maxX - box.maxX }
        if caret.minX < box.minX { scroll.x = max(0, scroll.x - (box.minX - caret.minX)) }
        if tree[node].field.kind == .textarea {
            if caret.maxY > box.maxY { scroll.y += caret.maxY - box.maxY }
            if caret.minY < box.minY { scroll.y = max(0, scroll.y - (box.minY - caret.minY)) }
        }
        states[node].textScroll = scroll
        if tree[node].field.kind == .textarea { scrollIntoView(node) }
    }

    /// The nearest grapheme boundary to a click, as a Character offset into the value.
    func textOffset(at point: Point, in node: Int) -> Int {
        let content = contentPoint(point)
        let lineHeight = measurer.lineHeight(Theme.bodyFont)
        let origin = textOrigin(node)
        let editor = states[node].editor
        var lineStart = 0, line = 0
        if tree[node].field.kind == .textarea {
            let lines = editor.lines
            line = min(max(0, Int((content.y - origin.y) / lineHeight)), lines.count - 1)
            lineStart = lines.prefix(line).reduce(0) { $0 + $1.count + 1 }
        }
        let run = visibleRun(node, line: line)
        let offsets = runOffsets(run)
        let x = content.x - origin.x
        var best = 0
        for (i, offset) in offsets.enumerated() where abs(offset - x) < abs(offsets[best] - x) { best = i }
        return lineStart + run.start + best
    }
}
