@testable import KeyformCairo
import KeyformCore
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

    /// Which keys are made, in order, as a memo of four entries that may weigh 5 together (a key
    /// weighs its length) is asked for `keys` in turn.
    @Test(arguments: [
        // Within the budget, it is a memo of four.
        (["a", "b", "c", "d", "a"], ["a", "b", "c", "d"]),
        // A heavy key makes room by the clock: "a" and "bb" go for "cccc", which then stays.
        (["a", "bb", "cccc", "cccc", "a"], ["a", "bb", "cccc", "a"]),
        // A used entry is passed over once: "a" stays, "bb" goes.
        (["a", "bb", "a", "ccc", "a", "bb"], ["a", "bb", "ccc", "bb"]),
        // A key heavier than the whole budget is kept alone, and goes for the next.
        (["a", "eeeeee", "eeeeee", "a", "eeeeee"], ["a", "eeeeee", "a", "eeeeee"]),
        // A line typed into, one letter at a time: only its last versions are kept.
        (["x", "xy", "xyz", "x", "xy"], ["x", "xy", "xyz", "x", "xy"]),
    ])
    func keepsWithinItsBudget(keys: [String], made expected: [String]) {
        var memo = RecentValues<String, Int>(capacity: 4, budget: 5) { $0.count }
        var made: [String] = []
        for key in keys {
            #expect(memo.value(for: key) { made.append(key); return key.count } == key.count)
        }
        #expect(made == expected)
        #expect(memo.weight <= max(5, keys.last?.count ?? 0))
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

/// A run's layout is found by its text's bytes: equal keys hash alike, and a text spelled with
/// other code points (what Pango shapes differs) is another key, though Swift calls the two
/// Strings equal.
struct RunKeyTests {
    @Test(arguments: [
        ("Field 1", "Field 1", true),
        ("▾", "▾", true),
        ("caf\u{E9}", "cafe\u{301}", false),
        ("Field 1", "Field 2", false),
        ("", "", true),
    ])
    func keysAreEqualByBytes(_ a: String, _ b: String, equal: Bool) {
        let font = Font(size: 14)
        let (x, y) = (RunKey(text: a, font: font, underline: nil), RunKey(text: b, font: font, underline: nil))
        #expect((x == y) == equal)
        if equal { #expect(x.hashValue == y.hashValue) }
    }

    @Test func theFontAndTheUnderlineTellRunsApart() {
        let plain = RunKey(text: "Name", font: Font(size: 14), underline: nil)
        #expect(plain != RunKey(text: "Name", font: Font(size: 14, bold: true), underline: nil))
        #expect(plain != RunKey(text: "Name", font: Font(size: 14), underline: 0..<1))
    }
}
