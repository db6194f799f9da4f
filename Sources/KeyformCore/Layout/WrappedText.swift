/// A control's text broken into the lines it is drawn on: each paragraph (ended by a newline)
/// split where the wrapping function says, which for a text area is where the next word no
/// longer fits the control's width. A new wrap reuses the paragraphs an edit left alone, so typing
/// into a long text re-measures only the paragraph being typed in. Made `lazily` (a text area), a
/// paragraph counts as one line until `wrapParagraphs` wraps it, when it is shown: a 10 MB text
/// opens wrapping a screenful, not its 170,000 paragraphs.
struct WrappedText {
    struct Line: Equatable {
        /// The paragraph the line belongs to, and the line's first grapheme in it.
        var paragraph: Int
        var offset: Int
        /// The line's first grapheme in the whole text, and how many graphemes it holds (without
        /// the newline that ends a paragraph; with the spaces a soft break leaves at its end).
        var start: Int
        var count: Int
        /// Whether the paragraph continues on the next line (a soft break).
        var wraps: Bool
        /// The direction of the line's paragraph, from its first strong letter (nil: none).
        var direction: Direction?

        /// The furthest the caret goes on this line: before a soft break's trailing space, so
        /// End and Down do not land on the start of the next line.
        var lastColumn: Int { wraps ? max(0, count - 1) : count }
    }

    fileprivate struct Paragraph {
        var text: Substring
        var count: Int
        var direction: Direction?
        /// Where each of its lines starts, in graphemes from the paragraph's start; first 0.
        var starts: [Int]
        /// False while `starts` is the estimate `[0]` of a lazy wrap, not yet wrapped.
        var isWrapped: Bool
    }

    let text: String
    let width: Double
    private var paragraphs: [Paragraph]
    private(set) var lines: [Line]
    /// The caret offsets of the runs measured since this wrap was made, by line: the run's first
    /// grapheme in the line, and the offsets. A new text or width makes a new wrap, so they are
    /// dropped exactly when they could differ (see `TextEditingControl.runOffsets`).
    var measuredRuns: [Int: (start: Int, offsets: [Double])] = [:]

    /// - Parameter wrap: the line starts of one paragraph (`[0]` for a line that is not broken).
    /// - Parameter lazily: wrap only the changed paragraphs that were wrapped before (an edit's);
    ///   the others wait for `wrapParagraphs`.
    init(text: String, width: Double, reusing old: WrappedText? = nil, lazily: Bool = false, wrap: (Substring) -> [Int]) {
        self.text = text
        self.width = width
        let texts = Self.paragraphs(of: text)
        let reusable = old.flatMap { $0.width == width ? $0.paragraphs : nil } ?? []
        // Paragraphs before and after the edit are equal in the old and new text.
        var same = 0
        while same < min(texts.count, reusable.count) && texts[same] == reusable[same].text { same += 1 }
        var sameAtEnd = 0
        while sameAtEnd < min(texts.count, reusable.count) - same
                && texts[texts.count - 1 - sameAtEnd] == reusable[reusable.count - 1 - sameAtEnd].text { sameAtEnd += 1 }
        paragraphs = texts.indices.map { index in
            let paragraph = texts[index]
            // A reused paragraph takes its text from the new string, so no old string stays alive.
            if index < same { return reusable[index].with(text: paragraph) }
            if index >= texts.count - sameAtEnd {
                return reusable[reusable.count - texts.count + index].with(text: paragraph)
            }
            // An edit's paragraphs are wrapped when the old text had them wrapped (shown).
            let wasShown = index < reusable.count && reusable[index].isWrapped
            let wraps = !lazily || wasShown
            return Paragraph(text: paragraph, count: paragraph.count, direction: Direction(firstStrongIn: paragraph),
                             starts: wraps ? wrap(paragraph) : [0], isWrapped: wraps)
        }
        lines = Self.lines(of: paragraphs)
    }

    /// Wraps the paragraphs of `range`'s lines that a lazy wrap left as one line each, and
    /// returns how many lines that added before line `anchor`, so a scroll can keep what it shows
    /// in place. Caret offsets measured for lines from the first one that moved are dropped.
    mutating func wrapParagraphs(ofLines range: ClosedRange<Int>, keeping anchor: Int, wrap: (Substring) -> [Int]) -> Int {
        let range = range.clamped(to: 0...max(0, lines.count - 1))
        guard !lines.isEmpty else { return 0 }
        var added = 0, firstMoved: Int?
        for line in range.reversed() {  // from the end, so the line numbers still to visit hold
            let index = lines[line].paragraph
            guard !paragraphs[index].isWrapped, lines[line].offset == 0 else { continue }
            paragraphs[index].starts = wrap(paragraphs[index].text)
            paragraphs[index].isWrapped = true
            let grown = paragraphs[index].starts.count - 1
            if line < anchor { added += grown }
            if grown > 0 { firstMoved = line }
        }
        guard let firstMoved else { return 0 }
        lines = Self.lines(of: paragraphs)
        measuredRuns = measuredRuns.filter { $0.key < firstMoved }
        return added
    }

    /// Whether every paragraph of `range`'s lines is wrapped (lines past the end count as wrapped).
    func isWrapped(lines range: ClosedRange<Int>) -> Bool {
        guard !lines.isEmpty else { return true }
        return range.clamped(to: 0...lines.count - 1).allSatisfy { paragraphs[lines[$0].paragraph].isWrapped }
    }

    /// The lines of wrapped paragraphs, numbered through the whole text.
    private static func lines(of paragraphs: [Paragraph]) -> [Line] {
        var lines: [Line] = []
        var start = 0
        for (index, paragraph) in paragraphs.enumerated() {
            for (number, offset) in paragraph.starts.enumerated() {
                let end = number + 1 < paragraph.starts.count ? paragraph.starts[number + 1] : paragraph.count
                lines.append(Line(paragraph: index, offset: offset, start: start + offset, count: end - offset,
                                  wraps: number + 1 < paragraph.starts.count, direction: paragraph.direction))
            }
            start += paragraph.count + 1
        }
        return lines
    }

    /// The text split at its newlines, found in its UTF-8 (splitting at Characters is a grapheme
    /// walk, most of a key's cost in a 10 MB text). A line feed after a carriage return is part of
    /// the Character "\r\n", not a newline, as the editor counts it.
    private static func paragraphs(of text: String) -> [Substring] {
        var paragraphs: [Substring] = []
        var start = text.startIndex, previous: UInt8 = 0
        for index in text.utf8.indices {
            let byte = text.utf8[index]
            if byte == 0x0A && previous != 0x0D {
                paragraphs.append(text[start..<index])
                start = text.utf8.index(after: index)
            }
            previous = byte
        }
        paragraphs.append(text[start...])
        return paragraphs
    }

    /// The text of one line, without its newline.
    func text(of line: Int) -> Substring {
        let info = lines[line], paragraph = paragraphs[info.paragraph].text
        if info.offset == 0 && !info.wraps { return paragraph }  // no walk through a 10 MB line
        let from = paragraph.index(paragraph.startIndex, offsetBy: info.offset)
        return paragraph[from..<paragraph.index(from, offsetBy: info.count)]
    }

    /// The paragraph an offset into the text is in, as a range of Character offsets, and its
    /// text: found by the lines, with no walk through the text before it.
    func paragraph(containing offset: Int) -> (range: Range<Int>, text: Substring) {
        let info = lines[line(containing: offset)], paragraph = paragraphs[info.paragraph]
        let start = info.start - info.offset
        return (start..<start + paragraph.count, paragraph.text)
    }

    /// The line an offset into the text is drawn on: at a soft break, the line the break starts.
    func line(containing offset: Int) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lines[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

private extension WrappedText.Paragraph {
    /// The same paragraph, wrapped the same, in another string.
    func with(text: Substring) -> Self {
        var copy = self
        copy.text = text
        return copy
    }
}
