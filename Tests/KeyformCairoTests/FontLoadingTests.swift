import CFontconfigCount
import CPango
@testable import KeyformCairo
import KeyformCore
import Testing

/// Measuring a label's letters (a font loaded for one glyph's advance) and laying out a line
/// (Pango's font metrics included) load each size and weight under one key: fontconfig
/// substitutes its pattern once. (They asked under different languages, the locale's and none,
/// and each font was loaded twice, a millisecond of start-up each; issue #22.)
@Suite("Font loading") struct FontLoadingTests {
    @Test func eachFontIsSubstitutedOnce() {
        // Sizes no other test loads, so that none is loaded already.
        let layout = TextLayout(typeface: Typeface(family: "DejaVu Sans", scale: 1.07, rendering: FontRendering()))
        let before = keyform_fontconfig_substitutions()
        for font in [Theme.bodyFont, Theme.titleFont, Theme.messageFont] {
            _ = layout.advance(of: "K", font: font)
            layout.set("Keyform", font: font)
            _ = layout.extents
        }
        #expect(keyform_fontconfig_substitutions() - before == 3)
    }
}

/// A short label's letters are measured by their advances, read from the font (a layout of each
/// letter alone was a third of a small form's start-up). The advance must be what Pango's own
/// shaping gives the letter: its width in a line, to the Pango unit, in every theme font.
@Suite("Letter advances") struct LetterAdvanceTests {
    @Test(arguments: [Theme.bodyFont, Theme.labelFont, Theme.titleFont, Theme.messageFont])
    func aLettersAdvanceIsItsWidthInALine(_ font: Font) throws {
        let measured = TextLayout(typeface: .standard), line = TextLayout(typeface: .standard)
        for scalar in "AaWwZz09 .,;ÅéßøΩωλЖжЯя".unicodeScalars {
            let advance = try #require(measured.advance(of: scalar, font: font))
            line.set(String(scalar), font: font)
            let run = try #require(pango_layout_get_line_readonly(line.pointer, 0)?.pointee.runs?.pointee.data?
                .assumingMemoryBound(to: PangoGlyphItem.self))
            let glyphs = run.pointee.glyphs.pointee
            #expect(glyphs.num_glyphs == 1)
            #expect(advance * Double(PANGO_SCALE) == Double(glyphs.glyphs.pointee.geometry.width), "\(scalar)")
        }
    }
}
