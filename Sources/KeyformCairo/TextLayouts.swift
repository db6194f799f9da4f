import CCairo
import CPango
import KeyformCore

/// Recently laid-out text, shared by a `PangoTextMeasurer` and the `CairoRenderer` that draws
/// what it measured: the text a key has just changed is shaped once, for its caret offsets, and
/// drawn from the same `PangoLayout`; a label drawn again is not shaped again. Whoever runs a
/// form makes one and gives it to both (`PangoTextMeasurer(layouts:)`, the window's renderer),
/// and changes the face here.
public final class TextLayouts {
    /// A new face (the desktop's font changed) drops every layout, shaped in the old one, and the
    /// measurer's measures (`typefaceChanged`); the session then lays the form out again
    /// (`FormSession.measuresChanged`).
    public var typeface: Typeface {
        didSet {
            guard typeface != oldValue else { return }
            g_object_unref(UnsafeMutableRawPointer(context))
            context = TextLayout.makeContext(typeface.rendering)
            layouts = RecentValues(runs: Self.capacity)
            markupLayouts = []
            // The next `follow` gives the new context the surface's options under the new ones.
            if let surfaceOptions { cairo_font_options_destroy(surfaceOptions) }
            surfaceOptions = nil
            typefaceChanged?()
        }
    }
    /// Set by the measurer given these layouts: its own measures were made in the old face.
    var typefaceChanged: (() -> Void)?
    /// One context for all, with the font options of the surface drawn on last (`follow`).
    private var context: OpaquePointer
    private static let capacity = 32
    private(set) var layouts = RecentValues<RunKey, TextLayout>(runs: capacity)
    /// The markup texts laid out lately, the latest last: a form has a few, each measured at
    /// every layout pass and drawn at every paint.
    private var markupLayouts: [(key: MarkupKey, layout: MarkupLayout)] = []
    /// That surface's own font options; nil before the first drawing.
    private var surfaceOptions: OpaquePointer?
    /// Given to every layout made from now on, when a test counts shaping.
    var counter: ShapeCounter?

    public init(typeface: Typeface = .standard) {
        self.typeface = typeface
        context = TextLayout.makeContext(typeface.rendering)
    }

    deinit {
        if let surfaceOptions { cairo_font_options_destroy(surfaceOptions) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Takes the font options of the surface `context` draws on (antialiasing, hinting, subpixel
    /// order: for a window, what the X resources ask for) under ours, as `pango_cairo_update_layout`
    /// does, but only when they differ from the last surface's: Pango takes every update for a
    /// change and lays out every layout of the context again.
    func follow(_ context: CairoContext) {
        let options = cairo_font_options_create()!
        cairo_surface_get_font_options(cairo_get_target(context.pointer), options)
        if let surfaceOptions, cairo_font_options_equal(options, surfaceOptions) != 0 {
            return cairo_font_options_destroy(options)
        }
        if let surfaceOptions { cairo_font_options_destroy(surfaceOptions) }
        surfaceOptions = options
        let merged = cairo_font_options_copy(options)!
        let ours = CairoFontOptions(typeface.rendering)
        withExtendedLifetime(ours) { cairo_font_options_merge(merged, ours.pointer) }
        pango_cairo_context_set_font_options(self.context, merged)  // copies them
        cairo_font_options_destroy(merged)
    }

    /// A layout holding `text` in `font`, laid out already if it was measured or drawn lately.
    /// Valid until the next call: a new text may take over the layout of one not used lately.
    func layout(_ text: String, font: Font, underline: Range<Int>? = nil) -> TextLayout {
        layouts.value(for: RunKey(text: text, font: font, underline: underline)) { replaced in
            // Typing new text replaces a layout a key: the old one is set anew, not freed and made.
            let layout = replaced ?? TextLayout(context: context, typeface: typeface)
            layout.counter = counter
            layout.set(text, font: font, underline: underline)
            return layout
        }
    }

    /// Markup laid out as `key` says (see `MarkupLayout`), laid out already if it was measured
    /// or drawn lately.
    func markupLayout(_ key: MarkupKey) -> MarkupLayout {
        if let known = markupLayouts.lastIndex(where: { $0.key == key }) { return markupLayouts[known].layout }
        let layout = MarkupLayout(key, context: context, typeface: typeface)
        if markupLayouts.count == Self.capacity { markupLayouts.removeFirst() }
        markupLayouts.append((key, layout))
        return layout
    }
}

/// What a run of text looks like, wherever it is drawn. Its text is told apart by its UTF-8
/// bytes, as Pango reads it: a String's own hash normalizes any text beyond ASCII first (the
/// picker's "▾", whenever the picker is painted), reading the standard library's Unicode
/// tables, which kept 64 kB of them in a window's memory.
struct RunKey: Hashable {
    let text: String
    let font: Font
    let underline: Range<Int>?

    static func == (a: RunKey, b: RunKey) -> Bool {
        guard a.font == b.font, a.underline == b.underline else { return false }
        // The bytes compared at once: a byte at a time, a repaint's lookups cost 3 K instructions a letter.
        return a.text[...].hasSameBytes(as: b.text[...])
    }

    func hash(into hasher: inout Hasher) {
        var text = text  // `withUTF8` may make it contiguous first (a native String already is)
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
        hasher.combine(font)
        hasher.combine(underline)
    }
}
