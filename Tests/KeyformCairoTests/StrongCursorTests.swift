@testable import KeyformCairo
import KeyformCore
import Testing

/// The caret offsets a key asks for are Pango's strong cursor positions, found without asking
/// Pango once per offset: the same answers as `pango_layout_get_cursor_pos`, to the Pango unit.
struct StrongCursorTests {
    @Test(arguments: [
        "", "a", "packmyboxwithfivedozenliquorjugs", "Ada Lovelace", "  spaces  ", "office fit flow",  // ligatures
        "e\u{301}le\u{300}ve", "👨‍👩‍👧 family", "日本語のテキスト", "Ünïcödé",
        "שלום", "שלום עולם", "مرحبا بالعالم", "abc שלום def", "שלום abc עולם", "123 שלום 456",
        "abc (שלום) def", "שלום, world!", "\u{202B}abc\u{202C} def", "a\tb", "line\nbreak",
    ])
    func offsetsArePangosStrongCursor(_ text: String) {
        for font in [Font(size: 14), Font(size: 20, bold: true)] {
            let layout = TextLayout(typeface: .standard)
            layout.set(text, font: font)
            let boundaries = TextLayout.byteOffsets(text)
            #expect(StrongCursor.offsets(in: layout.pointer, at: boundaries) == StrongCursor.pangoOffsets(in: layout.pointer, at: boundaries),
                    "\(text.debugDescription) at \(font.size) px")
        }
    }
}
