import CPango
import KeyformCore

extension PangoTextMeasurer {
    /// Where Pango breaks a paragraph at `width`: at the Unicode line-break opportunities (after
    /// spaces, between CJK ideographs, …), and inside a word only when it is wider than the line.
    public func lineStarts(_ text: String, font: Font, width: Double) -> [Int] {
        if surelyFits(text, font: font, width: width) { return [0] }
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

    /// Whether `text` fits `width` for certain, told without laying it out: a form opens with
    /// every label wrapped, and a layout costs about 10 µs, 100 ms for 10,000 fields. Latin,
    /// Greek and Cyrillic letters without combining marks are shaped one by one, so such a text
    /// is as wide as its letters' advances (each read once per font) give or take kerning,
    /// which moves letters by far less than the tenth allowed for it. Other text is laid out.
    private func surelyFits(_ text: String, font: Font, width: Double) -> Bool {
        guard text.utf8.count <= 256 else { return false }
        let total = advances[font, default: LetterAdvances()].total(of: text) { scalar in
            let value = scalar.value
            guard (0x20...0x7E).contains(value) || (0xA0...0x2FF).contains(value)
                    || (0x370...0x482).contains(value) || (0x48A...0x52F).contains(value) else { return nil }
            // Read from the font, not laid out: a layout of each letter alone was a third of a
            // small form's start-up. Nil: the font has no glyph for it.
            return layout.advance(of: scalar, font: font)
        }
        return total.map { $0 * 1.1 <= width } ?? false
    }
}

extension PangoTextMeasurer {
    /// Pango's own ellipsizing at the end (`PANGO_ELLIPSIZE_END`), read back as the text it keeps:
    /// Pango puts the ellipsis in a run of its own whose item spans the text it stands for, which
    /// here runs to the end of the text, so what is kept is what comes before that item.
    public func ellipsized(_ text: String, font: Font, width: Double) -> String {
        let goal = Int32(max(1, width) * Double(PANGO_SCALE))
        // Pango keeps a line whose glyphs' advances fit whole: read from the layout the renderer
        // then draws the text from.
        if layouts.layout(text, font: font).boxes.logical.width <= goal { return text }
        layout.set(text, font: font)
        pango_layout_set_width(layout.pointer, goal)
        pango_layout_set_ellipsize(layout.pointer, PANGO_ELLIPSIZE_END)
        defer {  // the layout is shared: whole and on one line again
            pango_layout_set_ellipsize(layout.pointer, PANGO_ELLIPSIZE_NONE)
            pango_layout_set_width(layout.pointer, -1)
        }
        guard pango_layout_is_ellipsized(layout.pointer) != 0 else { return text }
        let end = text.utf8.count
        var kept = end
        var runs = pango_layout_get_line_readonly(layout.pointer, 0).pointee.runs
        while let node = runs {
            let item = node.pointee.data.assumingMemoryBound(to: PangoLayoutRun.self).pointee.item.pointee
            if Int(item.offset + item.length) == end { kept = Int(item.offset) }
            runs = node.pointee.next
        }
        let boundaries = TextLayout.byteOffsets(text)
        let graphemes = boundaries.lastIndex { $0 <= kept } ?? 0
        return String(text.prefix(graphemes)) + "…"
    }
}
