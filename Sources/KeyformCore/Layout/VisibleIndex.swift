/// The shown fields sorted by the top of what they draw, so painting and hit testing visit only
/// the fields near a rectangle: O(log n + k) rather than O(n) on a 10,000-field form.
struct VisibleIndex {
    private var tops: [Double] = []
    private var nodes: [Int] = []
    /// The tallest drawn extent: a query looks this far above the rectangle.
    private var tallest = 0.0

    init() {}

    /// - Parameter extent: what a field draws, in content coordinates (a section only its title).
    init(nodes candidates: [Int], extent: (Int) -> Rect) {
        let entries = candidates.map { (rect: extent($0), node: $0) }.sorted { ($0.rect.minY, $0.node) < ($1.rect.minY, $1.node) }
        tops = entries.map(\.rect.minY)
        nodes = entries.map(\.node)
        tallest = entries.map(\.rect.height).max() ?? 0
    }

    /// The fields whose extent may meet `rect`, in document order (the order they are drawn in).
    func nodes(near rect: Rect) -> [Int] {
        var low = 0, high = tops.count
        while low < high {  // the first top at or below rect.minY - tallest
            let middle = (low + high) / 2
            if tops[middle] < rect.minY - tallest { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        while low < tops.count && tops[low] < rect.maxY {
            found.append(nodes[low])
            low += 1
        }
        return found.sorted()
    }
}
