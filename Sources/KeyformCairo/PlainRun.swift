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
    /// of it: its glyphs on the baseline, in the context's source.
    func draw(_ bytes: UnsafeBufferPointer<UInt8>, at origin: Point, in cr: OpaquePointer) {
        cairo_move_to(cr, origin.x, origin.y + Double(baseline) / Double(PANGO_SCALE))
        var glyphItem = PangoGlyphItem(item: item, glyphs: glyphs, y_offset: 0, start_x_offset: 0, end_x_offset: 0)
        bytes.withMemoryRebound(to: CChar.self) { pango_cairo_show_glyph_item(cr, $0.baseAddress, &glyphItem) }
    }
}
