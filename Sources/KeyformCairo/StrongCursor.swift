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
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0),
              let edges = LineEdges(line: line, layout: layout) else {
            return pangoOffsets(in: layout, at: offsets)
        }
        let lineBox = firstLineBox(of: layout)
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

    /// Pango's own answer, one `pango_layout_get_cursor_pos` per offset: for layouts of more than
    /// one line, and the reference the tests hold `offsets` to.
    static func pangoOffsets(in layout: OpaquePointer, at offsets: [Int]) -> [Int32] {
        offsets.map { index in
            var strong = PangoRectangle()
            pango_layout_get_cursor_pos(layout, Int32(index), &strong, nil)
            return strong.x
        }
    }

    /// The first line's logical box in layout coordinates, as Pango's cursor positions use it.
    private static func firstLineBox(of layout: OpaquePointer) -> PangoRectangle {
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var box = PangoRectangle()
        pango_layout_iter_get_line_extents(iterator, nil, &box)
        return box
    }
}
