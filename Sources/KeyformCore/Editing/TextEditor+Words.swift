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
        let chars = Array(text)
        var i = offset
        if forward {
            while i < chars.count && !chars[i].isWordCharacter { i += 1 }
            while i < chars.count && chars[i].isWordCharacter { i += 1 }
        } else {
            while i > 0 && !chars[i - 1].isWordCharacter { i -= 1 }
            while i > 0 && chars[i - 1].isWordCharacter { i -= 1 }
        }
        return i
    }
}
