/// The text of an object as a screen reader reads it through AT-SPI's `Text`: a password's as
/// bullets, never its letters. Offsets count Unicode scalars, as AT-SPI's do (GLib's characters),
/// where the editor counts graphemes; the conversions are here, so no other code mixes the two.
public struct AccessibleText: Equatable, Sendable {
    public let string: String
    /// The editor's caret and selection, in graphemes. Offsets in scalars are worked out only
    /// when asked for, so a node made for its states or name (`GetState`) never walks its text.
    private let graphemeCaret: Int
    private let graphemeSelection: Range<Int>

    /// `shown` is the text as drawn (bullets for a password), with as many graphemes as the
    /// editor's text, whose caret and selection it takes.
    init(shown: String, editor: TextEditor) {
        string = shown
        graphemeCaret = editor.caret
        graphemeSelection = editor.selection
    }

    /// In scalars.
    public var caret: Int { Self.scalarOffset(graphemeCaret, in: string) }
    /// In scalars; empty when nothing is selected.
    public var selection: Range<Int> {
        Self.scalarOffset(graphemeSelection.lowerBound, in: string)..<Self.scalarOffset(graphemeSelection.upperBound, in: string)
    }

    public var count: Int { string.unicodeScalars.count }

    /// The scalars from `start` to `end` (-1 or past the end: to the end), as `GetText` asks:
    /// it walks the text up to `end`, and no further.
    public func slice(from start: Int, to end: Int) -> String {
        let scalars = string.unicodeScalars
        let endIndex = end < 0 ? scalars.endIndex : scalars.index(scalars.startIndex, offsetBy: end, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let startIndex = scalars.index(scalars.startIndex, offsetBy: max(0, start), limitedBy: endIndex) ?? endIndex
        return String(scalars[startIndex..<endIndex])
    }

    /// The scalar at `offset`, or nil past the end.
    public func scalar(at offset: Int) -> Unicode.Scalar? {
        let scalars = string.unicodeScalars
        guard offset >= 0, let index = scalars.index(scalars.startIndex, offsetBy: offset, limitedBy: scalars.endIndex),
              index < scalars.endIndex else { return nil }
        return scalars[index]
    }

    // MARK: Units of text

    /// What `GetStringAtOffset` asks for (AT-SPI's `TextGranularity`, in its order).
    public enum Granularity: Int, Sendable {
        case character, word, sentence, line, paragraph
    }

    /// The unit of text around `offset`: the character there, the word, the sentence, or the
    /// line (a line ends after its line break, as in GTK; a one-line text is one line).
    public func range(at offset: Int, _ granularity: Granularity) -> Range<Int> {
        let units = Units(scalars: Array(string.unicodeScalars))
        let offset = min(max(0, offset), units.count)
        switch granularity {
        case .character: return offset..<min(offset + 1, units.count)
        case .word: return units.word(at: offset)
        case .sentence: return units.unit(at: offset, endsAfter: units.endsSentence)
        case .line, .paragraph: return units.unit(at: offset) { units.scalars[$0] == "\n" }
        }
    }
}

/// The text's scalars, for finding its units: indexing a `String` by scalar is a walk each time.
private struct Units {
    let scalars: [Unicode.Scalar]
    var count: Int { scalars.count }

    /// The word at `offset`, or the one before it when `offset` is in the spaces after it.
    func word(at offset: Int) -> Range<Int> {
        // Letters, digits, and the marks that combine with them (an accent typed after its letter).
        func inWord(_ i: Int) -> Bool {
            let properties = scalars[i].properties
            return properties.isAlphabetic || properties.numericType != nil
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
        }
        var start = offset
        if start == count || !inWord(start) {
            while start > 0 && !inWord(start - 1) { start -= 1 }
            guard start > 0 else { return offset..<offset }
            start -= 1
        }
        while start > 0 && inWord(start - 1) { start -= 1 }
        var end = start
        while end < count && inWord(end) { end += 1 }
        return start..<end
    }

    /// The last of the spaces after a full stop, question or exclamation mark: a sentence runs
    /// to the next one's start, its spaces its own, as GTK counts.
    func endsSentence(_ i: Int) -> Bool {
        guard scalars[i] == " ", i + 1 < count, scalars[i + 1] != " " else { return false }
        return scalars[..<i].last { $0 != " " }.map { ".!?".unicodeScalars.contains($0) } ?? false
    }

    /// The run of text around `offset` that `endsAfter` ends: it holds the scalar that ends it.
    func unit(at offset: Int, endsAfter: (Int) -> Bool) -> Range<Int> {
        var start = offset
        while start > 0 && !endsAfter(start - 1) { start -= 1 }
        var end = offset
        while end < count && !endsAfter(end) { end += 1 }
        return start..<min(end + 1, count)
    }
}

extension AccessibleText {
    // MARK: Graphemes and scalars

    /// A grapheme offset in `text` as a scalar offset.
    static func scalarOffset(_ graphemes: Int, in text: String) -> Int {
        text.prefix(graphemes).unicodeScalars.count
    }

    /// A scalar offset in `text` as the grapheme offset where it falls (a scalar inside a
    /// grapheme, as a combining mark, counts as that grapheme's start).
    static func graphemeOffset(_ scalars: Int, in text: String) -> Int {
        var seen = 0, graphemes = 0
        for character in text {
            let next = seen + character.unicodeScalars.count
            if next > scalars { break }
            seen = next
            graphemes += 1
        }
        return graphemes
    }
}
