/// Where a text control's text is drawn, and its caret: shared by painting, hit testing and
/// scrolling so they always agree. Wrapping and measuring are kept in the `TextInput` and done
/// again only when the text or the width changed.
extension TextEditingControl {
    /// The text as drawn, with its paragraphs: bullets for masked text, and a compose sequence
    /// at the caret (the editor's paragraphs with the caret's changed).
    private func displayedText(preedit: String) -> (text: String, index: ParagraphIndex) {
        let editor = textInput.editor
        var text = shownText, index = Self.masksText ? ParagraphIndex(text) : editor.paragraphs
        if !preedit.isEmpty { _ = index.replace(editor.caret..<editor.caret, with: preedit, in: &text) }
        return (text, index)
    }

    /// The text as a person sees it: a bullet per grapheme when it is masked.
    var shownText: String {
        let editor = textInput.editor
        return Self.masksText ? editor.masked.text : editor.text
    }

    /// The text as drawn, in lines: a multi-line control's paragraphs wrapped at its width
    /// (except one longer than `wrappedGraphemes`, which scrolls sideways), else one line.
    /// Kept in the input and made again when the text or the width changed, from the wrap before
    /// (see `WrappedText`). A text area wraps only the paragraphs it shows and those around the
    /// caret (see `wrapShownParagraphs`).
    func wrappedText(in context: ControlContext) -> WrappedText {
        let wraps = Self.isMultiline
        // One pixel of the width is kept for the caret after the last letter.
        let width = wraps ? max(1, context.frame.width - 2 * Theme.textInset - 1) : 0
        let preedit = context.composition.text
        let source = WrappedText.Source(revision: textInput.editor.revision, preedit: preedit,
                                        caret: preedit.isEmpty ? 0 : textInput.editor.caret)
        if textInput.wrap?.width != width || textInput.wrap?.source != source {
            var old = textInput.wrap
            textInput.wrap = nil  // one owner while it changes, so its arrays are not copied
            let (text, index) = displayedText(preedit: preedit)
            textInput.wrap = WrappedText(text: text, index: index, source: source, width: width, reusing: &old, lazily: wraps,
                                         wrap: { Self.lineStarts(of: $0, width: width, in: context) },
                                         lineOffsets: wraps ? { Self.lastLineOffsets($0, of: $1, in: context) } : nil)
        }
        if wraps { wrapShownParagraphs({ Self.lineStarts(of: $0, width: width, in: context) }, in: context) }
        return textInput.wrap!
    }

    /// Where a paragraph's lines start at `width`: one line in a control that does not wrap, or
    /// for a paragraph longer than `wrappedGraphemes` (it scrolls sideways).
    private static func lineStarts(of paragraph: Substring, width: Double, in context: ControlContext) -> [Int] {
        guard isMultiline, isWrappable(paragraph) else { return [0] }
        return context.measurer.lineStarts(String(paragraph), font: Theme.bodyFont, width: width)
    }

    /// Whether a paragraph is at most `wrappedGraphemes` long, so that it is wrapped. Its bytes
    /// first: a grapheme is at least one, so a paragraph of a form's size is not walked.
    private static func isWrappable(_ paragraph: Substring) -> Bool {
        paragraph.utf8.count <= Painter.wrappedGraphemes || paragraph.count <= Painter.wrappedGraphemes
    }

    /// The caret offsets of a paragraph's last line, as `runOffsets` measures a line's visible
    /// run; nil for a line that may be longer than a run (`visibleRun`, bounded by its bytes), or
    /// a paragraph too long to wrap (`lineStarts`).
    private static func lastLineOffsets(_ line: Substring, of paragraph: Substring, in context: ControlContext) -> [Double]? {
        guard line.utf8.count <= Painter.measuredGraphemes, isWrappable(paragraph) else { return nil }
        return context.measurer.caretOffsets(String(line), font: Theme.bodyFont)
    }

    /// Wraps the paragraphs a lazy wrap left as one line that are now needed: a screenful above
    /// and below the caret's line, which scrolling to the caret may show and Up and Down go to,
    /// and the lines shown at the current scroll (at least `maxRows`, which a growing area may
    /// come to show). Lines added above the shown ones scroll down with them, so what is shown
    /// stays in place.
    private func wrapShownParagraphs(_ wrap: (Substring) -> [Int], in context: ControlContext) {
        guard var wrapped = textInput.wrap else { return }
        textInput.wrap = nil  // one owner while it changes, so its arrays are not copied
        defer { textInput.wrap = wrapped }
        let lineHeight = context.measurer.lineHeight(Theme.bodyFont)
        let shown = Int(max(textBox(in: context).height / lineHeight, Double(context.field.maxRows ?? 0))) + 1
        func wrapLines(_ lines: ClosedRange<Int>) {
            let top = max(0, Int(textInput.scroll.y / lineHeight))
            textInput.scroll.y += Double(wrapped.wrapParagraphs(ofLines: lines, keeping: top, wrap: wrap)) * lineHeight
        }
        let offset = caretOffset(in: context)
        // Wrapping the lines above the caret moves it down, bringing more of them into the window.
        var aroundCaret: ClosedRange<Int> {
            let line = wrapped.line(containing: offset)
            return max(0, line - shown)...line + shown
        }
        while !wrapped.isWrapped(lines: aroundCaret) { wrapLines(aroundCaret) }
        let top = max(0, Int(textInput.scroll.y / lineHeight))
        wrapLines(top...top + shown)
    }

    /// The direction a line is aligned by: its paragraph's (a Hebrew paragraph starts at the
    /// right, as in GTK's text views), or the form's for a paragraph with no letters.
    ///
    /// This and the functions below take the wrap a caller got from `wrappedText(in:)` once:
    /// each call of that checks the wrap is current and copies it, and a typed letter asked for
    /// it thirteen times.
    func lineDirection(_ line: Int, of wrapped: WrappedText, in context: ControlContext) -> Direction {
        wrapped.lines[line].direction ?? context.direction
    }

    /// Where a line's visible run is drawn, in content coordinates: from the left edge, or for a
    /// right-to-left line ending at the right edge.
    func runOrigin(line: Int, run: (start: Int, text: String), of wrapped: WrappedText, in context: ControlContext) -> Point {
        let box = textBox(in: context)
        // The run's width, as `TextMeasuring.width` gives it: its widest caret offset.
        let x = lineDirection(line, of: wrapped, in: context) == .ltr
            ? box.minX : box.maxX - (runOffsets(line: line, run: run, in: context).max() ?? 0)
        return Point(x: x - textInput.scroll.x,
                     y: textTop(in: context) + Double(line) * context.measurer.lineHeight(Theme.bodyFont))
    }

    /// The part of a line that is measured and drawn, from Character `start` of the line: all of
    /// it, or for a very long line a window around the caret, so that a 10 MB paste costs what a
    /// short line costs. The window moves in steps, so the caret's x holds still within one.
    func visibleRun(line: Int, of wrapped: WrappedText, in context: ControlContext) -> (start: Int, text: String) {
        let full = wrapped.text(of: line)
        let count = wrapped.lines[line].count, size = Painter.measuredGraphemes
        guard count > size else { return (0, String(full)) }
        let caret = caretLineColumn(of: wrapped, in: context)
        let column = caret.line == line ? caret.column : 0
        let step = size / 4
        let start = max(0, min(count - size, column / step * step - size / 2))
        let from = full.index(full.startIndex, offsetBy: start)
        return (start, String(full[from..<full.index(from, offsetBy: size)]))
    }

    /// The x of every grapheme boundary of a line's visible run: measured once per text and
    /// width, then kept with the wrap, so the key, the scroll and the paint after it share one
    /// measuring. Called with the wrap current (the caller holds it, from `wrappedText(in:)`):
    /// the runs are read from and kept in the wrap itself, not the caller's copy of it.
    func runOffsets(line: Int, run: (start: Int, text: String), in context: ControlContext) -> [Double] {
        if let measured = textInput.wrap?.measuredRuns[line], measured.start == run.start { return measured.offsets }
        let offsets = context.measurer.caretOffsets(run.text, font: Theme.bodyFont)
        // A selection dragged through a long text measures many lines; keep a screenful or so.
        if textInput.wrap?.measuredRuns.count ?? 0 >= 256 { textInput.wrap?.measuredRuns.removeAll() }
        textInput.wrap?.measuredRuns[line] = (run.start, offsets)
        return offsets
    }

    /// The drawn line the caret is on, and its column in that line.
    func caretLineColumn(of wrapped: WrappedText, in context: ControlContext) -> (line: Int, column: Int) {
        let offset = caretOffset(in: context)
        let line = wrapped.line(containing: offset)
        return (line, offset - wrapped.lines[line].start)
    }

    /// The caret's offset in the text as drawn, inside a composition where it has one.
    func caretOffset(in context: ControlContext) -> Int {
        let preedit = context.composition
        return textInput.editor.caret + (preedit.caret ?? preedit.text.count)
    }

    /// The caret in content coordinates.
    func caretRect(in context: ControlContext) -> Rect {
        caretPlace(of: wrappedText(in: context), in: context).rect
    }

    /// The caret in content coordinates, and the line it is on.
    func caretPlace(of wrapped: WrappedText, in context: ControlContext) -> (rect: Rect, line: Int) {
        let (line, column) = caretLineColumn(of: wrapped, in: context)
        let run = visibleRun(line: line, of: wrapped, in: context)
        let offsets = runOffsets(line: line, run: run, in: context)
        let origin = runOrigin(line: line, run: run, of: wrapped, in: context)
        let x = origin.x + offsets[max(0, min(column - run.start, offsets.count - 1))]
        let rect = Rect(x: x, y: origin.y, width: 1, height: context.measurer.lineHeight(Theme.bodyFont)).pixelAligned
        return (rect, line)
    }

    /// Scrolls the text inside its control so the caret stays visible (see `verticalScroll`),
    /// then the form, if it follows the caret.
    func keepCaretVisible(in context: ControlContext) {
        let wrapped = wrappedText(in: context)
        let (caret, line) = caretPlace(of: wrapped, in: context)
        let box = textBox(in: context)
        var scroll = textInput.scroll
        if caret.maxX > box.maxX { scroll.x += caret.maxX - box.maxX }
        if caret.minX < box.minX { scroll.x -= box.minX - caret.minX }
        // Text never scrolls away from the edge it is aligned to.
        scroll.x = lineDirection(line, of: wrapped, in: context) == .ltr ? max(0, scroll.x) : min(0, scroll.x)
        scroll.y = verticalScroll(scroll.y, showing: caret, in: context)
        textInput.scroll = scroll
        if Self.viewFollowsCaret { context.scrollIntoView() }
    }
}
