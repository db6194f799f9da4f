import CPango

/// Fontconfig's start-up, begun early. Reading its configuration and cache (`FcInit`, a third of
/// a window's start-up work) is the slowest step before any text can be measured, and needs
/// nothing else: Pango runs it on a thread of its own as soon as the calling thread's font map
/// exists. Created as soon as the command line says a command runs, it loads while the form is
/// read and the display connected.
public enum FontSystem {
    /// Creates the calling thread's Pango font map, which the measurer and renderer on this
    /// thread use later (the default map is per thread). Cheap, and idempotent.
    public static func startLoading() {
        _ = pango_cairo_font_map_get_default()
    }
}
