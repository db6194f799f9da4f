import CPango
import Glibc

/// `pango_layout_line_index_to_x` for every character of a line, in one pass over the line.
///
/// Pango's own call counts the characters from the start of the text to the index and walks the
/// run's glyphs on every call (`g_utf8_pointer_to_offset`, `pango_glyph_string_index_to_x_full`),
/// so asking it at each character of an n-character line costs n² steps: a fifth of the CPU a key
/// took in a 200-letter field. This takes the line's clusters and the text's cursor positions
/// once and answers each index as Pango 1.50 does: the cluster holding the index, its leading edge
/// or its trailing edge. An index strictly inside a cluster of several cursor positions (a
/// ligature, where Pango asks the font for caret positions) is still asked of Pango.
struct LineEdges {
    private let line: UnsafeMutablePointer<PangoLayoutLine>
    private let lineRange: Range<Int>
    /// The character index of each byte offset of the text (UTF-8), and of its end.
    private let characterAt: [Int]
    /// How many characters before each character index are cursor positions (Pango's log attrs).
    private let cursorPositionsBefore: [Int]
    private let isCursorPosition: [Bool]
    private let runs: [Run]
    /// The line's width: the x of any index past its runs.
    private let width: Int32

    /// One run's clusters in the order Pango walks them (logically ascending), each with the x
    /// of its leading edge, relative to the line.
    private struct Run {
        let range: Range<Int>
        /// The bidi embedding level: even left to right, odd right to left.
        let level: UInt8
        var starts: [Int] = []
        var edges: [Int32] = []
        /// The x after the last cluster: the run's right edge left to right, its left edge right to left.
        var end: Int32 = 0
    }

    /// Nil when the line's glyphs are not in the order Pango's walk assumes; ask Pango then.
    init?(line: UnsafeMutablePointer<PangoLayoutLine>, layout: OpaquePointer) {
        self.line = line
        let start = Int(line.pointee.start_index)
        lineRange = start..<start + Int(line.pointee.length)
        let text = pango_layout_get_text(layout)!
        let byteCount = Int(strlen(text))
        var characterAt = [Int](repeating: 0, count: byteCount + 1)
        var character = 0
        for byte in 0..<byteCount {
            // A byte that is not a continuation byte (10xxxxxx) starts a character.
            if byte > 0 && UInt8(bitPattern: text[byte]) & 0xC0 != 0x80 { character += 1 }
            characterAt[byte] = character
        }
        characterAt[byteCount] = byteCount == 0 ? 0 : character + 1
        self.characterAt = characterAt
        var attributeCount: Int32 = 0
        let attributes = pango_layout_get_log_attrs_readonly(layout, &attributeCount)!
        isCursorPosition = (0..<Int(attributeCount)).map { attributes[$0].is_cursor_position != 0 }
        var before = [0]
        for position in isCursorPosition { before.append(before[before.count - 1] + (position ? 1 : 0)) }
        cursorPositionsBefore = before

        var runs: [Run] = []
        var x: Int32 = 0
        var link = line.pointee.runs
        while let node = link {
            link = node.pointee.next
            guard let run = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
                  let item = run.item?.pointee, let glyphs = run.glyphs?.pointee else { return nil }
            var clusters = Run(range: Int(item.offset)..<Int(item.offset + item.length), level: item.analysis.level)
            let count = Int(glyphs.num_glyphs)
            let rightToLeft = item.analysis.level % 2 == 1
            let runWidth = (0..<count).reduce(Int32(0)) { $0 + glyphs.glyphs[$1].geometry.width }
            var edge = rightToLeft ? x + runWidth : x
            for step in 0..<count {
                let glyph = rightToLeft ? count - 1 - step : step
                let cluster = Int(glyphs.log_clusters[glyph])
                if cluster != clusters.starts.last {
                    // Pango's walk takes the clusters as ascending; any other order is asked of it.
                    guard cluster > (clusters.starts.last ?? -1) else { return nil }
                    clusters.starts.append(cluster)
                    clusters.edges.append(edge)
                }
                edge += rightToLeft ? -glyphs.glyphs[glyph].geometry.width : glyphs.glyphs[glyph].geometry.width
            }
            clusters.end = edge
            runs.append(clusters)
            x += runWidth
        }
        self.runs = runs
        width = x
    }

    /// The embedding level of the run holding byte `index`.
    func level(at index: Int) -> UInt8? { runs.first { $0.range.contains(index) }?.level }

    /// The x of the leading (or trailing) edge of the character at byte `index`, as
    /// `pango_layout_line_index_to_x` gives it.
    func x(at index: Int, trailing: Bool) -> Int32 {
        guard let run = runs.first(where: { $0.range.contains(index) }) else { return width }
        // Pango first moves the index to a cursor position: back for a leading edge, forward
        // (to the last character of the grapheme) for a trailing one.
        var index = index, character = characterAt[index]
        if trailing {
            while index < lineRange.upperBound && character + 1 < isCursorPosition.count - 1 && !isCursorPosition[character + 1] {
                character += 1
                index = nextCharacter(after: index)
            }
        } else {
            while index > lineRange.lowerBound && !isCursorPosition[character] {
                character -= 1
                index = previousCharacter(before: index)
            }
        }
        let inRun = index - run.range.lowerBound
        // The last cluster starting at or before the index (the starts ascend).
        let cluster = run.starts.partitioningIndex { $0 > inRun } - 1
        guard cluster >= 0 else { return pangoX(at: index, trailing: trailing) }
        let clusterEnd = cluster + 1 < run.starts.count ? run.starts[cluster + 1] : run.range.count
        let first = cursorPositionsBefore[characterAt[run.range.lowerBound + run.starts[cluster]]]
        let positions = cursorPositionsBefore[characterAt[run.range.lowerBound + clusterEnd]] - first
        var offset = cursorPositionsBefore[characterAt[index]] - first
        if trailing { offset = min(offset + 1, positions) }
        if positions == 0 || offset == 0 { return run.edges[cluster] }
        if offset == positions { return cluster + 1 < run.edges.count ? run.edges[cluster + 1] : run.end }
        return pangoX(at: index, trailing: trailing)
    }

    private func pangoX(at index: Int, trailing: Bool) -> Int32 {
        var x: Int32 = 0
        pango_layout_line_index_to_x(line, Int32(index), trailing ? 1 : 0, &x)
        return x
    }

    private func nextCharacter(after index: Int) -> Int {
        var next = index + 1
        while next < characterAt.count - 1 && characterAt[next] == characterAt[index] { next += 1 }
        return next
    }

    /// The byte offset of the character that ends at byte `index`.
    func previousCharacter(before index: Int) -> Int {
        var previous = index - 1
        while previous > 0 && characterAt[previous - 1] == characterAt[previous] { previous -= 1 }
        return previous
    }
}

private extension Array where Element == Int {
    /// The first position whose element satisfies `isAfter`, for a predicate false then true along the array.
    func partitioningIndex(where isAfter: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
