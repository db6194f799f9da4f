import CCairo
import CPango
import KeyformCore

/// Plain text (`PlainTextFaces`) shaped as one Pango item, with no `PangoLayout`: measured, drawn
/// and given caret offsets to the Pango unit and the pixel as a layout of it would be (the
/// `PlainRunTests` hold it to one). A layout of one line of one left-to-right item is its glyph
/// string, its box the glyphs' logical box, with the baseline the font's ascent below the top.
final class PlainRun {
    let item: UnsafeMutablePointer<PangoItem>
    let glyphs: UnsafeMutablePointer<PangoGlyphString>
    /// The distance from the top of the line box to the baseline, in Pango units.
    private var baseline: Int32 = 0
    /// The line's ink and logical boxes, relative to its top left, in Pango units.
    private(set) var ink = PangoRectangle(), logical = PangoRectangle()

    init() {
        item = pango_item_new()
        glyphs = pango_glyph_string_new()
    }

    deinit {
        pango_glyph_string_free(glyphs)
        pango_item_free(item)  // releases the font the item holds
    }

    /// Shapes plain text, given as its UTF-8 `bytes`, as `analysis` says, as a layout on `context` does.
    func shape(_ bytes: UnsafeBufferPointer<UInt8>, analysis: PlainTextFaces.Analysis, context: OpaquePointer) {
        let old = item.pointee.analysis.font
        g_object_ref(UnsafeMutableRawPointer(analysis.analysis.font))
        item.pointee.analysis = analysis.analysis
        if let old { g_object_unref(UnsafeMutableRawPointer(old)) }
        let length = Int32(bytes.count)
        (item.pointee.offset, item.pointee.length, item.pointee.num_chars) = (0, length, length)  // ASCII: a byte a character
        let flags = pango_context_get_round_glyph_positions(context) != 0 ? PANGO_SHAPE_ROUND_POSITIONS : PANGO_SHAPE_NONE
        bytes.withMemoryRebound(to: CChar.self) { pango_shape_item(item, $0.baseAddress, length, nil, glyphs, flags) }
        var runInk = PangoRectangle(), runLogical = PangoRectangle()
        pango_glyph_string_extents(glyphs, analysis.analysis.font, &runInk, &runLogical)
        baseline = -runLogical.y
        ink = PangoRectangle(x: runInk.x, y: runInk.y + baseline, width: runInk.width, height: runInk.height)
        logical = PangoRectangle(x: 0, y: 0, width: runLogical.width, height: runLogical.height)
    }

    /// The strong cursor's x (Pango units) at every byte offset, 0 through `bytes.count`: at the
    /// start of the cluster the offset begins, inside a ligature where Pango divides it, after the
    /// last the line's width.
    func caretOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(bytes.count + 1)
        var x: Int32 = 0
        let glyphCount = Int(glyphs.pointee.num_glyphs)
        for glyph in 0..<glyphCount {
            let cluster = Int(glyphs.pointee.log_clusters[glyph])
            if cluster >= result.count {
                // The bytes before `cluster` not yet given lie inside the cluster before it.
                while result.count < cluster { result.append(edge(inside: result.count, bytes)) }
                result.append(x)
            }
            x += glyphs.pointee.glyphs[glyph].geometry.width
        }
        while result.count < bytes.count { result.append(edge(inside: result.count, bytes)) }
        result.append(logical.width)
        return result
    }

    /// Where Pango puts the leading edge of the character at byte `index`, inside a cluster.
    private func edge(inside index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        var x: Int32 = 0
        bytes.withMemoryRebound(to: CChar.self) { text in
            let base = UnsafeMutablePointer(mutating: text.baseAddress)
            pango_glyph_string_index_to_x(glyphs, base, Int32(bytes.count), &item.pointee.analysis, Int32(index), 0, &x)
        }
        return x
    }

    /// Draws the line with its top left at `origin`, as `pango_cairo_show_layout` draws a layout
    /// of it: its glyphs on the baseline, in the context's source. Given a `clip` (the part of
    /// the window being repainted), only the glyphs whose ink reaches it: a key that repaints one
    /// letter of a long line draws a few glyphs, not all of them.
    func draw(_ bytes: UnsafeBufferPointer<UInt8>, at origin: Point, in cr: OpaquePointer, clip: Rect?) {
        let top = origin.y + Double(baseline) / Double(PANGO_SCALE)
        if let clip, let shown = shownGlyphs(at: origin.x, in: clip), shown.count < Int(glyphs.pointee.num_glyphs) {
            guard !shown.isEmpty else { return }
            // A glyph string of the shown glyphs alone, lent from the run's: Pango places each
            // glyph from where the string starts, so it starts at its first glyph's x.
            var part = PangoGlyphString(num_glyphs: Int32(shown.count), glyphs: glyphs.pointee.glyphs.advanced(by: shown.lowerBound),
                                        log_clusters: glyphs.pointee.log_clusters.advanced(by: shown.lowerBound), space: 0)
            let firstX = (0..<shown.lowerBound).reduce(Int32(0)) { $0 + glyphs.pointee.glyphs[$1].geometry.width }
            cairo_move_to(cr, origin.x + Double(firstX) / Double(PANGO_SCALE), top)
            return pango_cairo_show_glyph_string(cr, item.pointee.analysis.font, &part)
        }
        cairo_move_to(cr, origin.x, top)
        var glyphItem = PangoGlyphItem(item: item, glyphs: glyphs, y_offset: 0, start_x_offset: 0, end_x_offset: 0)
        bytes.withMemoryRebound(to: CChar.self) { pango_cairo_show_glyph_item(cr, $0.baseAddress, &glyphItem) }
    }

    /// The range of glyphs whose ink reaches the x span of `clip`, the line drawn from `x`; nil
    /// for a line with no glyphs.
    private func shownGlyphs(at x: Double, in clip: Rect) -> Range<Int>? {
        let placed = placedGlyphs()
        guard !placed.isEmpty else { return nil }
        // A sieve first: a glyph's ink lies within a line's height of its advance.
        let reach = Double(logical.height) / Double(PANGO_SCALE)
        var first = placed.count, last = 0
        for (index, glyph) in placed.enumerated() {
            let start = x + Double(glyph.x) / Double(PANGO_SCALE)
            guard start - reach < clip.maxX && start + Double(glyph.advance) / Double(PANGO_SCALE) + reach > clip.minX,
                  let ink = ink(of: glyph, at: x), ink.overlaps(clip.minX..<clip.maxX) else { continue }
            (first, last) = (min(first, index), index + 1)
        }
        return first < last ? first..<last : 0..<0
    }

    /// The whole pixels (window x) where `glyph`, of a line drawn from `x` in this run's font,
    /// puts ink; nil for a glyph with none. Its outline's box, and a pixel to each side: the
    /// rasterized glyph's antialiased (or subpixel-filtered) edge reaches into it.
    private func ink(of glyph: PlacedGlyph, at x: Double) -> Range<Double>? {
        var ink = PangoRectangle()
        pango_font_get_glyph_extents(item.pointee.analysis.font, glyph.glyph, &ink, nil)
        guard ink.width > 0 && ink.height > 0 else { return nil }
        let left = x + Double(glyph.x + ink.x) / Double(PANGO_SCALE)
        return left.rounded(.down) - 1..<(left + Double(ink.width) / Double(PANGO_SCALE)).rounded(.up) + 1
    }

    /// Each glyph as drawn: which glyph, and where, from the line's origin (Pango units).
    func placedGlyphs() -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(Int(glyphs.pointee.num_glyphs))
        var x: Int32 = 0
        for index in 0..<Int(glyphs.pointee.num_glyphs) {
            let info = glyphs.pointee.glyphs[index]
            placed.append(PlacedGlyph(glyph: info.glyph, x: x + info.geometry.x_offset, y: info.geometry.y_offset,
                                      advance: info.geometry.width))
            x += info.geometry.width
        }
        return placed
    }

    /// What to repaint where `old`, drawn from `oldX` in the same font, became this line, drawn
    /// from `x`: `covering` and the ink of the glyphs that differ (`changedGlyphs`), in whole
    /// pixels of the window, widened so that no glyph of this line has ink across either end.
    /// Cairo draws the glyphs of a call a row of pixels short when its clip cuts one of them
    /// (their extents, from unhinted metrics, miss a row the hinted glyphs ink), so a repaint ends
    /// between glyphs, never in one.
    func changedSpan(since old: [PlacedGlyph], drawnAt oldX: Double, at x: Double, covering: Range<Double>) -> Range<Double> {
        let new = placedGlyphs()
        let (removed, added) = Self.changedGlyphs(from: old, at: oldX, to: new, at: x)
        let covered = covering.isEmpty ? [] : [covering.lowerBound.rounded(.down)..<covering.upperBound.rounded(.up)]
        let inks = covered + removed.compactMap { ink(of: $0, at: oldX) } + added.compactMap { ink(of: $0, at: x) }
        guard var lower = inks.map(\.lowerBound).min(), var upper = inks.map(\.upperBound).max() else { return 0..<0 }
        func crossing(_ edge: Double) -> Range<Double>? {
            new.lazy.compactMap { self.ink(of: $0, at: x) }.first { $0.lowerBound < edge && edge < $0.upperBound }
        }
        while let glyph = crossing(lower) { lower = glyph.lowerBound }
        while let glyph = crossing(upper) { upper = glyph.upperBound }
        return lower..<upper
    }

    /// The glyphs of `old`, drawn from `oldX`, and of `new`, drawn from `newX`, that are not the
    /// same glyph at the same place in both: those after the first that differs counting from the
    /// left and before the first that differs counting from the right.
    static func changedGlyphs(from old: [PlacedGlyph], at oldX: Double, to new: [PlacedGlyph], at newX: Double)
        -> (removed: ArraySlice<PlacedGlyph>, added: ArraySlice<PlacedGlyph>) {
        func same(_ a: PlacedGlyph, _ b: PlacedGlyph) -> Bool {
            a.glyph == b.glyph && a.y == b.y && oldX + Double(a.x) / Double(PANGO_SCALE) == newX + Double(b.x) / Double(PANGO_SCALE)
        }
        let common = min(old.count, new.count)
        var prefix = 0
        while prefix < common && same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < common - prefix && same(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
        return (old[prefix..<old.count - suffix], new[prefix..<new.count - suffix])
    }
}

/// A glyph of a shaped line, where it is drawn from the line's origin (Pango units).
struct PlacedGlyph: Equatable {
    let glyph: PangoGlyph
    let x: Int32
    let y: Int32
    let advance: Int32
}
