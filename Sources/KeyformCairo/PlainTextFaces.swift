import CPango
import KeyformCore

/// What Pango's itemizing gives plain text in each font of one context, learnt once, so that a
/// `PlainRun` shapes such text without a `PangoLayout`. Plain text is printable ASCII with a
/// character other than a space, every character drawn in the font that draws a letter: Pango
/// makes it one item, left to right, with an analysis that depends only on the font and on
/// whether the text has a letter (Latin script) or only digits, spaces and punctuation (no
/// script of its own). A layout works that out again for every text: it itemizes the text and
/// finds every character's line breaks and grapheme boundaries (`pango_default_break`), which
/// was more than a third of what a layout cost and a fifth of a letter typed into a field
/// (callgrind: 55 K of the layout's 148 K instructions, against 77 K for shaping).
final class PlainTextFaces {
    /// One font's items: what Pango's itemizing gives a text with a letter and one without.
    struct Face {
        let latin: Analysis
        let common: Analysis

        /// The analysis of `text` (its UTF-8 bytes) if it is plain; nil if it is not, if Pango
        /// would draw one of its characters in another font, or if it is spaces alone (drawn in
        /// the fontset's first font, which need not be the letters' font).
        func analysis(of text: UnsafeBufferPointer<UInt8>) -> Analysis? {
            var hasLetter = false, hasInk = false
            for byte in text {
                guard byte >= 0x20 && byte < 0x7F else { return nil }
                let lowercased = byte | 0x20  // for a letter
                hasInk = hasInk || byte != 0x20
                hasLetter = hasLetter || (lowercased >= 0x61 && lowercased <= 0x7A)
            }
            guard hasInk else { return nil }
            let analysis = hasLetter ? latin : common
            for byte in text where !analysis.draws(byte) { return nil }
            return analysis
        }
    }

    /// An item's analysis as Pango's itemizing made it, and which printable ASCII characters its
    /// font draws itself: those its fontset gives that font for (it is the first to have them).
    final class Analysis {
        let analysis: PangoAnalysis
        /// By byte: whether the font draws it, nil until asked.
        private var drawsByte = [Bool?](repeating: nil, count: 0x80)
        private let fontset: UnsafeMutablePointer<PangoFontset>

        init(_ analysis: PangoAnalysis, fontset: UnsafeMutablePointer<PangoFontset>) {
            self.analysis = analysis
            self.fontset = fontset
            g_object_ref(UnsafeMutableRawPointer(analysis.font))
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(analysis.font))
            g_object_unref(UnsafeMutableRawPointer(fontset))
        }

        /// Whether the analysis's font is the one Pango picks for `byte` (printable ASCII), asked
        /// of the fontset once per character.
        fileprivate func draws(_ byte: UInt8) -> Bool {
            if let known = drawsByte[Int(byte)] { return known }
            let font = pango_fontset_get_font(fontset, UInt32(byte))
            defer { if let font { g_object_unref(UnsafeMutableRawPointer(font)) } }
            drawsByte[Int(byte)] = font == analysis.font
            return font == analysis.font
        }
    }

    private let context: OpaquePointer
    private var faces: [(font: Font, face: Face?)] = []
    /// The context's serial when the faces were learnt: a change of its font options loads other fonts.
    private var serial: UInt32

    /// `context`: the one every layout these faces stand in for is made on.
    init(context: OpaquePointer) {
        self.context = context
        serial = pango_context_get_serial(context)
    }

    /// The face of `font` (described by `description`), nil if plain text in it needs a layout
    /// after all (Pango gives it more than one item, or one not left to right).
    func face(of font: Font, description: FontDescription) -> Face? {
        let current = pango_context_get_serial(context)
        if current != serial { (faces, serial) = ([], current) }
        if let known = faces.first(where: { $0.font == font }) { return known.face }
        let face = learn(description)
        faces.append((font, face))
        return face
    }

    /// Itemizes a letter and a digit as a layout would any text in `description`, and keeps the
    /// analyses Pango gave them. Itemized alone: a layout would also break the sample into lines
    /// and measure them, and measuring a line asks for the font's metrics, which Pango works out
    /// by laying out a sample sentence (2.2 M instructions for a form's two fonts, before its
    /// first paint, callgrind).
    private func learn(_ description: FontDescription) -> Face? {
        let attributes = pango_attr_list_new()!
        defer { pango_attr_list_unref(attributes) }
        pango_attr_list_insert(attributes, pango_attr_font_desc_new(description.pointer))  // the whole text
        func analysis(of sample: StaticString) -> Analysis? {
            let bytes = Int32(sample.utf8CodeUnitCount)
            let items = sample.utf8Start.withMemoryRebound(to: CChar.self, capacity: Int(bytes)) {
                pango_itemize_with_base_dir(context, PANGO_DIRECTION_LTR, $0, 0, bytes, attributes, nil)
            }
            defer { g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
            guard let items, items.pointee.next == nil, let analysis = items.pointee.data?.assumingMemoryBound(to: PangoItem.self).pointee.analysis,
                  analysis.level == 0, analysis.extra_attrs == nil,
                  // Pango keeps the font of a scaled size (font-scale attributes) in `lang_engine`'s
                  // place, a reference a copied item would release without owning it.
                  analysis.font != nil, analysis.lang_engine == nil,
                  let fontset = pango_font_map_load_fontset(pango_context_get_font_map(context), context, description.pointer,
                                                            analysis.language) else { return nil }
            let plain = Analysis(analysis, fontset: fontset)
            // The fontset gives the sample the font itemizing gave it, or the fonts are not what they seem.
            return plain.draws(sample.utf8Start.pointee) ? plain : nil
        }
        guard let latin = analysis(of: "a"), let common = analysis(of: "1") else { return nil }
        return Face(latin: latin, common: common)
    }
}
