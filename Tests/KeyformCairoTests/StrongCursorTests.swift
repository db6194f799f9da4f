import CPango
@testable import KeyformCairo
import KeyformCore
import Testing

/// The caret offsets a key asks for are Pango's strong cursor positions, found without asking
/// Pango once per offset: the same answers as `pango_layout_get_cursor_pos`, to the Pango unit.
struct StrongCursorTests {
    static let texts = [
        "", "a", "packmyboxwithfivedozenliquorjugs", "Ada Lovelace", "  spaces  ", "office fit flow",  // ligatures
        "e\u{301}le\u{300}ve", "a\u{301}\u{302}\u{303}b", "👨‍👩‍👧 family", "🇫🇷🇩🇪 flags", "日本語のテキスト", "Ünïcödé",
        "שלום", "שלום עולם", "מִשְׁפָּט", "مرحبا بالعالم", "لا إله", "abc שלום def", "שלום abc עולם", "123 שלום 456",
        "abc (שלום) def", "שלום, world!", "\u{202B}abc\u{202C} def", "a\tb", "line\nbreak", "नमस्ते दुनिया", "ไทยภาษา",
        String(repeating: "the quick brown fox ", count: 12),
    ]

    /// A boundary at every Character, found without a walk in ASCII that has no CR.
    @Test(arguments: texts + ["a\r\nb", "\r", "a\rb", "\r\n"])
    func boundariesAreTheCharacters(_ text: String) {
        let walked = [0] + text.indices.map { text.utf8.distance(from: text.startIndex, to: text.index(after: $0)) }
        #expect(TextLayout.byteOffsets(text) == walked, "\(text.debugDescription)")
    }

    @Test(arguments: texts)
    func offsetsArePangosStrongCursor(_ text: String) {
        for font in [Font(size: 14), Font(size: 20, bold: true)] {
            let layout = TextLayout(typeface: .standard)
            layout.set(text, font: font)
            let boundaries = TextLayout.byteOffsets(text)
            #expect(StrongCursor.offsets(in: layout.pointer, at: boundaries) == StrongCursor.pangoOffsets(in: layout.pointer, at: boundaries),
                    "\(text.debugDescription) at \(font.size) px")
        }
    }

    /// What a layout answers, text with no characters included (one caret, answered without laying
    /// out an empty line, which would ask for the font's metrics).
    @Test(arguments: texts)
    func aLayoutsCaretOffsetsArePangos(_ text: String) {
        let layout = TextLayout(typeface: .standard)
        layout.set(text, font: Font(size: 14))
        #expect(layout.caretOffsets() == StrongCursor.pangoOffsets(in: layout.pointer, at: TextLayout.byteOffsets(text)), "\(text.debugDescription)")
    }

    /// Which lines the single walk answers (`StrongCursor.leftToRightOffsets`, a key in a Latin
    /// field): left-to-right text, ligatures included. Right-to-left and mixed text go the whole
    /// way; `offsetsArePangosStrongCursor` holds both ways to Pango.
    @Test(arguments: [
        ("", true), ("Ada Lovelace", true), ("  spaces  ", true), ("Ünïcödé", true), ("日本語のテキスト", true),
        ("e\u{301}le\u{300}ve", true), ("a\tb", true), (String(repeating: "the quick brown fox ", count: 12), true),
        ("office fit flow", true), ("packmyboxwithfivedozenliquorjugs", true), ("fi", true),
        ("שלום", false), ("abc שלום def", false), ("مرحبا بالعالم", false),
    ])
    func leftToRightLinesAreWalkedOnce(_ text: String, walked: Bool) throws {
        let layout = TextLayout(typeface: .standard)
        layout.set(text, font: Font(size: 14))
        let line = try #require(pango_layout_get_line_readonly(layout.pointer, 0))
        var lineBox = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &lineBox)
        let boundaries = TextLayout.byteOffsets(text)
        let offsets = StrongCursor.leftToRightOffsets(line: line, layout: layout.pointer, lineBox: lineBox, at: boundaries)
        #expect((offsets != nil) == walked, "\(text.debugDescription)")
        if let offsets { #expect(offsets == StrongCursor.pangoOffsets(in: layout.pointer, at: boundaries)) }
    }

    /// Both edges of every character, as `pango_layout_line_index_to_x` gives them.
    @Test(arguments: texts)
    func edgesArePangosIndexToX(_ text: String) throws {
        let layout = TextLayout(typeface: .standard)
        layout.set(text, font: Font(size: 14))
        let line = try #require(pango_layout_get_line_readonly(layout.pointer, 0))
        let edges = try #require(LineEdges(line: line, layout: layout.pointer))
        for index in text.utf8.indices.map({ text.utf8.distance(from: text.utf8.startIndex, to: $0) })
        where text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: index)] & 0xC0 != 0x80 {
            for trailing in [false, true] {
                var expected: Int32 = 0
                pango_layout_line_index_to_x(line, Int32(index), trailing ? 1 : 0, &expected)
                #expect(edges.x(at: index, trailing: trailing) == expected, "\(text.debugDescription) byte \(index) trailing \(trailing)")
            }
        }
    }
}
