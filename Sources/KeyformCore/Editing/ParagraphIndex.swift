import Synchronization

/// Where each paragraph of a text starts, in UTF-8 bytes, in graphemes and in Unicode scalars
/// (AT-SPI's offsets), kept up to date as the text is edited: an offset becomes a `String.Index`
/// by a walk through its paragraph alone, and an edit recounts only the paragraphs it touches. A 10 MB text area types a key in what
/// its paragraph costs, not its 170,000 paragraphs.
///
/// Paragraphs end at a line feed that is not part of a "\r\n". Such a line feed is a grapheme of
/// its own (UAX #29 GB4–5), so no grapheme crosses a paragraph's edge and the text's count is
/// the paragraphs' counts plus the line feeds.
///
/// Invariant: `byteStarts`, `starts` and `scalarStarts` begin with 0, ascend, and have an entry
/// per paragraph; `ids` has one too, and a paragraph's id is new whenever its text changes, so
/// what was worked out from a paragraph (its wrap, its accessible text's events) can be kept by
/// its id.
struct ParagraphIndex: Sendable {
    private(set) var byteStarts = ParagraphIndex.firstStart
    private(set) var starts = ParagraphIndex.firstStart
    private(set) var scalarStarts = ParagraphIndex.firstStart
    private(set) var ids: [Int]
    /// The text's length in graphemes, in UTF-8 bytes and in scalars.
    private(set) var count = 0
    private(set) var byteCount = 0
    private(set) var scalarCount = 0
    /// Graphemes counted since the index was made, by walking them or by their bytes: what its
    /// work grows with (`KeyWorkTests`).
    private(set) var graphemesCounted = 0

    /// A scan of `text`'s bytes; then, for more than one paragraph or text beyond ASCII, a pass
    /// through it: its bytes for the line feeds, its graphemes for the counts.
    init(_ text: String) {
        byteCount = text.utf8.count
        // One paragraph of ASCII, a byte a grapheme (a CR joins only a line feed): every label
        // and one-line field of a form, indexed without splitting it. A 10,000-field form opens
        // 18,000 of them.
        guard text.containsByte(where: Self.endsParagraphOrLeavesASCII) else {
            ids = [Self.newID()]
            count = byteCount
            scalarCount = byteCount
            graphemesCounted = count
            return
        }
        let (bytes, counts, scalars) = Self.split(text[...])
        for index in counts.indices.dropFirst() {
            byteStarts.append(byteStarts[index - 1] + bytes[index - 1] + 1)
            starts.append(starts[index - 1] + counts[index - 1] + 1)
            scalarStarts.append(scalarStarts[index - 1] + scalars[index - 1] + 1)
        }
        ids = counts.map { _ in Self.newID() }
        count = starts[starts.count - 1] + counts[counts.count - 1]
        scalarCount = scalarStarts[scalarStarts.count - 1] + scalars[scalars.count - 1]
        graphemesCounted = count
    }

    /// `count` copies of `scalar`, a grapheme of its own that is no line feed (a masked text's
    /// bullets): one paragraph, indexed without a walk.
    init(repeating scalar: Unicode.Scalar, count: Int) {
        ids = [Self.newID()]
        self.count = count
        scalarCount = count
        byteCount = count * UTF8.width(scalar)
    }

    /// A line feed, or a byte of a character beyond ASCII: a text with neither is one paragraph,
    /// a grapheme a byte.
    private static func endsParagraphOrLeavesASCII(_ byte: UInt8) -> Bool { byte == 0x0A || byte >= 0x80 }

    /// The start of a text's first paragraph, shared: an index of one paragraph makes no array
    /// of offsets of its own.
    private static let firstStart = [0]

    var paragraphCount: Int { starts.count }
    /// The memory its offsets and ids take.
    var bytes: Int { 4 * paragraphCount * MemoryLayout<Int>.stride }

    /// The graphemes of paragraph `index` as a range of offsets into the text, without its line feed.
    func range(of index: Int) -> Range<Int> {
        starts[index]..<(index + 1 < starts.count ? starts[index + 1] - 1 : count)
    }

    /// The bytes of paragraph `index`, without its line feed.
    func byteRange(of index: Int) -> Range<Int> {
        byteStarts[index]..<(index + 1 < byteStarts.count ? byteStarts[index + 1] - 1 : byteCount)
    }

    /// The scalars of paragraph `index` as a range of offsets into the text, without its line feed.
    func scalarRange(of index: Int) -> Range<Int> {
        scalarStarts[index]..<(index + 1 < scalarStarts.count ? scalarStarts[index + 1] - 1 : scalarCount)
    }

    /// The paragraph that grapheme `offset` is in; the end of a paragraph (before its line feed)
    /// is in it.
    func paragraph(containing offset: Int) -> Int { Self.last(in: starts, atMost: offset) }

    /// The text of paragraph `index` in `text`, the string this index was made or kept for.
    func text(of index: Int, in text: String) -> Substring {
        let bytes = byteRange(of: index)
        return text[Self.index(bytes.lowerBound, in: text)..<Self.index(bytes.upperBound, in: text)]
    }

    /// The string index of grapheme `offset` (at most `count`): a walk from its paragraph's start,
    /// or none in a paragraph of as many bytes as graphemes, where each grapheme is one byte.
    func index(of offset: Int, in text: String) -> String.Index {
        let paragraph = paragraph(containing: offset)
        let into = offset - starts[paragraph]
        if isOneBytePerGrapheme(paragraph) { return Self.index(byteStarts[paragraph] + into, in: text) }
        return text.index(Self.index(byteStarts[paragraph], in: text), offsetBy: into)
    }

    /// Whether each grapheme of paragraph `index` is one byte (so one scalar): ASCII with no "\r\n".
    private func isOneBytePerGrapheme(_ index: Int) -> Bool { byteRange(of: index).count == range(of: index).count }

    // MARK: Scalars, AT-SPI's offsets: each conversion walks one paragraph at most, and says so
    // to `TextWalk`.

    /// Whether each grapheme of paragraph `index` is one scalar (so its offsets in graphemes and
    /// in scalars are the same): no combining mark, no emoji sequence, no "\r\n".
    private func isOneScalarPerGrapheme(_ index: Int) -> Bool { scalarRange(of: index).count == range(of: index).count }

    /// The scalar offset of grapheme `offset` (at most `count`).
    func scalarOffset(ofGrapheme offset: Int, in text: String) -> Int {
        let paragraph = paragraph(containing: offset)
        let into = offset - starts[paragraph]
        if isOneScalarPerGrapheme(paragraph) { return scalarStarts[paragraph] + into }
        let scalars = text.unicodeScalars[Self.index(byteStarts[paragraph], in: text)..<index(of: offset, in: text)].count
        TextWalk.count(into + scalars)
        return scalarStarts[paragraph] + scalars
    }

    /// The string index of scalar `offset` (clamped to the text).
    func index(ofScalar offset: Int, in text: String) -> String.Index {
        let offset = min(max(0, offset), scalarCount)
        let paragraph = Self.last(in: scalarStarts, atMost: offset)
        let into = offset - scalarStarts[paragraph]
        // ASCII: a byte a scalar.
        if scalarRange(of: paragraph).count == byteRange(of: paragraph).count { return Self.index(byteStarts[paragraph] + into, in: text) }
        TextWalk.count(into)
        return text.unicodeScalars.index(Self.index(byteStarts[paragraph], in: text), offsetBy: into)
    }

    /// The grapheme offset where scalar `offset` (clamped to the text) falls: a scalar inside a
    /// grapheme, as a combining mark, counts as that grapheme's start.
    func graphemeOffset(ofScalar offset: Int, in text: String) -> Int {
        let offset = min(max(0, offset), scalarCount)
        let paragraph = Self.last(in: scalarStarts, atMost: offset)
        let into = offset - scalarStarts[paragraph]
        if isOneScalarPerGrapheme(paragraph) { return starts[paragraph] + into }
        var seen = 0, graphemes = 0
        for character in text[Self.index(byteStarts[paragraph], in: text)...] {
            let next = seen + character.unicodeScalars.count
            if next > into { break }
            seen = next
            graphemes += 1
        }
        TextWalk.count(seen)
        return starts[paragraph] + graphemes
    }

    /// Replaces the graphemes `range` of `text` with `replacement` and keeps the index with it.
    /// Costs the graphemes of the paragraphs the edit touches, and a shift of the offsets after
    /// them; returns whether the text changed as `==` judges it (canonically: "é" typed over
    /// "e\u{301}" changes its bytes, not its value).
    mutating func replace(_ range: Range<Int>, with replacement: String, in text: inout String) -> Bool {
        let start = index(of: range.lowerBound, in: text), end = index(of: range.upperBound, in: text)
        let first = paragraph(containing: range.lowerBound), last = paragraph(containing: range.upperBound)
        // Whole paragraphs, so that `==` on them is `==` on the texts: a line feed neither
        // composes nor reorders with its neighbours.
        let oldBytes = byteStarts[first]..<byteRange(of: last).upperBound
        let newByteCount = oldBytes.count - text.utf8.distance(from: start, to: end) + replacement.utf8.count
        // In storage of its own, sized to fit. The text is always shared when edited (the undo
        // history and the form's values hold it), and `replaceSubrange` on a shared string copies
        // it into storage as big as the old one's, which malloc rounds up: typing at a line's end
        // grew the storage 16 bytes a key, in every copy the 100 undo steps kept (1,000 keys into
        // a 67-letter field held 1.5 MB).
        var edited = String()
        edited.reserveCapacity(text.utf8.count - oldBytes.count + newByteCount)
        // Bytes appended, no grapheme walk. Not `+=`: that is the generic append of any sequence
        // of Characters, which asks the runtime what a Substring is at every key.
        edited.append(contentsOf: text[..<start])
        edited += replacement
        edited.append(contentsOf: text[end...])
        // One paragraph of ASCII edited with ASCII and no line feed (each key typed into a
        // one-line field): a byte a grapheme before and after, so nothing is split or recounted,
        // and the texts are equal when their bytes are.
        if paragraphCount == 1, count == byteCount, !replacement.containsByte(where: Self.endsParagraphOrLeavesASCII) {
            let changed = !text.utf8[start..<end].elementsEqual(replacement.utf8)
            text = edited
            count = newByteCount
            byteCount = newByteCount
            scalarCount = newByteCount
            graphemesCounted += newByteCount
            ids[0] = Self.newID()
            return changed
        }
        let region = Self.index(oldBytes.lowerBound, in: text)..<Self.index(oldBytes.upperBound, in: text)
        let newRegion = Self.index(oldBytes.lowerBound, in: edited)..<Self.index(oldBytes.lowerBound + newByteCount, in: edited)
        let changed = edited[newRegion] != text[region]
        text = edited
        update(replacing: first...last, bytes: oldBytes, by: newByteCount, in: text)
        return changed
    }

    /// Recounts the paragraphs `paragraphs`, whose bytes `bytes` became `newByteCount` bytes of `text`.
    private mutating func update(replacing paragraphs: ClosedRange<Int>, bytes: Range<Int>, by newByteCount: Int, in text: String) {
        var last = paragraphs.upperBound, oldEnd = bytes.upperBound
        let byteDelta = newByteCount - bytes.count
        // A "\r" now ending the region joins the line feed after it into one grapheme: that
        // paragraph break is gone, so the next paragraph is part of the edit.
        while last + 1 < paragraphCount, oldEnd + byteDelta > bytes.lowerBound,
              text.utf8[Self.index(oldEnd + byteDelta - 1, in: text)] == 0x0D {
            last += 1
            oldEnd = byteRange(of: last).upperBound
        }
        let oldCount = range(of: last).upperBound - starts[paragraphs.lowerBound]
        let oldScalarCount = scalarRange(of: last).upperBound - scalarStarts[paragraphs.lowerBound]
        let region = Self.index(bytes.lowerBound, in: text)..<Self.index(oldEnd + byteDelta, in: text)
        let (newBytes, newCounts, newScalars) = Self.split(text[region])
        graphemesCounted += newCounts.reduce(0, +)
        var byteStart = bytes.lowerBound, start = starts[paragraphs.lowerBound], scalarStart = scalarStarts[paragraphs.lowerBound]
        var addedBytes: [Int] = [], addedStarts: [Int] = [], addedScalarStarts: [Int] = []
        for index in newCounts.indices {
            addedBytes.append(byteStart); addedStarts.append(start); addedScalarStarts.append(scalarStart)
            byteStart += newBytes[index] + 1; start += newCounts[index] + 1; scalarStart += newScalars[index] + 1
        }
        let newCount = start - 1 - starts[paragraphs.lowerBound]
        let newScalarCount = scalarStart - 1 - scalarStarts[paragraphs.lowerBound]
        let replaced = paragraphs.lowerBound...last
        byteStarts.replaceSubrange(replaced, with: addedBytes)
        starts.replaceSubrange(replaced, with: addedStarts)
        scalarStarts.replaceSubrange(replaced, with: addedScalarStarts)
        ids.replaceSubrange(replaced, with: newCounts.map { _ in Self.newID() })
        let after = paragraphs.lowerBound + newCounts.count
        let graphemeDelta = newCount - oldCount, scalarDelta = newScalarCount - oldScalarCount
        if byteDelta != 0 { for index in after..<byteStarts.count { byteStarts[index] += byteDelta } }
        if graphemeDelta != 0 { for index in after..<starts.count { starts[index] += graphemeDelta } }
        if scalarDelta != 0 { for index in after..<scalarStarts.count { scalarStarts[index] += scalarDelta } }
        count += graphemeDelta
        byteCount += byteDelta
        scalarCount += scalarDelta
    }

    /// The byte, grapheme and scalar counts of each paragraph of `text`: one pass through its
    /// bytes, and a walk through the graphemes only of paragraphs that are not ASCII. In ASCII
    /// each byte is a grapheme but for "\r\n" (UAX #29 GB3); every byte but a UTF-8
    /// continuation byte starts a scalar.
    private static func split(_ text: Substring) -> (bytes: [Int], counts: [Int], scalars: [Int]) {
        var bytes: [Int] = [], counts: [Int] = [], scalars: [Int] = []
        func scan(_ buffer: UnsafeBufferPointer<UInt8>) {
            var start = 0, previous: UInt8 = 0, isASCII = true, crlfs = 0, continuations = 0
            func end(at offset: Int) {
                bytes.append(offset - start)
                scalars.append(offset - start - continuations)
                if isASCII {
                    counts.append(offset - start - crlfs)
                } else {
                    let utf8 = text.utf8
                    let from = utf8.index(utf8.startIndex, offsetBy: start), to = utf8.index(utf8.startIndex, offsetBy: offset)
                    counts.append(text[from..<to].count)
                }
                start = offset + 1; isASCII = true; crlfs = 0; continuations = 0
            }
            for offset in buffer.indices {
                let byte = buffer[offset]
                if byte == 0x0A {
                    if previous == 0x0D { crlfs += 1 } else { end(at: offset) }
                } else if byte >= 0x80 {
                    isASCII = false
                    if byte < 0xC0 { continuations += 1 }
                }
                previous = byte
            }
            end(at: buffer.count)
        }
        if text.utf8.withContiguousStorageIfAvailable(scan) == nil {
            var copy = String(text)
            copy.withUTF8(scan)
        }
        return (bytes, counts, scalars)
    }

    /// The index of UTF-8 offset `offset`: constant time in a native string.
    private static func index(_ offset: Int, in text: String) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    /// The last position of ascending `values` whose value is at most `value` (the first if none).
    private static func last(in values: [Int], atMost value: Int) -> Int {
        var low = 0, high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if values[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// An id never given before in this process, so an undo step's paragraphs and those it
    /// replaced never share one (also the editor's `revision`).
    static func newID() -> Int { paragraphIDs.add(1, ordering: .relaxed).newValue }
}

private let paragraphIDs = Atomic<Int>(0)
