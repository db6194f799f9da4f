import CCairo

/// Owns one `cairo_font_options_t`: how glyphs are rasterized and positioned.
final class CairoFontOptions {
    let pointer: OpaquePointer

    /// Metrics hinting off, so glyph advances do not depend on the surface: text measured on an
    /// image surface lines up with text drawn in the window. The rest is cairo's default
    /// (what the surface says) unless `rendering` asks otherwise, as GTK applies the desktop's
    /// Xft settings: no hinting is hint style none; subpixel order with antialiasing is
    /// subpixel antialiasing.
    init(_ rendering: FontRendering = FontRendering()) {
        pointer = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
        if let antialias = rendering.antialias {
            let subpixel = rendering.subpixelOrder.map { $0 != .none } ?? false
            cairo_font_options_set_antialias(pointer, !antialias ? CAIRO_ANTIALIAS_NONE : subpixel ? CAIRO_ANTIALIAS_SUBPIXEL : CAIRO_ANTIALIAS_GRAY)
        }
        if rendering.hinting == false {
            cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
        } else if let style = rendering.hintStyle {
            cairo_font_options_set_hint_style(pointer, Self.hintStyle(style))
        }
        if let order = rendering.subpixelOrder { cairo_font_options_set_subpixel_order(pointer, Self.subpixelOrder(order)) }
    }

    deinit { cairo_font_options_destroy(pointer) }

    static func hintStyle(_ style: FontRendering.HintStyle) -> cairo_hint_style_t {
        switch style {
        case .hintnone: return CAIRO_HINT_STYLE_NONE
        case .hintslight: return CAIRO_HINT_STYLE_SLIGHT
        case .hintmedium: return CAIRO_HINT_STYLE_MEDIUM
        case .hintfull: return CAIRO_HINT_STYLE_FULL
        }
    }

    static func subpixelOrder(_ order: FontRendering.SubpixelOrder) -> cairo_subpixel_order_t {
        switch order {
        case .none: return CAIRO_SUBPIXEL_ORDER_DEFAULT
        case .rgb: return CAIRO_SUBPIXEL_ORDER_RGB
        case .bgr: return CAIRO_SUBPIXEL_ORDER_BGR
        case .vrgb: return CAIRO_SUBPIXEL_ORDER_VRGB
        case .vbgr: return CAIRO_SUBPIXEL_ORDER_VBGR
        }
    }
}
