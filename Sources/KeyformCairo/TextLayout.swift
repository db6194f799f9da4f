import CCairo
import CPango
import KeyformCore

/// Owns one `PangoLayout`, set up the same way for drawing and for measuring: the typeface at the
/// `Font`'s pixel size, metrics hinting off, one line. Reused for every run: set the text, then
/// draw or measure it. The `PangoLayout` is given the text only when something asks for it
/// (`pointer`).
final class TextLayout {
    private let layout: OpaquePointer
    private let typeface: Typeface
    private var fonts: [Font: FontDescription] = [:]
    /// The font each `Font` loads to on this layout's context, for reading single glyphs.
    private var loadedFonts: [Font: UnsafeMutablePointer<PangoFont>] = [:]
    /// Told every text set, when a test counts shaping.
    var counter: ShapeCounter?
    /// The text last set, in its font, with the Characters to underline.
    private var text = "", font = Font(size: 0), underline: Range<Int>?
    /// Whether the `PangoLayout` holds that text yet.
    private var layoutIsSet = true

    /// A layout on a context of its own.
    convenience init(typeface: Typeface) {
        let context = Self.makeContext(typeface.rendering)
        self.init(context: context, typeface: typeface)
        g_object_unref(UnsafeMutableRawPointer(context)) // the layout holds its own reference
    }

    /// A layout on `context` (from `makeContext`), which layouts may share.
    init(context: OpaquePointer, typeface: Typeface) {
        layout = pango_layout_new(context)
        self.typeface = typeface
        pango_layout_set_single_paragraph_mode(layout, 1)
    }

    /// The `PangoLayout` holding the text last set.
    var pointer: OpaquePointer {
        if !layoutIsSet { setLayout() }
        return layout
    }

    /// A new Pango context with our font options; the caller owns the reference.
    static func makeContext(_ rendering: FontRendering) -> OpaquePointer {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        // Itemizing a text uses the locale's language, a font loaded directly (`advance`) only a
        // language set here: set, both load each font under one key, so fontconfig substitutes
        // and sorts once per size and weight, not twice.
        pango_context_set_language(context, pango_language_get_default())
        let options = CairoFontOptions(rendering)
        withExtendedLifetime(options) { pango_cairo_context_set_font_options(context, options.pointer) }
        return context
    }

    deinit {
        for font in loadedFonts.values { g_object_unref(UnsafeMutableRawPointer(font)) }
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Follows the context's transformation and surface font options (cheap when they are unchanged).
    func update(for context: CairoContext) { pango_cairo_update_layout(context.pointer, pointer) }

    /// Sets the text, its font, and the Characters to underline.
    func set(_ text: String, font: Font, underline: Range<Int>? = nil) {
        counter?.count(text)
        (self.text, self.font, self.underline) = (text, font, underline)
        layoutIsSet = false
    }

    private func setLayout() {
        layoutIsSet = true
        // A String passed as a C string is copied into a new array each time; withCString lends
        // a native string's own bytes.
        text.withCString { pango_layout_set_text(layout, $0, Int32(text.utf8.count)) }
        pango_layout_set_font_description(layout, description(of: font).pointer)
        if let underline, !underline.isEmpty {
            let boundaries = Self.byteOffsets(text)
            let clamped = underline.clamped(to: 0..<(boundaries.count - 1))
            let attributes = UnderlineAttributes(bytes: boundaries[clamped.lowerBound]..<boundaries[clamped.upperBound])
            withExtendedLifetime(attributes) { pango_layout_set_attributes(layout, attributes.pointer) }
        } else {
            pango_layout_set_attributes(layout, nil)
        }
    }

    /// The text's ink and logical boxes, relative to where it is drawn, in Pango units.
    var boxes: (ink: PangoRectangle, logical: PangoRectangle) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(pointer, &ink, &logical)
        return (ink, logical)
    }

    /// Where the text puts ink, and its logical box, relative to where it is drawn; a pixel
    /// wider all round for antialiasing.
    var extents: Rect {
        var (ink, logical) = boxes
        // As `pango_layout_get_pixel_extents` rounds them.
        pango_extents_to_pixels(&ink, nil)
        pango_extents_to_pixels(&logical, nil)
        func rect(_ r: PangoRectangle) -> Rect { Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)) }
        return rect(ink).union(rect(logical)).insetBy(dx: -1, dy: -1)
    }

    /// Draws the text with its top left at `origin`, in the context's source.
    func draw(at origin: Point, in context: CairoContext) {
        cairo_move_to(context.pointer, origin.x, origin.y)
        pango_cairo_show_layout(context.pointer, pointer)
    }

    /// The strong cursor's x (Pango units) at each Character boundary (`byteOffsets`).
    func caretOffsets() -> [Int32] {
        // No text, one caret at the start: laid out, an empty line asks for the font's metrics.
        if text.isEmpty { return [0] }
        return StrongCursor.offsets(in: pointer, at: Self.byteOffsets(text))
    }

    /// Where `pango_layout_move_cursor_visually` takes the cursor from byte `index`, one
    /// grapheme rightwards or leftwards: the new byte index (-1 past the start, `Int32.max` past
    /// the end) and how many graphemes past it.
    func visualNeighbour(ofByte index: Int, rightwards: Bool) -> (index: Int32, trailing: Int32) {
        var newIndex: Int32 = 0, trailing: Int32 = 0
        pango_layout_move_cursor_visually(pointer, 1, Int32(index), 0, rightwards ? 1 : -1, &newIndex, &trailing)
        return (newIndex, trailing)
    }

    /// The UTF-8 offset of every Character boundary: `text.count + 1` values from 0 to the byte count.
    static func byteOffsets(_ text: String) -> [Int] {
        // ASCII without a CR (CR LF is one grapheme of two bytes) has a boundary at every byte.
        // Its bytes read in place: through the UTF-8 view's iterator, 20 instructions a byte.
        var contiguous = text
        if contiguous.withUTF8({ !$0.contains { $0 >= 0x80 || $0 == 0x0D } }) { return Array(0...text.utf8.count) }
        // Else one walk over the Characters; a native string gives each index's UTF-8 offset directly.
        var offsets = [0]
        offsets.reserveCapacity(text.utf8.count + 1)
        var index = text.startIndex
        while index < text.endIndex {
            index = text.index(after: index)
            offsets.append(text.utf8.distance(from: text.startIndex, to: index))
        }
        return offsets
    }

    /// The advance of `scalar`'s glyph in the font `font` loads to, as a layout of the letter
    /// alone measures it, but without shaping anything: nil if that font has no glyph for it
    /// (Pango would draw it in another).
    func advance(of scalar: Unicode.Scalar, font: Font) -> Double? {
        let loaded: UnsafeMutablePointer<PangoFont>
        if let known = loadedFonts[font] {
            loaded = known
        } else {
            let description = description(of: font)
            guard let made = withExtendedLifetime(description, {
                pango_context_load_font(pango_layout_get_context(layout), description.pointer)
            }) else { return nil }
            loaded = made
            loadedFonts[font] = made
        }
        let shaper = pango_font_get_hb_font(loaded)
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(shaper, scalar.value, &glyph) != 0 else { return nil }
        // HarfBuzz's advance, in Pango units, is the one Pango's shaping gives the glyph, which a
        // layout then rounds to a whole pixel (PANGO_UNITS_ROUND); Pango's glyph extents would
        // load the glyph's outline for its ink.
        let advance = hb_font_get_glyph_h_advance(shaper, glyph)
        return Double((advance + PANGO_SCALE / 2) & ~(PANGO_SCALE - 1)) / Double(PANGO_SCALE)
    }

    private func description(of font: Font) -> FontDescription {
        if let cached = fonts[font] { return cached }
        let description = FontDescription(font, in: typeface)
        fonts[font] = description
        return description
    }
}
