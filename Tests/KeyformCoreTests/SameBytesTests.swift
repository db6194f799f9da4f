@testable import KeyformCore
import Testing

/// `Substring.hasSameBytes(as:)`, which the kept line breaks and the layouts' keys compare texts
/// by: eight bytes a step, then the rest, so a difference in either part must be seen.
@Suite("Same bytes") struct SameBytesTests {
    static let cases: [(String, String, Bool)] = [
        ("", "", true),
        ("abc", "abc", true),
        ("abc", "abd", false),
        ("abc", "abcd", false),
        ("abcdefghijklmnop", "abcdefghijklmnop", true),
        ("abcdefghijklmnop", "abcdXfghijklmnop", false),  // in a word
        ("abcdefghijklmnopq", "abcdefghijklmnopr", false),  // in the rest
        ("héllo wörld, again", "héllo wörld, again", true),
        ("héllo wörld, again", "hello wörld, again", false),  // as bytes, not as Characters
    ]

    @Test(arguments: cases) func comparesEveryByte(_ a: String, _ b: String, _ same: Bool) {
        #expect(a[...].hasSameBytes(as: b[...]) == same)
        #expect(b[...].hasSameBytes(as: a[...]) == same)
        // A slice of a longer text starts away from its buffer's start.
        #expect(("x" + a)[("x" + a).index(after: ("x" + a).startIndex)...].hasSameBytes(as: b[...]) == same)
    }
}
