import KeyformCore
import Testing

/// What enters a text control from outside (typing, a paste, an input method, a starting value)
/// is made drawable first: control characters are dropped (a NUL Pango would hide while it was
/// still submitted; an escape sequence a script would echo to its terminal), and a text area's
/// line breaks become "\n" whatever their kind (a CRLF paste used to draw on one line with a box
/// glyph); one-line fields join lines, and make tabs, with a space.
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
        ("a\u{0}b\u{1b}[31mred\u{7}", false, "ab[31mred"),           // a paste that would colour a terminal
        ("a\u{0}b\u{1b}[31mred\u{7}", true, "ab[31mred"),
        ("a\tb", true, "a\tb"),                                        // a text area keeps tabs
        ("a\tb", false, "a b"),                                         // a one-line field has none
        ("x\u{7f}y\u{9b}31mz\u{85}w", false, "xy31mz w"),            // DEL and C1 (8-bit CSI) too; NEL is a line break
        ("x\u{8}\u{1f}\u{c}y", true, "x\ny"),                        // form feed is a line break
        ("£ é 日本", false, "£ é 日本"),                                 // what only looks like a control's lead byte stays
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

    /// A value from a form file, `--value` or a draft enters the same way as a paste.
    @Test func aStartingValueLosesItsControlCharacters() throws {
        let reports = try replay(makeForm(#"{"fields": [{"id": "a", "type": "text", "value": "a\u001b[2Jb\tc"}, {"id": "t", "type": "tokens", "value": ["x\u0007"]}]}"#), ["wait:0"])
        #expect(reports[0]["values"]?["a"] == .string("a[2Jb c"))
        #expect(reports[0]["values"]?["t"] == .array([.string("x")]))
    }
}
