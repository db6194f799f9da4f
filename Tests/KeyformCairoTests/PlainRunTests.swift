import CCairo
import CPango
@testable import KeyformCairo
import KeyformCore
import Testing

/// Plain text is shaped without a `PangoLayout` (`PlainRun`), and must be what a layout of it
/// is: the same item and glyphs, extents, caret offsets, visual motion, and pixels. Each case
/// lays the text out both ways on one context.
struct PlainRunTests {
    static let plainTexts = [
        "a", "Ada Lovelace", "packmyboxwithfivedozenliquorjugsthequickbrownfox", "  spaces  ", " a", "a ", "office fit flow ffl",
        "AVATAR Ty Wa To LT", "123", "1 2 3", "!?", "(a)", "x=1+2*3", "~`^|\\{}[]<>", "\"quoted\" 'text'", "@#$%&_-",
        String(repeating: "the quick brown fox ", count: 12), "W", ".",
    ]
    /// Text a layout must lay out: beyond ASCII, bidirectional, a tab or a line break, empty, or
    /// spaces alone.
    static let otherTexts = ["", " ", "   ", "Ünïcödé", "שלום", "abc שלום", "a\tb", "a\nb", "日本語", "e\u{301}", "a\u{7F}b"]
    static let fonts = [Font(size: 14), Font(size: 20, bold: true), Font(size: 9.5)]

    /// Two layouts on one context: one that takes the plain path, one that never does.
    final class Pair {
        let context = TextLayout.makeContext(Typeface.standard.rendering)
        let plain: TextLayout
        let reference: TextLayout

        init(_ text: String, font: Font) {
            plain = TextLayout(context: context, typeface: .standard, plainFaces: PlainTextFaces(context: context))
            reference = TextLayout(context: context, typeface: .standard)
            plain.set(text, font: font)
            reference.set(text, font: font)
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(context)) }
    }

    @Test(arguments: plainTexts, fonts)
    func plainTextIsShapedAsALayoutShapesIt(_ text: String, font: Font) throws {
        let pair = Pair(text, font: font)
        let run = try #require(pair.plain.plain, "\(text.debugDescription) is not plain")
        let line = try #require(pango_layout_get_line_readonly(pair.reference.pointer, 0))
        let runs = try #require(line.pointee.runs)
        #expect(runs.pointee.next == nil, "one item")
        let glyphItem = try #require(runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee)
        let item = try #require(glyphItem.item?.pointee), glyphs = try #require(glyphItem.glyphs?.pointee)
        let analysis = run.item.pointee.analysis
        #expect(analysis.font == item.analysis.font && analysis.script == item.analysis.script && analysis.language == item.analysis.language)
        #expect(analysis.level == item.analysis.level && analysis.gravity == item.analysis.gravity && analysis.flags == item.analysis.flags)
        #expect(run.glyphs.pointee.num_glyphs == glyphs.num_glyphs)
        for index in 0..<Int(min(glyphs.num_glyphs, run.glyphs.pointee.num_glyphs)) {
            let ours = run.glyphs.pointee.glyphs[index], theirs = glyphs.glyphs[index]
            #expect(ours.glyph == theirs.glyph && ours.geometry.width == theirs.geometry.width
                    && ours.geometry.x_offset == theirs.geometry.x_offset && ours.geometry.y_offset == theirs.geometry.y_offset
                    && run.glyphs.pointee.log_clusters[index] == glyphs.log_clusters[index], "\(text.debugDescription) glyph \(index)")
        }
    }

    @Test(arguments: plainTexts, fonts)
    func plainTextMeasuresAsALayout(_ text: String, font: Font) throws {
        let pair = Pair(text, font: font)
        try #require(pair.plain.plain != nil)
        #expect(pair.plain.extents == pair.reference.extents, "\(text.debugDescription)")
        let boundaries = TextLayout.byteOffsets(text)
        #expect(pair.plain.caretOffsets() == StrongCursor.pangoOffsets(in: pair.reference.pointer, at: boundaries), "\(text.debugDescription)")
        for index in boundaries {
            for rightwards in [false, true] {
                #expect(pair.plain.visualNeighbour(ofByte: index, rightwards: rightwards)
                        == pair.reference.visualNeighbour(ofByte: index, rightwards: rightwards),
                        "\(text.debugDescription) from byte \(index), \(rightwards ? "rightwards" : "leftwards")")
            }
        }
    }

    /// The same pixels, at whole and fractional origins and device scales.
    @Test(arguments: [1.0, 1.25, 2.0], [Point(x: 3, y: 5), Point(x: 10.5, y: 7.25), Point(x: 0.3, y: 2.6)])
    func plainTextDrawsAsALayout(scale: Double, origin: Point) throws {
        for text in Self.plainTexts.prefix(12) {
            for font in Self.fonts {
                let pair = Pair(text, font: font)
                try #require(pair.plain.plain != nil)
                func drawn(_ layout: TextLayout) -> [UInt32] {
                    let surface = CairoSurface.image(size: Size(width: 420, height: 40), scale: DisplayScale(scale))
                    let context = CairoContext(surface)
                    cairo_set_source_rgb(context.pointer, 0.1, 0.2, 0.3)
                    layout.draw(at: origin, in: context)
                    surface.flush()
                    return surface.argbPixels
                }
                let plain = drawn(pair.plain)
                let differing = zip(plain, drawn(pair.reference)).filter { $0 != $1 }.count
                #expect(differing == 0, "\(text.debugDescription) at \(font.size) px, scale \(scale), origin \(origin): \(differing) pixels differ")
                #expect(plain.contains { $0 != 0xFFFF_FFFF }, "\(text.debugDescription) drew nothing")
            }
        }
    }

    @Test(arguments: otherTexts)
    func otherTextIsLaidOut(_ text: String) {
        let pair = Pair(text, font: Font(size: 14))
        #expect(pair.plain.plain == nil, "\(text.debugDescription) took the plain path")
        #expect(pair.plain.extents == pair.reference.extents)
        #expect(pair.plain.caretOffsets() == pair.reference.caretOffsets())
    }

    /// The layouts a measurer and its renderer share take the plain path.
    @Test func sharedLayoutsShapePlainTextThemselves() {
        #expect(TextLayouts().layout("Ada Lovelace", font: Font(size: 14)).plain != nil)
    }

    /// An underline (a mnemonic, a preedit) is an attribute only a layout draws.
    @Test func underlinedTextIsLaidOut() {
        let pair = Pair("Name", font: Font(size: 14))
        pair.plain.set("Name", font: Font(size: 14), underline: 0..<1)
        #expect(pair.plain.plain == nil)
        pair.plain.set("Name", font: Font(size: 14), underline: 0..<0)
        #expect(pair.plain.plain != nil)
    }

    /// New font options load other fonts: a run shaped before is shaped again in them.
    @Test func newFontOptionsShapeAgain() throws {
        let pair = Pair("Hinted text", font: Font(size: 14))
        let before = try #require(pair.plain.plain).item.pointee.analysis.font
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
        pango_cairo_context_set_font_options(pair.context, options)
        let after = try #require(pair.plain.plain)
        #expect(after.item.pointee.analysis.font != before)
        pair.reference.set("Hinted text", font: Font(size: 14))
        #expect(pair.plain.extents == pair.reference.extents)
    }
}
