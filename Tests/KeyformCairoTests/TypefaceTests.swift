import KeyformCairo
import KeyformCore
import Testing

/// The desktop's font (`Gtk/FontName`) and its rendering settings, as the renderer applies them.
@Suite("Typeface") struct TypefaceTests {
    @Test(arguments: [
        ("Cantarell 11", "Cantarell", 11 * 96 / 72 / 14.0),
        ("Noto Sans Bold 10", "Noto Sans", 10 * 96 / 72 / 14.0),
        ("DejaVu Sans 10.5", "DejaVu Sans", 1.0),
        ("Cantarell 40", "Cantarell", 1.3),  // the boxes keep their size: capped
        ("Monospace 4", "Monospace", 0.75),
        ("Cantarell", "Cantarell", 1.0),  // no size: the designed one
        ("", "DejaVu Sans", 1.0),
        ("Sans 20px", "Sans", 1.3),
        ("Sans 15px", "Sans", 15 / 14.0),
    ] as [(String, String, Double)])
    func readsGtkFontName(_ name: String, _ family: String, _ scale: Double) {
        let typeface = Typeface(fontName: name)
        #expect(typeface.family == family)
        #expect(abs(typeface.scale - scale) < 1e-9, "\(typeface.scale)")
    }

    /// With `Xft/Antialias 0` (or `Xft.antialias: 0`) text is drawn in the palette's colours
    /// only, no grey edges; with antialiasing, edges blend (so the test can tell).
    @Test(arguments: [(false, true), (true, false), (nil, false)] as [(Bool?, Bool)])
    func antialiasOffDrawsOnlyThePalettesColours(_ antialias: Bool?, _ twoColours: Bool) {
        let palette = Palette.light
        var typeface = Typeface.standard
        typeface.rendering.antialias = antialias
        let layouts = TextLayouts(typeface: typeface)
        let surface = CairoSurface.image(width: 200, height: 40)
        var list = DisplayList()
        list.append(.fill(Rect(x: 0, y: 0, width: 200, height: 40), palette.fieldBackground, radius: 0))
        list.append(.text(TextRun(text: "Keyform: Ada Lovelace", origin: Point(x: 4, y: 8), font: Theme.bodyFont, color: palette.text)))
        CairoRenderer(layouts: layouts).render(list, in: CairoContext(surface), clip: nil)
        var colours = Set<[UInt8]>()
        for y in 0..<40 { for x in 0..<200 { if let p = surface.rgb(x: x, y: y) { colours.insert([p.red, p.green, p.blue]) } } }
        let expected: Set<[UInt8]> = [[0xff, 0xff, 0xff], [0x1e, 0x1e, 0x1e]]
        if twoColours {
            #expect(colours == expected)
        } else {
            #expect(colours.count > 2, "antialiased text blends at its edges")
        }
    }
}

/// A measurer whose layouts are given a new typeface (the desktop's font changed) measures as one made with it,
/// though it measured the same text in the old one first.
@Suite("Typeface changes") struct TypefaceChangeTests {
    @Test(arguments: [("DejaVu Sans 9", "DejaVu Sans 13"), ("DejaVu Sans 13", "DejaVu Serif 9"), ("DejaVu Sans 10", "DejaVu Sans 10")])
    func measuresAsANewMeasurer(_ from: String, _ to: String) {
        let text = "Keyform measures Ada Lovelace's notes"
        let layouts = TextLayouts(typeface: Typeface(fontName: from))
        let measurer = PangoTextMeasurer(layouts: layouts)
        _ = (measurer.caretOffsets(text, font: Theme.bodyFont), measurer.lineHeight(Theme.bodyFont),
             measurer.lineStarts(text, font: Theme.labelFont, width: 120))
        layouts.typeface = Typeface(fontName: to)
        let fresh = PangoTextMeasurer(typeface: Typeface(fontName: to))
        #expect(measurer.caretOffsets(text, font: Theme.bodyFont) == fresh.caretOffsets(text, font: Theme.bodyFont))
        #expect(measurer.lineHeight(Theme.bodyFont) == fresh.lineHeight(Theme.bodyFont))
        #expect(measurer.lineStarts(text, font: Theme.labelFont, width: 120) == fresh.lineStarts(text, font: Theme.labelFont, width: 120))
        #expect(measurer.width("W", font: Theme.titleFont) == fresh.width("W", font: Theme.titleFont))
    }
}
