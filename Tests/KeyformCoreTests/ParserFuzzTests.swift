import Foundation
import KeyformCore
import Testing

/// Mutated form files and replay lines: every input either parses or is rejected with a clear
/// message that names a place; nothing crashes or hangs. `KEYFORM_FUZZ_INPUTS` sets the count,
/// `KEYFORM_FUZZ_SEED` the generators' seed (`make test-long` picks and prints one).
@Suite("Parser fuzzing") struct ParserFuzzTests {
    static var inputs: Int { ProcessInfo.processInfo.environment["KEYFORM_FUZZ_INPUTS"].flatMap { Int($0) } ?? 3_000 }
    static var seed: UInt64? { ProcessInfo.processInfo.environment["KEYFORM_FUZZ_SEED"].flatMap { UInt64($0) } }

    static let seedForm = Array(#"""
        {"title": "T", "direction": "rtl", "size": {"width": 300, "height": 200}, "tabOrder": ["a", "s"], "edge": "stop",
         "returnKey": "next", "fields": [{"id": "a", "type": "text", "label": "_A", "maxLength": 3, "required": true},
         {"id": "s", "type": "section", "columns": 2, "tabOrder": ["b"], "fields": [{"id": "b", "type": "picker", "options": ["x", "y"], "value": "y"}]},
         {"id": "t", "type": "tokens", "value": ["q"], "showWhen": {"field": "b", "in": ["x"]}, "frame": {"x": 1, "y": 2, "width": 3, "height": 4}},
         {"id": "go", "type": "button", "label": "Go", "action": "submit"}], "commands": [{"key": "ctrl+Return", "action": "focus:a", "title": "T"}]}
        """#.utf8)

    @Test func mutatedFormFilesParseOrNameThePlace() {
        var generator = EventGenerator(seed: Self.seed ?? 42)
        let tokens: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "\\u", "\\ud800", "1e999", "-", "null", "true", "\u{0}", "\u{FEFF}", "é"]
            .map { Array($0.utf8) }
        for _ in 0..<Self.inputs {
            var bytes = Self.seedForm
            for _ in 0...generator.random(4) {
                let at = generator.random(bytes.count + 1)
                switch generator.random(5) {
                case 0: if at < bytes.count { bytes.remove(at: at) }
                case 1: bytes.insert(contentsOf: generator.pick(tokens), at: at)
                case 2: if at < bytes.count { bytes[at] ^= UInt8(1 << generator.random(8)) }
                case 3: bytes = Array(bytes.prefix(at))
                default: if at < bytes.count { bytes.insert(bytes[at], at: at) }
                }
            }
            do {
                _ = try FormFile.parse(bytes, fileName: "fuzz.json")
            } catch {
                #expect(!error.diagnostics.isEmpty)
                for diagnostic in error.diagnostics {
                    #expect(diagnostic.line >= 1 && diagnostic.column >= 1 && !diagnostic.message.isEmpty,
                            "unclear: \(diagnostic) for \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
    }

    @Test func randomReplayLinesParseOrSayWhy() {
        var generator = EventGenerator(seed: Self.seed ?? 7)
        let pieces = ["ctrl", "+", "shift", "key:", "type:", "click:", "drag:", ":", ",", "x", "1", "-5", "9e9", "nan",
                      "wait:", "resize:", "0x0", "select:", "Tab", "", "hold:", "alt", "🇫🇷", "\n", " "]
        for _ in 0..<Self.inputs {
            let line = (0...generator.random(6)).map { _ in generator.pick(pieces) }.joined()
            do {
                _ = try ReplayEvent(parsing: line)
            } catch {
                #expect(!error.message.isEmpty, "no reason given for \(line)")
            }
        }
    }

    @Test(arguments: ["", "   ", "[]", "null", "{", #"{"fields": [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]}"#,
                      String(repeating: "[", count: 100_000), "\u{FEFF}{}", #"{"title": "\ud800"}"#])
    func hostileDocumentsAreRejectedOrAccepted(text: String) {
        do { _ = try FormFile.parse(text, fileName: "hostile.json") } catch {
            #expect(error.diagnostics.allSatisfy { $0.line >= 1 && !$0.message.isEmpty })
        }
    }
}
