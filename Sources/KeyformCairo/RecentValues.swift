/// A bounded memo of about the `capacity` most recently used entries. Once it is full, a new
/// entry takes the place of one not used since the clock's hand last passed it (the "second
/// chance" clock): entries go one at a time, so no single key pays for dropping a whole
/// generation of them, and `make` is handed the value it replaces, to reuse.
struct RecentValues<Key: Hashable, Value> {
    let capacity: Int
    private var slots: [Hashed: Int] = [:]
    private var entries: [(key: Hashed, value: Value, used: Bool)] = []
    /// The next entry the clock looks at to replace.
    private var hand = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    mutating func value(for key: Key, orMake make: () -> Value) -> Value {
        value(for: key) { _ in make() }
    }

    /// The value for `key`, made by `make` on a miss; `make` gets the value it replaces (nil
    /// while the memo is not full).
    mutating func value(for given: Key, orMake make: (_ replaced: Value?) -> Value) -> Value {
        let key = Hashed(given)
        if let slot = slots[key] {
            entries[slot].used = true
            return entries[slot].value
        }
        guard entries.count == capacity else {
            let value = make(nil)
            slots[key] = entries.count
            entries.append((key, value, false))
            return value
        }
        while entries[hand].used {
            entries[hand].used = false
            hand = (hand + 1) % capacity
        }
        let slot = hand
        hand = (hand + 1) % capacity
        slots[entries[slot].key] = nil
        let value = make(entries[slot].value)
        entries[slot] = (key, value, false)
        slots[key] = slot
        return value
    }

    /// A key with its hash worked out once: a miss looks the key up, inserts it and may remove
    /// another, and the keys are texts, each of which would be hashed whole every time.
    private struct Hashed: Hashable {
        let key: Key
        let hash: Int
        init(_ key: Key) { (self.key, hash) = (key, key.hashValue) }
        static func == (a: Hashed, b: Hashed) -> Bool { a.hash == b.hash && a.key == b.key }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }
}
