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

    /// What a paragraph's lines were worked out from: its id in `index` says whether it changed.
    fileprivate struct Paragraph {
        var id: Int
        var direction: Direction?
        /// Where each of its lines starts, in graphemes from the paragraph's start (first 0);
        /// empty while a lazy wrap has not wrapped it and it counts as one line.
        var starts: [Int]
        var isWrapped: Bool { !starts.isEmpty }
    }

    /// What a text control made the wrap from, so that it knows when to make it again: the
    /// editor's text (its `revision`) and a composition at its caret.
    struct Source: Equatable {
        var revision: Int
        var preedit: String
        var caret: Int
    }

    let text: String
    let source: Source?
    /// The paragraphs of `text`, with their offsets (see `ParagraphIndex`).
    let index: ParagraphIndex
    let width: Double
    private var paragraphs: [Paragraph]
    private(set) var lines: [Line]
    /// The caret offsets of the runs measured since this wrap was made, by line: the run's first
    /// grapheme in the line, and the offsets. A new text or width makes a new wrap, so they are
    /// dropped exactly when they could differ (see `TextEditingControl.runOffsets`).
    var measuredRuns: [Int: (start: Int, offsets: [Double])] = [:]

    /// - Parameter wrap: the line starts of one paragraph (`[0]` for a line that is not broken).
    init(text: String, width: Double, wrap: (Substring) -> [Int]) {
        var none: WrappedText?
        self.init(text: text, index: ParagraphIndex(text), source: nil, width: width, reusing: &none, wrap: wrap)
    }

    /// - Parameter index: `text`'s paragraphs.
    /// - Parameter source: what the text was made from, kept for the wrap's owner.
    /// - Parameter old: the wrap this one follows, whose paragraphs of the same id and width are
    ///   kept; taken (left nil), so that its arrays change in place instead of being copied.
    /// - Parameter lazily: wrap only the changed paragraphs that were wrapped before (an edit's);
    ///   the others wait for `wrapParagraphs`.
    /// - Parameter lineOffsets: the caret offsets of a paragraph's last line, measured as it is
    ///   drawn; nil where `wrap` would not break the paragraph greedily, or the line is too long
    ///   to measure whole. Given, a paragraph that only grew by letters at its end keeps its
    ///   breaks while its last line fits (`lastLine(of:grownFrom:startingAt:)`), and that line's
    ///   offsets are kept for its caret and paint: typing there shapes that line once, instead of
    ///   the whole paragraph again to wrap it as well.
    init(text: String, index: ParagraphIndex, source: Source?, width: Double, reusing old: inout WrappedText?,
         lazily: Bool = false, wrap: (Substring) -> [Int], lineOffsets: ((_ line: Substring, _ paragraph: Substring) -> [Double]?)? = nil) {
        self.text = text
        self.source = source
        self.index = index
        self.width = width
        var paragraphs: [Paragraph] = [], lines: [Line] = []
        // The old text and its index are kept, to tell how a paragraph grew; not the old wrap,
        // whose arrays the first change below would then copy whole.
        var previous: (text: String, index: ParagraphIndex)?
        if let kept = old.take(), kept.width == width {
            paragraphs = kept.paragraphs
            lines = kept.lines
            previous = (kept.text, kept.index)
        }
        // The paragraphs before and after the edit kept their ids.
        let ids = index.ids
        var same = 0
        while same < min(ids.count, paragraphs.count) && ids[same] == paragraphs[same].id { same += 1 }
        var sameAtEnd = 0
        while sameAtEnd < min(ids.count, paragraphs.count) - same
                && ids[ids.count - 1 - sameAtEnd] == paragraphs[paragraphs.count - 1 - sameAtEnd].id { sameAtEnd += 1 }
        let changed = same..<ids.count - sameAtEnd
        let replaced = same..<paragraphs.count - sameAtEnd
        // The offsets of the one paragraph's last line, when its breaks are kept.
        var keptLine: [Double]?
        var edited: [Paragraph] = []
        for number in changed {
            let paragraph = index.text(of: number, in: text)
            // An edit's paragraphs are wrapped when the old text had them wrapped (shown).
            let wasShown = number < paragraphs.count && paragraphs[number].isWrapped
            var starts: [Int] = []
            if !lazily || wasShown {
                // One paragraph for one: the old one is the same number.
                if changed.count == 1 && replaced.count == 1 && wasShown, let previous, let lineOffsets,
                   let lastLine = Self.lastLine(of: paragraph, grownFrom: previous.index.text(of: number, in: previous.text),
                                                startingAt: paragraphs[number].starts),
                   let offsets = lineOffsets(lastLine, paragraph),
                   (offsets.max() ?? 0) - (offsets.min() ?? 0) <= width - Self.fitMargin {
                    starts = paragraphs[number].starts
                    keptLine = offsets
                } else {
                    starts = wrap(paragraph)
                }
            }
            edited.append(Paragraph(id: ids[number], direction: Direction(firstStrongIn: paragraph), starts: starts))
        }
        // A new wrap (a label's, a text's first) takes its paragraphs whole.
        if paragraphs.isEmpty { paragraphs = edited } else { paragraphs.replaceSubrange(replaced, with: edited) }
        // Handed over, not copied: `relines` then changes them in place.
        self.paragraphs = consume paragraphs
        self.lines = consume lines
        relines(replacing: replaced, with: changed)
        if let keptLine { measuredRuns[firstLine(ofParagraph: changed.upperBound) - 1] = (0, keptLine) }
    }

    /// How much narrower than the width a last line must be to keep its breaks (`lastLine`): a
    /// pixel, so that where it nearly does not fit, the measurer's own wrap decides.
    static let fitMargin = 1.0

    /// The last line of paragraph `new`, if it may keep the breaks `starts` of paragraph `old`
    /// while that line fits: `new` is `old` with ASCII letters and digits added at its end, and
    /// `old` ends in one of those or a space (or is empty); else nil (wrap it again). Breaks are
    /// made greedily, line by line: a line ends at the last break opportunity its text fits
    /// before. Letters and digits after a letter, digit or space add no opportunity before the
    /// old end, and lengthen only the last line (where a break after a space they follow is the
    /// one new opportunity): the lines before it end where they did, and while the last fits,
    /// it needs no break either.
    static func lastLine(of new: Substring, grownFrom old: Substring, startingAt starts: [Int]) -> Substring? {
        let oldBytes = old.utf8, newBytes = new.utf8
        let added = newBytes.index(newBytes.startIndex, offsetBy: oldBytes.count, limitedBy: newBytes.endIndex) ?? newBytes.endIndex
        // The cheap tests first: the paragraph's own bytes are compared last (it may be megabytes).
        guard added < newBytes.endIndex, oldBytes.last.map({ $0.isASCIILetter || $0.isDigit || $0 == .space }) ?? true,
              newBytes[added...].allSatisfy({ $0.isASCIILetter || $0.isDigit }),
              new[..<added].hasSameBytes(as: old), let lastStart = starts.last else { return nil }
        return new[new.index(new.startIndex, offsetBy: lastStart)...]
    }

    /// Wraps the paragraphs of `range`'s lines that a lazy wrap left as one line each, and
    /// returns how many lines that added before line `anchor`, so a scroll can keep what it shows
    /// in place. Caret offsets measured for lines from the first one that moved are dropped.
    mutating func wrapParagraphs(ofLines range: ClosedRange<Int>, keeping anchor: Int, wrap: (Substring) -> [Int]) -> Int {
        let range = range.clamped(to: 0...max(0, lines.count - 1))
        guard !lines.isEmpty else { return 0 }
        var added = 0, firstMoved: Int?
        for line in range {
            let number = lines[line].paragraph
            guard !paragraphs[number].isWrapped, lines[line].offset == 0 else { continue }
            paragraphs[number].starts = wrap(index.text(of: number, in: text))
            let grown = paragraphs[number].starts.count - 1
            if line < anchor { added += grown }
            if grown > 0 && firstMoved == nil { firstMoved = line }
        }
        guard let firstMoved else { return 0 }
        let shown = lines[range.lowerBound].paragraph..<lines[range.upperBound].paragraph + 1
        relines(replacing: shown, with: shown)
        measuredRuns = measuredRuns.filter { $0.key < firstMoved }
        return added
    }

    /// Whether every paragraph of `range`'s lines is wrapped (lines past the end count as wrapped).
    func isWrapped(lines range: ClosedRange<Int>) -> Bool {
        guard !lines.isEmpty else { return true }
        return range.clamped(to: 0...lines.count - 1).allSatisfy { paragraphs[lines[$0].paragraph].isWrapped }
    }

    /// Makes the lines of the paragraphs `new` (numbered as now) those of the old paragraphs
    /// `old` (numbered as before), and renumbers the lines after them: the work of the changed
    /// paragraphs' lines, and a shift of the numbers after them.
    private mutating func relines(replacing old: Range<Int>, with new: Range<Int>) {
        let first = firstLine(ofParagraph: old.lowerBound), end = firstLine(ofParagraph: old.upperBound)
        var added: [Line] = []
        for number in new {
            let paragraph = paragraphs[number], range = index.range(of: number)
            let starts = paragraph.isWrapped ? paragraph.starts : [0]
            for (line, offset) in starts.enumerated() {
                let last = line + 1 == starts.count
                added.append(Line(paragraph: number, offset: offset, start: range.lowerBound + offset,
                                  count: (last ? range.count : starts[line + 1]) - offset, wraps: !last,
                                  direction: paragraph.direction))
            }
        }
        if lines.isEmpty { lines = added } else { lines.replaceSubrange(first..<end, with: added) }
        let after = first + added.count
        guard after < lines.count else { return }
        let shift = new.count - old.count
        let moved = index.starts[lines[after].paragraph + shift] - (lines[after].start - lines[after].offset)
        guard shift != 0 || moved != 0 else { return }
        for line in after..<lines.count {
            lines[line].paragraph += shift
            lines[line].start += moved
        }
    }

    /// The first line of paragraph `number` (as the lines number it), or the line count past the last.
    private func firstLine(ofParagraph number: Int) -> Int {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].paragraph < number { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The text of one line, without its newline.
    func text(of line: Int) -> Substring {
        let info = lines[line], paragraph = index.text(of: info.paragraph, in: text)
        if info.offset == 0 && !info.wraps { return paragraph }  // no walk through a 10 MB line
        let from = paragraph.index(paragraph.startIndex, offsetBy: info.offset)
        return paragraph[from..<paragraph.index(from, offsetBy: info.count)]
    }

    /// The paragraph an offset into the text is in, as a range of Character offsets, and its
    /// text: found by the lines, with no walk through the text before it.
    func paragraph(containing offset: Int) -> (range: Range<Int>, text: Substring) {
        let number = lines[line(containing: offset)].paragraph
        return (index.range(of: number), index.text(of: number, in: text))
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
