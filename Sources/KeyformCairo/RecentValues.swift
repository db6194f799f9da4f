/// A bounded memo: keeps about the `capacity` most recently used entries. Two generations: when
/// the current one fills up it becomes the previous one, and a hit there moves back to current.
struct RecentValues<Key: Hashable, Value> {
    let capacity: Int
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]

    init(capacity: Int) { self.capacity = capacity }

    mutating func value(for key: Key, orMake make: () -> Value) -> Value {
        if let value = current[key] { return value }
        let value = previous[key] ?? make()
        if current.count >= capacity {
            previous = current
            current = [:]
        }
        current[key] = value
        return value
    }
}
