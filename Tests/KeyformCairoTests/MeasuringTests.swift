import CPango
@testable import KeyformCairo
import KeyformCore
import Testing

struct MeasuringTests {
    let measurer = PangoTextMeasurer()
    let font = Font(size: 14)

    @Test func everyCharacterBoundaryHasAnOffset() {
        let offsets = measurer.caretOffsets("abc", font: font)
        #expect(offsets.count == 4)
        #expect(offsets.first == 0)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test(arguments: ["", "a", "👨‍👩‍👧", "é", "e\u{301}", "日本語"])
    func oneOffsetPerGraphemeBoundary(_ text: String) {
        let offsets = measurer.caretOffsets(text, font: font)
        #expect(offsets.count == text.count + 1)
        #expect(offsets.first == 0)
    }

    @Test func repeatedQuestionsGiveTheSameAnswer() {
        let first = measurer.caretOffsets("Name", font: font)
        _ = measurer.caretOffsets("Name", font: Font(size: 20))
        #expect(measurer.caretOffsets("Name", font: font) == first)
        #expect(measurer.width("Name", font: Font(size: 20)) > first.last!)
    }

    @Test func boldIsWider() {
        #expect(measurer.width("Submit", font: Font(size: 14, bold: true)) > measurer.width("Submit", font: font))
    }

    @Test func rightToLeftOffsetsFollowPango() {
        let offsets = measurer.caretOffsets("שלום", font: font)
        #expect(offsets.count == 5)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test(arguments: [10.0, 14, 20])
    func lineHeightIsAboutTheFontSize(_ size: Double) {
        let height = measurer.lineHeight(Font(size: size))
        #expect(height >= size && height <= size * 24 / 14)
    }

    /// A line's height is measured on a letter, not on a line with no text, whose height Pango
    /// takes from the font's metrics (worked out by laying out a sample sentence): the same height.
    @Test(arguments: [Font(size: 14), Font(size: 20, bold: true), Font(size: 9.5), Font(size: 13.33), Font(size: 31, bold: true)])
    func lineHeightIsAnEmptyLinesHeight(_ font: Font) {
        let empty = TextLayout(typeface: .standard)
        empty.set("", font: font)
        var logical = PangoRectangle()
        pango_layout_get_extents(empty.pointer, nil, &logical)
        #expect(measurer.lineHeight(font) == Double(logical.height) / Double(PANGO_SCALE))
    }
}
