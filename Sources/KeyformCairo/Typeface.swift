import CPango

/// The face text is set in, and how its glyphs are rasterized: DejaVu Sans by default, or the
/// desktop's `Gtk/FontName` and font rendering settings. The form's sizes (`Theme`) are for a
/// 14 px body; a desktop font of another size scales every text size alike.
public struct Typeface: Equatable, Sendable {
    public var family: String
    /// Every `Font`'s pixel size is multiplied by this.
    public var scale: Double
    public var rendering: FontRendering

    public static let standard = Typeface(family: "DejaVu Sans", scale: 1, rendering: FontRendering())
    /// The body size the form's layout is made for, in pixels.
    static let designedBodySize = 14.0
    /// How far a desktop's font size may scale the text: the boxes keep their sizes (`Theme`), so
    /// much larger text would not fit them.
    static let scales = 0.75...1.3

    public init(family: String, scale: Double, rendering: FontRendering) {
        self.family = family
        self.scale = scale
        self.rendering = rendering
    }

    /// The face a Pango font description names, as GTK's `Gtk/FontName` ("Cantarell 11", "Noto
    /// Sans Bold 10"): its family (else DejaVu Sans) and its size in points at 96 dpi (else the
    /// designed size). Display scale is not this: it multiplies everything, not just text.
    public init(fontName: String, rendering: FontRendering = FontRendering()) {
        let description = pango_font_description_from_string(fontName)
        defer { pango_font_description_free(description) }
        let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        let pixels = pango_font_description_get_size_is_absolute(description) != 0 ? size : size * 96 / 72
        self.init(family: family.isEmpty ? Self.standard.family : family,
                  scale: pixels > 0 ? min(max(pixels / Self.designedBodySize, Self.scales.lowerBound), Self.scales.upperBound) : 1,
                  rendering: rendering)
    }
}
