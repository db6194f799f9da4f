import CCairo

/// Owns one `cairo_font_options_t`: how glyphs are rasterized and positioned.
final class CairoFontOptions {
    let pointer: OpaquePointer

    /// Cairo's defaults (antialiasing as the surface says), with metrics hinting off: glyph
    /// advances then do not depend on the surface, so text measured on an image surface lines
    /// up with text drawn in the window.
    init() {
        pointer = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
    }

    deinit { cairo_font_options_destroy(pointer) }
}
