import CPango
@testable import KeyformCairo
import KeyformCore
import Testing

/// Pango's line breaking, as text areas use it: each line fits the width, and lines break where
/// Unicode allows (after spaces, between CJK ideographs), inside a word only when it is too wide.
struct WrappingTests {
    let measurer = PangoTextMeasurer()
    let font = Font(size: 14)

    /// The lines of `text` wrapped at `width`.
    func lines(_ text: String, width: Double) -> [String] {
        let starts = measurer.lineStarts(text, font: font, width: width)
        let characters = Array(text)
        return zip(starts, starts.dropFirst() + [characters.count]).map { String(characters[$0..<$1]) }
    }

    @Test func wordsMoveToTheNextLineWithTheirSpaceLeftBehind() {
        let width = measurer.width("lorem ipsum", font: font) + 1
        #expect(lines("lorem ipsum dolor sit amet", width: width) == ["lorem ipsum ", "dolor sit ", "amet"])
    }

    @Test func aWordWiderThanTheLineBreaksBetweenGraphemes() {
        let wrapped = lines("Donaudampfschifffahrt", width: measurer.width("Donau", font: font) + 1)
        #expect(wrapped.count > 1 && wrapped.joined() == "Donaudampfschifffahrt")
        #expect(wrapped.allSatisfy { measurer.width($0, font: font) <= measurer.width("Donau", font: font) + 1 })
    }

    @Test func ideographsBreakBetweenEachOther() {
        let text = "日本語の文章は単語の間に空白がありません"
        let width = measurer.width("日本語の文", font: font) + 1
        let wrapped = lines(text, width: width)
        #expect(wrapped.count >= 4 && wrapped.joined() == text)
        #expect(wrapped.allSatisfy { measurer.width($0, font: font) <= width })
    }

    @Test func aGraphemeIsNeverSplit() {
        let text = String(repeating: "👨‍👩‍👧", count: 12)
        let wrapped = lines(text, width: measurer.width("👨‍👩‍👧👨‍👩‍👧", font: font) + 1)
        #expect(wrapped.count > 1 && wrapped.allSatisfy { $0.allSatisfy { $0 == "👨‍👩‍👧" } })
    }

    /// Short Latin, Greek and Cyrillic text is told to fit without being laid out: never when
    /// it does not, kerning pairs and accented letters included.
    @Test(arguments: ["AVAWAY To Ty Wa", "Field 1234", "Ελληνικά γράμματα", "Кириллица и ещё", "Ünïcödé fïëld"])
    func oneLineOnlyWhenTheTextFits(text: String) {
        let natural = measurer.width(text, font: font)
        for width in stride(from: natural - 6, through: natural * 1.2, by: 0.5) {
            let starts = measurer.lineStarts(text, font: font, width: width)
            #expect((starts == [0]) == (natural <= width + 0.01), "\(text) at \(width): \(starts), \(natural) wide")
        }
    }

    @Test func textThatFitsIsOneLine() {
        #expect(measurer.lineStarts("short", font: font, width: 500) == [0])
        #expect(measurer.lineStarts("", font: font, width: 500) == [0])
    }

    @Test(arguments: ["An option that is far too long for its box", "אפשרות ארוכה מדי בשביל התיבה שלה בטופס", "日本語の文章は単語の間に空白がありません"])
    func ellipsizingKeepsTheStartThatFitsAndAnEllipsis(text: String) {
        let width = 120.0
        let cut = measurer.ellipsized(text, font: font, width: width)
        #expect(cut.hasSuffix("…") && cut.count > 3 && text.hasPrefix(cut.dropLast()), "\(cut)")
        #expect(measurer.width(cut, font: font) <= width)
        #expect(measurer.ellipsized("short", font: font, width: width) == "short")
    }

    /// Text is told to fit from its laid-out width: kept whole exactly when Pango's own
    /// ellipsizing keeps it whole, to the Pango unit.
    @Test(arguments: ["Field 1234", "AVAWAY To Ty Wa", "office fit flow", "Ünïcödé fïëld", "x"])
    func textIsKeptWholeExactlyWhenPangoKeepsIt(text: String) {
        let reference = TextLayout(typeface: .standard)
        reference.set(text, font: font)
        pango_layout_set_ellipsize(reference.pointer, PANGO_ELLIPSIZE_END)
        let natural = measurer.width(text, font: font)
        for width in stride(from: natural - 2, through: natural + 2, by: 1.0 / 16) {
            pango_layout_set_width(reference.pointer, Int32(max(1, width) * Double(PANGO_SCALE)))
            let whole = pango_layout_is_ellipsized(reference.pointer) == 0
            #expect((measurer.ellipsized(text, font: font, width: width) == text) == whole, "\(text) at \(width), \(natural) wide")
        }
    }

    /// Ellipsizing must not leave the shared layout cut short: the next text still wraps.
    @Test func wrappingAfterEllipsizingBreaksLinesAgain() {
        _ = measurer.ellipsized("one two three four five", font: font, width: 30)
        #expect(lines("one two three four five", width: 60).count > 1)
    }

    /// Wrapping must not leave the shared layout wrapped: the next measurement is one line.
    @Test func measuringAfterWrappingIsOneLineAgain() {
        let before = measurer.caretOffsets("one two three four", font: font)
        _ = measurer.lineStarts("one two three four five", font: font, width: 30)
        #expect(measurer.caretOffsets("one two three four!", font: font).dropLast(2) == before.dropLast())
    }
}
