import CCairo
import CPango
import KeyformCore

/// A text of Pango markup laid out as GTK lays out a wrapping label's: the markup's styles over
/// the `Font`, paragraphs broken at newlines and wrapped at a width between words (within a
/// word too long for a line), each paragraph starting at the side its direction reads from.
/// Measured (its height) and drawn from the same layout.
final class MarkupLayout {
    private let layout: OpaquePointer

    /// `context`: the shared context of the measurer and the renderer (`TextLayouts`). Text
    /// that is not valid markup is laid out as plain text, so nothing given is lost.
    init(_ markup: String, font: Font, width: Double, context: OpaquePointer, typeface: Typeface) {
        layout = pango_layout_new(context)
        let description = FontDescription(font, in: typeface)
        pango_layout_set_font_description(layout, description.pointer)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, Int32(max(1, width) * Double(PANGO_SCALE)))
        var attributes: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        if pango_parse_markup(markup, -1, 0, &attributes, &text, nil, nil) != 0, let text {
            pango_layout_set_text(layout, text, -1)
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
            g_free(text)
        } else {
            pango_layout_set_text(layout, markup, -1)
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// The height of its lines, unrounded, as `PangoTextMeasurer.lineHeight` measures a line.
    var height: Double {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Double(height) / Double(PANGO_SCALE)
    }

    /// Draws it with its top left at `origin`, in the context's source where the markup sets no colour.
    func draw(at origin: Point, in context: CairoContext) {
        cairo_move_to(context.pointer, origin.x, origin.y)
        pango_cairo_show_layout(context.pointer, layout)
    }
}

/// What a markup layout is laid out from, to find it again.
struct MarkupKey: Equatable {
    let markup: String
    let font: Font
    let width: Double
}
