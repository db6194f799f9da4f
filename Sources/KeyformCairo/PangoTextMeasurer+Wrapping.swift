import CPango
import KeyformCore

extension PangoTextMeasurer {
    /// Where Pango breaks a paragraph at `width`: at the Unicode line-break opportunities (after
    /// spaces, between CJK ideographs, …), and inside a word only when it is wider than the line.
    public func lineStarts(_ text: String, font: Font, width: Double) -> [Int] {
        layout.set(text, font: font)
        pango_layout_set_wrap(layout.pointer, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout.pointer, Int32(max(1, width) * Double(PANGO_SCALE)))
        defer { pango_layout_set_width(layout.pointer, -1) }  // the layout is shared: one line again
        let boundaries = TextLayout.byteOffsets(text)
        var starts: [Int] = [], boundary = 0
        let iterator = pango_layout_get_iter(layout.pointer)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            let byte = Int(pango_layout_iter_get_line_readonly(iterator).pointee.start_index)
            while boundary < boundaries.count - 1 && boundaries[boundary] < byte { boundary += 1 }  // lines come in order
            starts.append(boundary)
        } while pango_layout_iter_next_line(iterator) != 0
        return starts
    }
}
