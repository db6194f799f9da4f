/// The order Tab walks: every focusable field, tab stop or not (a click can start from any), as
/// a flat list, with each field's position for O(1) look-ups.
public struct TabOrder: Sendable {
    public private(set) var sequence: [Int] = []
    /// The position in `sequence` of each node index; -1 for containers and labels.
    public private(set) var position: [Int]

    /// Within each container: the author's `tabOrder` first; then positive `tabIndex` ascending;
    /// then the rest in reading order. Sections are one unit, walked inside by their own order.
    /// Every sort is stable, so the same form always gives the same order.
    public init(_ snapshot: FocusSnapshot) {
        position = Array(repeating: -1, count: snapshot.nodes.count)
        append(container: nil, snapshot)
        for (i, node) in sequence.enumerated() { position[node] = i }
    }

    private mutating func append(container: Int?, _ snapshot: FocusSnapshot) {
        for index in TabOrder.ordered(children: snapshot.children[container] ?? [],
                                      explicit: snapshot.explicitOrder[container] ?? [], snapshot) {
            if snapshot.nodes[index].isContainer {
                append(container: index, snapshot)
            } else {
                sequence.append(index)
            }
        }
    }

    static func ordered(children: [Int], explicit: [Int], _ snapshot: FocusSnapshot) -> [Int] {
        // Most containers list no order of their own: then no set is made.
        let rest = explicit.isEmpty ? children : children.filter { [listed = Set(explicit)] in !listed.contains($0) }
        // Positive tabIndex first, ascending, ties in document order.
        let positive = rest.filter { snapshot.nodes[$0].tabIndex > 0 }.enumerated()
            .sorted { (snapshot.nodes[$0.element].tabIndex, $0.offset) < (snapshot.nodes[$1.element].tabIndex, $1.offset) }
            .map(\.element)
        let reading = ReadingOrder.sort(rest.filter { snapshot.nodes[$0].tabIndex <= 0 },
                                        frames: { snapshot.nodes[$0].frame }, direction: snapshot.direction)
        return explicit + positive + reading
    }
}

/// Reading order: rows from top to bottom, a row being controls whose vertical extents overlap;
/// within a row left to right, or right to left for `rtl`. Ties keep document order.
public enum ReadingOrder {
    public static func sort(_ items: [Int], frames: (Int) -> Rect, direction: Direction) -> [Int] {
        let byTop = items.enumerated().sorted {
            let a = frames($0.element), b = frames($1.element)
            return (a.minY, $0.offset) < (b.minY, $1.offset)
        }.map(\.element)
        var result: [Int] = []
        result.reserveCapacity(items.count)
        var row: [Int] = []
        var rowBottom = -Double.infinity
        func flush() {
            // A row of one control, a form's usual row, needs no sort: an array less for each.
            if row.count == 1 {
                result.append(row[0])
            } else {
                result += row.enumerated().sorted {
                    let a = frames($0.element), b = frames($1.element)
                    return direction == .ltr ? (a.minX, $0.offset) < (b.minX, $1.offset)
                                             : (-a.maxX, $0.offset) < (-b.maxX, $1.offset)
                }.map(\.element)
            }
            row.removeAll(keepingCapacity: true)
        }
        for item in byTop {
            let frame = frames(item)
            if !row.isEmpty && frame.minY >= rowBottom { flush() }
            if row.isEmpty { rowBottom = frame.maxY } else { rowBottom = max(rowBottom, frame.maxY) }
            row.append(item)
        }
        flush()
        return result
    }
}
