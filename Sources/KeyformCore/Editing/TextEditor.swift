/// The text of one control with its selection. Offsets count Characters (grapheme clusters), so
/// a family emoji, a flag or a Hangul syllable is one step.
///
/// Invariant: `0 <= anchor, caret <= count`. The selection is the range between them; it is
/// empty when they are equal. `paragraphs` indexes `text`, so an edit or a look-up costs what
/// its paragraph holds, not the whole text.
public struct TextEditor: Equatable, Sendable {
    public private(set) var text: String
    public private(set) var anchor: Int
    public private(set) var caret: Int
    /// The most graphemes the text may hold (`maxLength`).
    public var limit: Int?
    /// One-line controls join pasted lines with a space.
    public var multiline: Bool
    private(set) var paragraphs: ParagraphIndex
    /// New whenever the text changes (as `==` judges it), so two editors with the same revision
    /// hold equal texts: comparing them costs nothing however long the text is.
    private(set) var revision: Int

    /// The starting `text` is made drawable as typed text is (`entering`).
    public init(text: String = "", limit: Int? = nil, multiline: Bool = false) {
        self.text = Self.entering(text, multiline: multiline)
        self.limit = limit; self.multiline = multiline
        paragraphs = ParagraphIndex(self.text)
        revision = ParagraphIndex.newID()
        anchor = paragraphs.count; caret = paragraphs.count
    }

    public static func == (a: TextEditor, b: TextEditor) -> Bool {
        (a.revision == b.revision || a.text == b.text) && a.anchor == b.anchor && a.caret == b.caret
            && a.limit == b.limit && a.multiline == b.multiline
    }

    /// Text as a control takes it in, whatever its source (typing, a paste, a form file, a
    /// draft, a screen reader): a one-line control's lines joined with spaces and its tabs made
    /// spaces, a text area's line breaks (CRLF, CR, U+2028…) made "\n", and every other control
    /// character (C0, DEL, C1) dropped, as GTK drops NUL. A value a script echoes can then never
    /// send a terminal an escape sequence, and Pango never hides a character that is submitted.
    static func entering(_ text: String, multiline: Bool) -> String {
        // A scan of the bytes first: a 10 MB text area with plain "\n" lines takes no copy.
        guard text.containsByte(where: { Self.mayNeedChange($0, multiline: multiline) }) else { return text }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let joined = lines.joined(separator: multiline ? "\n" : " ")
        var kept = String.UnicodeScalarView()
        for scalar in joined.unicodeScalars {
            switch scalar.value {
            case 0x0a: kept.append(scalar)  // left only in a text area
            case 0x09: kept.append(multiline ? scalar : " ")
            case 0..<0x20, 0x7f...0x9f: continue
            default: kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// A UTF-8 byte that may begin what `entering` changes: a C0 control but a text area's tab
    /// and "\n", DEL, or the lead byte of a C1 control or U+0085 (C2) or of U+2028/U+2029 (E2).
    private static func mayNeedChange(_ byte: UInt8, multiline: Bool) -> Bool {
        (byte < 0x20 && !(multiline && (byte == 0x0a || byte == 0x09))) || byte == 0x7f || byte == 0xc2 || byte == 0xe2
    }

    public var count: Int { paragraphs.count }
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    public var hasSelection: Bool { anchor != caret }
    public var isEmpty: Bool { text.isEmpty }

    /// The text as a masked control draws it, a bullet a grapheme, with the same caret and
    /// selection; its index made without a walk through the bullets.
    var masked: TextEditor {
        var bullets = self
        bullets.text = String(repeating: "•", count: count)
        bullets.paragraphs = ParagraphIndex(repeating: "•", count: count)
        bullets.revision = ParagraphIndex.newID()
        return bullets
    }

    /// Whether `other`, this editor before or after some edits, holds the same text (as `==`
    /// judges it): at no cost, however long the text.
    func hasSameText(as other: TextEditor) -> Bool { revision == other.revision }

    /// The graphemes `range` of the text, found through its paragraphs.
    func text(in range: Range<Int>) -> Substring {
        text[paragraphs.index(of: range.lowerBound, in: text)..<paragraphs.index(of: range.upperBound, in: text)]
    }

    /// The grapheme at `offset` (less than `count`).
    func character(at offset: Int) -> Character { text[paragraphs.index(of: offset, in: text)] }

    // MARK: Changing the text. Each costs the graphemes of the paragraphs it touches, and a copy
    // of the text's bytes when another editor or an undo step shares them.

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

    /// A whole new text, counted afresh: O(n) in its length.
    public mutating func setText(_ newText: String) {
        if newText != text { revision = ParagraphIndex.newID() }
        text = newText
        paragraphs = ParagraphIndex(text)
        select(anchor: count, caret: count)
    }

    private mutating func replace(_ range: Range<Int>, with replacement: String) {
        if paragraphs.replace(range, with: replacement, in: &text) { revision = ParagraphIndex.newID() }
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

    /// The logical line containing `offset`, without its newline: its paragraph.
    public func lineBounds(of offset: Int) -> Range<Int> {
        guard multiline else { return 0..<count }
        return paragraphs.range(of: paragraphs.paragraph(containing: offset))
    }
}
