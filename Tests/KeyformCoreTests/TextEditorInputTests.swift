import KeyformCore
import Testing

/// What enters a text control from outside (typing, a paste, an input method, a starting value)
/// is made drawable first: a NUL from the clipboard is dropped (Pango would hide it while it was
/// still submitted), and a text area's line breaks become "\n" whatever their kind (a CRLF paste
/// used to draw on one line with a box glyph); one-line fields join lines with a space.
@Suite("Text entering a control") struct TextEditorInputTests {
    @Test(arguments: [
        // (inserted, multiline, resulting text)
        ("a\u{0}b", false, "ab"),
        ("a\u{0}b", true, "ab"),
        ("one\r\ntwo", true, "one\ntwo"),
        ("one\rtwo\r\n", true, "one\ntwo\n"),
        ("one\u{2028}two", true, "one\ntwo"),
        ("one\r\ntwo", false, "one two"),
        ("\u{0}", false, ""),
    ])
    func insertedText(input: String, multiline: Bool, expected: String) {
        var editor = TextEditor(multiline: multiline)
        editor.insert(input)
        #expect(editor.text == expected)
        #expect(editor.caret == expected.count)
    }

    @Test func aTextAreaStartsWithItsLineBreaksMadeNewlines() {
        #expect(TextEditor(text: "a\r\nb\rc", multiline: true).text == "a\nb\nc")
    }
}
