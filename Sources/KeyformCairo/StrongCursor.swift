import CPango

/// Where Pango puts the strong cursor at each of many byte offsets of a laid-out text: the caret
/// offsets of every Character boundary, which each key in a field asks for anew.
///
/// `pango_layout_get_cursor_pos` finds the line's and the run's extents again for every offset
/// it is asked, measuring every glyph of the line each time: a text of n characters cost n
/// line measurements per key. `offsets` takes the line's box and its glyph edges (`LineEdges`)
/// once and decides each offset as Pango does (its 1.50 rule, compared with Pango's own answers
/// in `StrongCursorTests`): the trailing edge of the character before the offset, or the leading
/// edge of the one after, whichever belongs to the line's direction at the deeper embedding level.
enum StrongCursor {
    /// The strong cursor's x (Pango units) at each of `offsets` (bytes, ascending, within the text).
    static func offsets(in layout: OpaquePointer, at offsets: [Int]) -> [Int32] {
        // One paragraph with no width is one line; anything else is asked of Pango itself.
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0) else {
            return pangoOffsets(in: layout, at: offsets)
        }
        let lineBox = onlyLineBox(of: layout)
        if let leftToRight = leftToRightOffsets(line: line, layout: layout, lineBox: lineBox, at: offsets) { return leftToRight }
        guard let edges = LineEdges(line: line, layout: layout) else { return pangoOffsets(in: layout, at: offsets) }
        let start = Int(line.pointee.start_index), end = start + Int(line.pointee.length)
        let lineIsLeftToRight = pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_LTR
        let lineLevel: UInt8 = lineIsLeftToRight ? 0 : 1
        return offsets.map { index in
            // The trailing edge of the character before the offset.
            var level1 = lineLevel, x1: Int32 = lineIsLeftToRight ? 0 : lineBox.width
            if index > start {
                let previous = edges.previousCharacter(before: index)
                level1 = edges.level(at: previous) ?? lineLevel
                x1 = edges.x(at: previous, trailing: true)
            }
            // The leading edge of the character after it.
            var level2 = lineLevel, x2: Int32 = lineIsLeftToRight ? lineBox.width : 0
            if index < end {
                level2 = edges.level(at: index) ?? lineLevel
                x2 = edges.x(at: index, trailing: false)
            }
            let direction1 = level1 % 2, direction2 = level2 % 2
            let trailingEdge = direction1 == lineLevel && (direction2 != direction1 || level1 < level2)
            return lineBox.x + (trailingEdge ? x1 : x2)
        }
    }

    /// The common case, in one walk over the glyphs with no `LineEdges`: a line whose runs are
    /// all left to right (bidi level 0), where every offset asked is a cursor position. The rule
    /// above then always takes the leading edge of the character after the offset: the x where
    /// its cluster starts, the line's end after the last one, and for an offset inside a cluster
    /// (the "fi" of a ligature) Pango's own edge, which divides the ligature as the font says.
    /// Nil for any other line (right-to-left text, a grapheme Pango splits otherwise): `offsets`
    /// then decides each offset in full.
    static func leftToRightOffsets(line: UnsafeMutablePointer<PangoLayoutLine>, layout: OpaquePointer, lineBox: PangoRectangle,
                                   at offsets: [Int]) -> [Int32]? {
        var attributeCount: Int32 = 0
        guard pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_LTR, let text = pango_layout_get_text(layout),
              let attributes = pango_layout_get_log_attrs_readonly(layout, &attributeCount) else { return nil }
        var result: [Int32] = []
        result.reserveCapacity(offsets.count)
        // The character index of byte `byte` of the text, counted on as the offsets ascend.
        var byte = 0, character = 0
        func isCursorPosition(_ index: Int) -> Bool {
            while byte < index {
                if UInt8(bitPattern: text[byte]) & 0xC0 != 0x80 { character += 1 }
                byte += 1
            }
            return character < attributeCount && attributes[character].is_cursor_position != 0
        }
        // Offsets before `start` lie inside the cluster before it: Pango divides a ligature.
        func appendInside(before start: Int) -> Bool {
            while result.count < offsets.count && offsets[result.count] < start {
                guard isCursorPosition(offsets[result.count]) else { return false }
                var x: Int32 = 0
                pango_layout_line_index_to_x(line, Int32(offsets[result.count]), 0, &x)
                result.append(lineBox.x + x)
            }
            return true
        }
        var x: Int32 = 0
        var link = line.pointee.runs
        while let node = link {
            link = node.pointee.next
            guard let run = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
                  let item = run.item?.pointee, let glyphs = run.glyphs?.pointee, item.analysis.level == 0 else { return nil }
            var cluster = -1
            for glyph in 0..<Int(glyphs.num_glyphs) {
                let start = Int(item.offset) + Int(glyphs.log_clusters[glyph])
                if start != cluster {
                    guard start > cluster, appendInside(before: start) else { return nil }
                    cluster = start
                    if result.count < offsets.count && offsets[result.count] == start {
                        guard isCursorPosition(start) else { return nil }
                        result.append(lineBox.x + x)
                    }
                }
                x += glyphs.glyphs[glyph].geometry.width
            }
        }
        let end = Int(line.pointee.start_index + line.pointee.length)
        guard appendInside(before: end) else { return nil }
        // Only the line's end may be left: past every character, at the line's far edge.
        guard offsets[result.count...].allSatisfy({ $0 == end }) else { return nil }
        result += repeatElement(lineBox.x + lineBox.width, count: offsets.count - result.count)
        return result
    }

    /// Pango's own answer, one `pango_layout_get_cursor_pos` per offset: for layouts of more than
    /// one line, and the reference the tests hold `offsets` to.
    static func pangoOffsets(in layout: OpaquePointer, at offsets: [Int]) -> [Int32] {
        offsets.map { index in
            var strong = PangoRectangle()
            pango_layout_get_cursor_pos(layout, Int32(index), &strong, nil)
            return strong.x
        }
    }

    /// The logical box of a layout of one line, in layout coordinates, as Pango's cursor
    /// positions use that line's: the layout's own box, which laying it out has worked out and
    /// kept (an iterator over its lines allocated and measured them again, at every key).
    private static func onlyLineBox(of layout: OpaquePointer) -> PangoRectangle {
        var box = PangoRectangle()
        pango_layout_get_extents(layout, nil, &box)
        return box
    }
}
