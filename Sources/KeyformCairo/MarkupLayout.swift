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
    init(_ key: MarkupKey, context: OpaquePointer, typeface: Typeface) {
        layout = pango_layout_new(context)
        let description = FontDescription(key.font, in: typeface)
        pango_layout_set_font_description(layout, description.pointer)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, Int32(max(1, key.width) * Double(PANGO_SCALE)))
        if key.centered { pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
        var attributes: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        // Pango drops the `_` that marks a mnemonic letter and underlines the letter.
        let marker = key.marksMnemonic ? gunichar(UInt8(ascii: "_")) : 0
        if pango_parse_markup(key.markup, -1, marker, &attributes, &text, nil, nil) != 0, let text {
            if let attributes, key.marksMnemonic { Self.showMnemonicUnderline(key.underlinesMnemonic, in: attributes) }
            pango_layout_set_text(layout, text, -1)
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
            g_free(text)
        } else {
            pango_layout_set_text(layout, key.markup, -1)
        }
    }

    /// Pango underlines the mnemonic letter in a kind of its own (`PANGO_UNDERLINE_LOW`, which
    /// markup's `<u>` never gives). Keyform shows it only while Alt is held, as GTK does, and
    /// then as its other labels underline it (`UnderlineAttributes`).
    private static func showMnemonicUnderline(_ shown: Bool, in attributes: OpaquePointer) {
        func mnemonicUnderline(_ attribute: UnsafeMutablePointer<PangoAttribute>?) -> UnsafeMutablePointer<PangoAttrInt>? {
            guard let attribute, attribute.pointee.klass.pointee.type == PANGO_ATTR_UNDERLINE,
                  let underline = pango_attribute_as_int(attribute),
                  underline.pointee.value == Int32(PANGO_UNDERLINE_LOW.rawValue) else { return nil }
            return underline
        }
        let removed = shown
            ? pango_attr_list_filter(attributes, { attribute, _ in
                mnemonicUnderline(attribute)?.pointee.value = Int32(PANGO_UNDERLINE_SINGLE.rawValue)
                return 0
            }, nil)
            : pango_attr_list_filter(attributes, { attribute, _ in mnemonicUnderline(attribute) != nil ? 1 : 0 }, nil)
        if let removed { pango_attr_list_unref(removed) }
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

/// What a markup layout is laid out from (see `MarkupRun`), to find it again.
struct MarkupKey: Equatable {
    let markup: String
    let font: Font
    let width: Double
    let marksMnemonic: Bool
    let underlinesMnemonic: Bool
    var centered = false
}

extension MarkupKey {
    init(_ run: MarkupRun) {
        self.init(markup: run.markup, font: run.font, width: run.frame.width, marksMnemonic: run.marksMnemonic,
                  underlinesMnemonic: run.underlinesMnemonic, centered: run.centered)
    }
}
