/// Moving and deleting by words (Ctrl+Left/Right, Ctrl+BackSpace/Delete), as GTK entries do on
/// Linux: back to the start of a word, forward to the end of one. A password is one word, so
/// the caret never shows where its words break. Each costs O(n) in the text's length.
extension TextEditor {
    public mutating func moveWord(forward: Bool, extending: Bool, wholeText: Bool = false) {
        moveCaret(to: wordBoundary(from: caret, forward: forward, wholeText: wholeText), extending: extending)
    }

    /// Deletes the selection, else from the caret to the word boundary before or after it.
    public mutating func deleteWord(forward: Bool, wholeText: Bool = false) {
        if !hasSelection {
            select(anchor: wordBoundary(from: caret, forward: forward, wholeText: wholeText), caret: caret)
        }
        deleteBackward()
    }

    func wordBoundary(from offset: Int, forward: Bool, wholeText: Bool) -> Int {
        if wholeText { return forward ? count : 0 }
        let words = Words(text)
        var i = offset
        if forward {
            while i < words.count && words.kind(at: i) == nil { i += 1 }
            return i < words.count ? words.segment(at: i).upperBound : i
        } else {
            while i > 0 && words.kind(at: i - 1) == nil { i -= 1 }
            return i > 0 ? words.segment(at: i - 1).lowerBound : i
        }
    }

    /// What a double click on the grapheme at `offset` selects: its word, else the run of spaces
    /// or the punctuation mark it is; nothing on a line break or past the end.
    func wordSelection(at offset: Int, wholeText: Bool = false) -> Range<Int> {
        if wholeText { return 0..<count }
        let words = Words(text)
        guard offset < words.count, !words.characters[offset].isNewline else { return offset..<offset }
        return words.segment(at: offset)
    }
}

/// The text cut into words as UAX #29 does: runs of letters, digits and `_` (an apostrophe
/// between two letters stays inside, WB6–7: "don't"), and each emoji on its own (WB3c keeps a
/// ZWJ sequence whole, WB999 breaks between pictographs; Swift's Characters already hold each
/// family, flag, skin tone and keycap whole). Spaces and punctuation lie between words.
struct Words {
    enum Kind { case letters, emoji }

    let characters: [Character]
    var count: Int { characters.count }

    init(_ text: String) { characters = Array(text) }

    /// The kind of word the Character at `index` belongs to, nil between words.
    func kind(at index: Int) -> Kind? {
        let character = characters[index]
        if character.isEmoji { return .emoji }
        if character.isWordCharacter { return .letters }
        guard character == "'" || character == "\u{2019}", index > 0, index + 1 < count else { return nil }
        return isLetter(index - 1) && isLetter(index + 1) ? .letters : nil
    }

    /// The word, the run of spaces or the punctuation mark the Character at `index` is part of.
    func segment(at index: Int) -> Range<Int> {
        let kind = kind(at: index)
        let joins: (Int) -> Bool
        switch kind {
        case .emoji: return index..<index + 1
        case .letters: joins = { self.kind(at: $0) == .letters }
        case nil where characters[index].isBlank && !characters[index].isNewline:
            joins = { self.characters[$0].isBlank && !self.characters[$0].isNewline }
        case nil: return index..<index + 1
        }
        var start = index, end = index + 1
        while start > 0 && joins(start - 1) { start -= 1 }
        while end < count && joins(end) { end += 1 }
        return start..<end
    }

    private func isLetter(_ index: Int) -> Bool {
        characters[index].isLetter && !characters[index].isEmoji
    }
}

extension Character {
    var isWordCharacter: Bool { isLetter || isNumber || self == "_" }

    /// Drawn as an emoji: a pictograph shown as one by default (😀, a flag's regional
    /// indicators), or asking to be with U+FE0F (❤️), a keycap (1️⃣) or a skin tone. A digit, ©
    /// or ☺ on its own is text.
    var isEmoji: Bool {
        guard let first = unicodeScalars.first, first.properties.isEmoji else { return false }
        return first.properties.isEmojiPresentation
            || unicodeScalars.contains { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0.properties.isEmojiModifier }
    }
}
