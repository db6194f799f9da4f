import KeyformCore
import Testing

/// JSON syntax: one error, at the right line and column (counted in Characters).
extension FormFileTests {
    static let syntaxErrors: [BrokenForm] = [
        BrokenForm("", "form.json:1:1: the file is empty"),
        BrokenForm(" \n  ", "form.json:2:3: the file is empty"),
        BrokenForm(#"{"a": 1,}"#, #"form.json:1:9: unexpected character "}", expected a key in double quotes"#),
        BrokenForm(#"{a: 1}"#, #"form.json:1:2: unexpected character "a", expected a key in double quotes"#),
        BrokenForm(#"{"a" 1}"#, #"form.json:1:6: unexpected character "1", expected ":""#),
        BrokenForm(#"{"a": 1 "b": 2}"#, #"form.json:1:9: unexpected character '"', expected "," or "}""#),
        BrokenForm(#"{"a": [1,]}"#, #"form.json:1:10: unexpected character "]", expected a value"#),
        BrokenForm(#"{"a": }"#, #"form.json:1:7: unexpected character "}", expected a value"#),
        BrokenForm(#"{"a": 'x'}"#, #"form.json:1:7: unexpected character "'", expected a value"#),
        BrokenForm(#"{"a":"#, "form.json:1:6: unexpected end of file, expected a value"),
        BrokenForm(#"[1, 2"#, #"form.json:1:6: unexpected end of file, expected "," or "]""#),
        BrokenForm(#"{"a": 1} x"#, #"form.json:1:10: unexpected character "x" after the end of the document"#),
        BrokenForm(#"{"a": 1}{}"#, #"form.json:1:9: unexpected character "{" after the end of the document"#),
        BrokenForm(#"{"a": 1} // note"#, #"form.json:1:10: unexpected character "/" after the end of the document"#),
        BrokenForm(#"{"a": é}"#, #"form.json:1:7: unexpected character "é", expected a value"#),
        BrokenForm("{\u{201C}a\u{201D}: 1}", #"form.json:1:2: unexpected character "\#u{201C}", expected a key in double quotes"#),
        BrokenForm("{\u{0C}}", "form.json:1:2: unexpected character U+000C, expected a key in double quotes"),
        BrokenForm("{\u{A0}}", "form.json:1:2: unexpected character U+00A0, expected a key in double quotes"),
        BrokenForm(#"{"a": "abc"#, "form.json:1:7: unterminated string"),
        BrokenForm(#"{"a": "\"#, "form.json:1:7: unterminated string"),
        BrokenForm("{\"a\": \"line\nbreak\"}", "form.json:1:7: unterminated string"),
        BrokenForm("{\"a\": \"tab\there\"}", "form.json:1:11: unescaped control character U+0009 in a string"),
        BrokenForm(#"{"a": "a\qb"}"#, #"form.json:1:9: invalid escape "\q""#),
        BrokenForm(#"{"a": "\u12G4"}"#, #"form.json:1:8: invalid escape: \u needs 4 hex digits"#),
        BrokenForm(#"{"a": "\ud800"}"#, #"form.json:1:8: unpaired surrogate "\ud800""#),
        BrokenForm(#"{"a": "\udc00\ud800"}"#, #"form.json:1:8: unpaired surrogate "\udc00""#),
        BrokenForm(#"{"a": "x\uD800\u0041"}"#, #"form.json:1:9: unpaired surrogate "\uD800""#),
        BrokenForm(#"{"a": 01}"#, #"form.json:1:7: invalid number "01""#),
        BrokenForm(#"{"a": -}"#, #"form.json:1:7: invalid number "-""#),
        BrokenForm(#"{"a": 1.}"#, #"form.json:1:7: invalid number "1.""#),
        BrokenForm(#"{"a": .5}"#, #"form.json:1:7: invalid number ".5""#),
        BrokenForm(#"{"a": +1}"#, #"form.json:1:7: invalid number "+1""#),
        BrokenForm(#"{"a": 1e}"#, #"form.json:1:7: invalid number "1e""#),
        BrokenForm(#"{"a": 1e999}"#, #"form.json:1:7: number out of range "1e999""#),
        BrokenForm(#"{"a": yes}"#, #"form.json:1:7: invalid value "yes""#),
        BrokenForm(#"{"a": True}"#, #"form.json:1:7: invalid value "True""#),
        BrokenForm(#"{"a": nulls}"#, #"form.json:1:7: invalid value "nulls""#),
        BrokenForm(#"{"a": 1, "a": 2}"#, #"form.json:1:10: duplicate key "a", first at 1:2"#),
        BrokenForm("{\n  \"title\": \"x\",\n  \"title\": \"y\"\n}", #"form.json:3:3: duplicate key "title", first at 2:3"#),
        // Columns count Characters: a precomposed or decomposed é, or a family emoji, is one.
        BrokenForm(#"{"é": 1, "x" 2}"#, #"form.json:1:14: unexpected character "2", expected ":""#),
        BrokenForm("{\"e\u{301}\": 1, \"x\" 2}", #"form.json:1:14: unexpected character "2", expected ":""#),
        BrokenForm("{\"👨‍👩‍👧\" 1}", #"form.json:1:6: unexpected character "1", expected ":""#),
        BrokenForm("{\r\n\"a\": 1,\r\n}", #"form.json:3:1: unexpected character "}", expected a key in double quotes"#),
        BrokenForm("{\r\"a\" 1}", #"form.json:2:5: unexpected character "1", expected ":""#),
        BrokenForm("\u{FEFF}{,}", #"form.json:1:2: unexpected character ",", expected a key in double quotes"#),
        BrokenForm(String(repeating: "[", count: 513), "form.json:1:513: nested too deeply (more than 512 levels)"),
        BrokenForm(bytes: Array(#"{"a": ""#.utf8) + [0xFF] + Array(#""}"#.utf8), ["form.json:1:8: invalid UTF-8"]),
        BrokenForm(bytes: Array(#"{"a": ""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), ["form.json:1:8: invalid UTF-8"]),
        BrokenForm(bytes: Array(#"{"a": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), ["form.json:1:8: invalid UTF-8"]),
        BrokenForm(bytes: Array(#"{"a": ""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8), ["form.json:1:8: invalid UTF-8"]),
        BrokenForm(bytes: Array(#"{"a": ""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""}"#.utf8), ["form.json:1:8: invalid UTF-8"]),
        BrokenForm(bytes: Array(#"{"a": "é"#.utf8) + [0xFF] + Array(#""}"#.utf8), ["form.json:1:9: invalid UTF-8"]),
        BrokenForm(bytes: [UInt8(ascii: "{"), 0xFF, UInt8(ascii: "}")], ["form.json:1:2: invalid UTF-8"]),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxErrorsNameThePlace(_ broken: BrokenForm) {
        broken.check()
    }

    @Test func theParserKeepsThePositionOfEveryValueAndKey() throws {
        let root = try JSONParser.parse(Array("{\n  \"é\": [1, -2.5e1, true],\n\t\"b\": {\"c\": null}\n}".utf8))
        let inner = JSONNode(.object([JSONMember(key: "c", keyLine: 3, keyColumn: 8, value: JSONNode(.null, line: 3, column: 13))]),
                             line: 3, column: 7)
        let list = JSONNode(.array([JSONNode(.number(1), line: 2, column: 9), JSONNode(.number(-25), line: 2, column: 12),
                                    JSONNode(.bool(true), line: 2, column: 20)]), line: 2, column: 8)
        let expected = JSONNode(.object([JSONMember(key: "é", keyLine: 2, keyColumn: 3, value: list),
                                         JSONMember(key: "b", keyLine: 3, keyColumn: 2, value: inner)]), line: 1, column: 1)
        #expect(root == expected)
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("1.5e3", 1500), ("1E-2", 0.01), ("0.1", 0.1), ("-12", -12), ("1e308", 1e308),
        ("999999999999999", 999_999_999_999_999), ("-999999999999999", -999_999_999_999_999),
        ("12345678901234567890", 1.2345678901234567e19), ("2.5E+2", 250),
    ])
    func numbers(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(Array(text.utf8)).kind == .number(expected))
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = JSONParser.maxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONParser.parse(Array(text.utf8)) }
    }
}
