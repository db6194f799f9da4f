@testable import KeyformCairo
import Testing

struct RecentValuesTests {
    @Test func keepsRecentEntriesAndForgetsOldOnes() {
        var memo = RecentValues<String, Int>(capacity: 2)
        var made: [String] = []
        func value(_ key: String) -> Int { memo.value(for: key) { made.append(key); return key.count } }

        #expect(value("a") == 1 && value("bb") == 2)
        _ = value("ccc") // the first generation fills up and becomes the previous one
        _ = value("a")   // found in the previous generation: not made again
        _ = value("dddd") // the generation with "bb" is dropped
        _ = value("bb")
        #expect(made == ["a", "bb", "ccc", "dddd", "bb"])
    }
}
