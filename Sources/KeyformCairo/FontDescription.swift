import CPango
import KeyformCore

/// Owns one `PangoFontDescription`: the face and pixel size a `Font` stands for in a typeface.
final class FontDescription {
    let pointer: OpaquePointer

    init(_ font: Font, in typeface: Typeface) {
        pointer = pango_font_description_new()
        typeface.family.withCString { pango_font_description_set_family(pointer, $0) }
        // Font.size is in pixels, not points: no dependence on the screen's resolution.
        pango_font_description_set_absolute_size(pointer, font.size * typeface.scale * Double(PANGO_SCALE))
        pango_font_description_set_weight(pointer, font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
    }

    deinit { pango_font_description_free(pointer) }
}
