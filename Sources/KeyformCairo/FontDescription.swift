import CPango
import KeyformCore

/// Owns one `PangoFontDescription`: the face and pixel size a `Font` stands for.
final class FontDescription {
    static let family = "DejaVu Sans"

    let pointer: OpaquePointer

    init(_ font: Font) {
        pointer = pango_font_description_new()
        pango_font_description_set_family(pointer, Self.family)
        // Font.size is in pixels, not points: no dependence on the screen's resolution.
        pango_font_description_set_absolute_size(pointer, font.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(pointer, font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
    }

    deinit { pango_font_description_free(pointer) }
}
