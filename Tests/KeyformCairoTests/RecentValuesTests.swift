@testable import KeyformCairo
import Testing

struct RecentValuesTests {
    /// Which keys are made, in order, as a memo of two is asked for `keys` in turn.
    @Test(arguments: [
        // Full, a new key replaces the entry not used since the clock passed it.
        (["a", "bb", "ccc", "bb"], ["a", "bb", "ccc"]),
        // A hit gives its entry a second chance: "a" stays, "bb" goes.
        (["a", "bb", "a", "ccc", "a", "bb"], ["a", "bb", "ccc", "bb"]),
        // Hits on both: the hand clears each once and replaces the first.
        (["a", "bb", "a", "bb", "ccc", "bb", "a"], ["a", "bb", "ccc", "a"]),
        (["a", "a", "a"], ["a"]),
    ])
    func keepsRecentlyUsedEntries(keys: [String], made expected: [String]) {
        var memo = RecentValues<String, Int>(capacity: 2)
        var made: [String] = []
        for key in keys {
            #expect(memo.value(for: key) { made.append(key); return key.count } == key.count)
        }
        #expect(made == expected)
    }

    /// The value an entry replaces is handed over, to be reused; nil while there is room.
    @Test func makeIsGivenTheValueItReplaces() {
        var memo = RecentValues<String, String>(capacity: 2)
        var replaced: [String?] = []
        for key in ["a", "b", "c", "d"] {
            _ = memo.value(for: key) { old in replaced.append(old); return key }
        }
        #expect(replaced == [nil, nil, "a", "b"])
    }
}
