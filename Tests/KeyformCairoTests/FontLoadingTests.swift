import CFontconfigCount
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
        for font in [Theme.bodyFont, Theme.labelFont, Theme.titleFont] {
            _ = layout.advance(of: "K", font: font)
            layout.set("Keyform", font: font)
            _ = layout.extents
        }
        #expect(keyform_fontconfig_substitutions() - before == 3)
    }
}
