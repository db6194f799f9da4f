/// The text of one control with its selection. Offsets count Characters (grapheme clusters), so
/// a family emoji, a flag or a Hangul syllable is one step.
///
/// Invariant: `0 <= anchor, caret <= count`. The selection is the range between them; it is
/// empty when they are equal.
public struct TextEditor: Equatable, Sendable {
    public private(set) var text: String
    public private(set) var anchor: Int
    public private(set) var caret: Int
    /// The most graphemes the text may hold (`maxLength`).
    public var limit: Int?
    /// One-line controls join pasted lines with a space.
    public var multiline: Bool

    /// The starting `text` is made drawable as typed text is (`entering`).
    public init(text: String = "", limit: Int? = nil, multiline: Bool = false) {
        self.text = Self.entering(text, multiline: multiline)
        self.limit = limit; self.multiline = multiline
        anchor = self.text.count; caret = self.text.count
    }

    /// Text as a control takes it in: a one-line control's lines joined, a text area's line
    /// breaks (CRLF, CR, U+2028…) made "\n", and NUL dropped. A NUL can only come from the
    /// clipboard (form files, drafts and events refuse it): Pango would hide it while it was
    /// still submitted.
    static func entering(_ text: String, multiline: Bool) -> String {
        // A scan of the bytes first: a 10 MB text area with plain "\n" lines takes no copy.
        guard text.utf8.contains(where: { $0 == 0 || (!multiline && $0 == 0x0a) || Self.mayStartOtherLineBreak($0) }) else { return text }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let joined = lines.joined(separator: multiline ? "\n" : " ")
        return joined.utf8.contains(0) ? joined.filter { $0 != "\u{0}" } : joined
    }

    /// A UTF-8 byte that may begin a line break other than "\n": VT, FF, CR, or the lead byte
    /// of U+0085 (C2) or U+2028/U+2029 (E2).
    private static func mayStartOtherLineBreak(_ byte: UInt8) -> Bool {
        (0x0b...0x0d).contains(byte) || byte == 0xc2 || byte == 0xe2
    }

    public var count: Int { text.count }
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    public var hasSelection: Bool { anchor != caret }
    public var isEmpty: Bool { text.isEmpty }

    // MARK: Changing the text. Each costs O(n) in the text's length.

    /// Types or pastes `input` over the selection, within `limit`.
    public mutating func insert(_ input: String) {
        var input = Self.entering(input, multiline: multiline)
        let range = selection
        if let limit {
            let room = max(0, limit - (count - range.count))
            if input.count > room { input = String(input.prefix(room)) }
        }
        replace(range, with: input)
    }

    public mutating func deleteBackward() {
        if hasSelection { replace(selection, with: "") } else if caret > 0 { replace(caret - 1..<caret, with: "") }
    }

    public mutating func deleteForward() {
        if hasSelection { replace(selection, with: "") } else if caret < count { replace(caret..<caret + 1, with: "") }
    }

    public mutating func setText(_ newText: String) {
        text = newText
        select(anchor: count, caret: count)
    }

    private mutating func replace(_ range: Range<Int>, with replacement: String) {
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        let end = text.index(start, offsetBy: range.count)
        text.replaceSubrange(start..<end, with: replacement)
        // Joining text can merge graphemes (a combining mark after a letter): re-clamp.
        let newCaret = min(range.lowerBound + replacement.count, count)
        anchor = newCaret; caret = newCaret
    }

    // MARK: Moving the caret.

    public mutating func select(anchor: Int, caret: Int) {
        self.anchor = max(0, min(anchor, count))
        self.caret = max(0, min(caret, count))
    }

    public mutating func selectAll() { select(anchor: 0, caret: count) }

    /// Left/Right: with a selection and no Shift, the caret goes to the selection's edge.
    public mutating func move(by delta: Int, extending: Bool) {
        if !extending && hasSelection {
            let edge = delta < 0 ? selection.lowerBound : selection.upperBound
            select(anchor: edge, caret: edge)
        } else {
            moveCaret(to: caret + delta, extending: extending)
        }
    }

    public mutating func moveCaret(to offset: Int, extending: Bool) {
        let clamped = max(0, min(offset, count))
        select(anchor: extending ? anchor : clamped, caret: clamped)
    }

    /// The start of the line the caret is on (the whole text for one-line controls).
    public var lineStart: Int { lineBounds(of: caret).lowerBound }
    public var lineEnd: Int { lineBounds(of: caret).upperBound }

    /// The logical line containing `offset`, without its newline.
    /// One pass over the text, with no copy of it: Left and Right ask on every press.
    public func lineBounds(of offset: Int) -> Range<Int> {
        guard multiline else { return 0..<count }
        var start = 0, index = 0
        for character in text {
            if character == "\n" {
                if index >= offset { return start..<index }
                start = index + 1
            }
            index += 1
        }
        return start..<index
    }
}
