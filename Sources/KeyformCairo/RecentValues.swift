/// A bounded memo of about the `capacity` most recently used entries, weighing at most `budget`
/// together (by `weigh`). Once it is full, or a new entry would weigh too much, entries not used
/// since the clock's hand last passed them make room (the "second chance" clock): they go one at
/// a time, so no single key pays for dropping a whole generation of them, and `make` is handed a
/// value that went, to reuse.
struct RecentValues<Key: Hashable, Value> {
    let capacity: Int
    let budget: Int
    private let weigh: (Key) -> Int
    /// What the entries weigh together.
    private(set) var weight = 0
    private var slots: [Hashed: Int] = [:]
    /// nil: a slot emptied to stay within the budget, listed in `emptied`.
    private var entries: [(key: Hashed, value: Value, weight: Int)?] = []
    /// Whether each slot's entry was used since the hand last passed it (false for an emptied
    /// slot). Apart from the entries, so that the hand reads a flag at each slot it passes: an
    /// entry read there was copied, its key and value retained and released through the
    /// runtime's generic copy of the tuple, 500 instructions a slot, and a memo of texts being
    /// typed is passed whole (each text is measured, then drawn: used).
    private var used: [Bool] = []
    private var emptied: [Int] = []
    /// The next entry the clock looks at to take away.
    private var hand = 0

    init(capacity: Int, budget: Int = .max, weigh: @escaping (Key) -> Int = { _ in 0 }) {
        (self.capacity, self.budget, self.weigh) = (max(1, capacity), budget, weigh)
    }

    mutating func value(for key: Key, orMake make: () -> Value) -> Value {
        value(for: key) { _ in make() }
    }

    /// The value for `key`, made by `make` on a miss; `make` gets a value that went to make room
    /// (nil when there was room).
    mutating func value(for given: Key, orMake make: (_ replaced: Value?) -> Value) -> Value {
        let key = Hashed(given)
        if let slot = slots[key] {  // `slots` names only slots that hold an entry
            used[slot] = true
            return entries[slot]!.value
        }
        let cost = weigh(given)
        var replaced: Value?
        // An entry heavier than the whole budget is kept alone, until the next one comes.
        while !slots.isEmpty && (slots.count == capacity || weight + cost > budget) {
            replaced = takeAwayOne()
        }
        let value = make(replaced)
        let slot = emptied.popLast() ?? entries.count
        if slot == entries.count {
            entries.append(nil)
            used.append(false)
        }
        entries[slot] = (key, value, cost)
        slots[key] = slot
        weight += cost
        return value
    }

    /// Takes away the first entry the hand finds unused since it last passed, clearing the
    /// marks of those it passes; returns its value.
    private mutating func takeAwayOne() -> Value {
        while true {
            if hand >= entries.count { hand = 0 }
            let slot = hand
            hand += 1
            if used[slot] {
                used[slot] = false
                continue
            }
            guard let entry = entries[slot].take() else { continue }
            emptied.append(slot)
            slots[entry.key] = nil
            weight -= entry.weight
            return entry.value
        }
    }

    /// A key with its hash worked out once: a miss looks the key up, inserts it and may remove
    /// another, and the keys are texts, each of which would be hashed whole every time.
    private struct Hashed: Hashable {
        let key: Key
        let hash: Int
        /// Hashed as a dictionary hashes a key. (`hashValue` gives the same, but for a `String`
        /// through a function of the standard library's that nothing else a window runs calls,
        /// alone in a 64 KB block of its code, which the kernel maps whole.)
        init(_ key: Key) {
            var hasher = Hasher()
            hasher.combine(key)
            (self.key, hash) = (key, hasher.finalize())
        }
        static func == (a: Hashed, b: Hashed) -> Bool { a.hash == b.hash && a.key == b.key }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        /// What the dictionary places the key by: the hash above, already the seeded hasher's
        /// output, mixed with the dictionary's seed; not hashed again, which cost a second run of
        /// the hasher on every lookup, insertion and removal (several for each typed letter).
        func _rawHashValue(seed: Int) -> Int { hash ^ seed }
    }
}

/// Memos keyed by text weigh the bytes of their texts, 32 KB at most: a line typed into is a new
/// text at every key, and three memos kept every version of it (the caret offsets, the layouts,
/// the run extents): 1,000 letters typed into one line held 6.5 MB.
extension RecentValues {
    static var textBudget: Int { 32 << 10 }
}

extension RecentValues where Key == String {
    init(texts capacity: Int) { self.init(capacity: capacity, budget: Self.textBudget) { $0.utf8.count } }
}

extension RecentValues where Key == RunKey {
    init(runs capacity: Int) { self.init(capacity: capacity, budget: Self.textBudget) { $0.text.utf8.count } }
}
