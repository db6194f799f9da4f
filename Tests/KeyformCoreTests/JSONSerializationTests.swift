import KeyformCore
import Testing

/// What replay, drafts and the output print: compact JSON whose escapes a reader needs, and
/// text passed through as UTF-8 bytes otherwise.
@Suite("JSON serialization") struct JSONSerializationTests {
    @Test(arguments: [
        (JSONValue.string("plain ASCII"), #""plain ASCII""#),
        (.string("Ünïcödé 日本 👨‍👩‍👧"), #""Ünïcödé 日本 👨‍👩‍👧""#),
        (.string("quote \" and \\ back"), #""quote \" and \\ back""#),
        (.string("line\nbreak\r\ttab"), #""line\nbreak\r\ttab""#),
        (.string("\u{1}\u{1f}"), #""\u0001\u001f""#),
        // Separators JavaScript once read as line ends; the en dash shares their first byte.
        (.string("a\u{2028}b\u{2029}c–d"), #""a\u2028b\u2029c–d""#),
        (.object([("k\"", .array([.number(1), .number(-2.5), .bool(true), .null]))]), #"{"k\"":[1,-2.5,true,null]}"#),
    ])
    func serializes(_ value: JSONValue, _ expected: String) {
        #expect(value.serialized == expected)
    }
}
