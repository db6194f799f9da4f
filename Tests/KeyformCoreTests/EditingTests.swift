import KeyformCore
import Testing

/// Text, selection `[anchor, caret]` in Characters, after a sequence of events in one field.
struct EditCase: CustomTestStringConvertible, Sendable {
    var events: [String]
    var text: String
    var selection: [Int]
    var testDescription: String { events.joined(separator: " ") }
}

@Suite("Text editing") struct EditingTests {
    static let field = #"{"fields": [{"id": "f", "type": "text"}, {"id": "g", "type": "text", "maxLength": 3}, {"id": "t", "type": "tokens"}]}"#

    static let cases: [EditCase] = [
        EditCase(events: ["type:hello"], text: "hello", selection: [5, 5]),
        EditCase(events: ["type:hello", "BackSpace"], text: "hell", selection: [4, 4]),
        EditCase(events: ["type:hello", "Left", "Left", "Delete"], text: "helo", selection: [3, 3]),
        EditCase(events: ["type:hello", "Home", "type:>"], text: ">hello", selection: [1, 1]),
        EditCase(events: ["type:hello", "Home", "End"], text: "hello", selection: [5, 5]),
        EditCase(events: ["type:hello", "shift+Left", "shift+Left"], text: "hello", selection: [5, 3]),
        EditCase(events: ["type:hello", "shift+Home", "type:j"], text: "j", selection: [1, 1]),
        EditCase(events: ["type:hello", "ctrl+a"], text: "hello", selection: [0, 5]),
        EditCase(events: ["type:hello", "ctrl+a", "Left"], text: "hello", selection: [0, 0]),
        EditCase(events: ["type:hello", "select:1,3", "BackSpace"], text: "hlo", selection: [1, 1]),
        EditCase(events: ["type:👨‍👩‍👧🇫🇷", "BackSpace"], text: "👨‍👩‍👧", selection: [1, 1]),
        EditCase(events: ["type:한국", "Left", "BackSpace"], text: "국", selection: [0, 0]),
        EditCase(events: ["paste:two\nlines"], text: "two lines", selection: [9, 9]),
        EditCase(events: ["type:abc", "Tab", "shift+Tab"], text: "abc", selection: [0, 3]),  // GTK: tabbing in selects all
    ]

    @Test(arguments: cases)
    func editing(_ c: EditCase) throws {
        let reports = try replay(makeForm(Self.field), ["focus:f"] + c.events)
        let last = try #require(reports.last)
        #expect(last["text"] == .string(c.text))
        #expect(last["selection"] == .array(c.selection.map { .number(Double($0)) }))
    }

    @Test func maxLengthCountsGraphemes() throws {
        let reports = try replay(makeForm(Self.field), ["focus:g", "type:ab🇫🇷cd"])
        #expect(reports.last?["text"] == .string("ab🇫🇷"))
    }

    /// Backspace on an empty token input removes the last token, never in the stroke that
    /// deleted the last letter.
    @Test func tokenBackspaceRule() throws {
        let reports = try replay(makeForm(Self.field), [
            "focus:t", "type:swift", "Return", "type:x", "comma", "type:c", "BackSpace", "BackSpace", "ctrl+BackSpace",
        ])
        let tokens = reports.map { $0["values"]?["t"] }
        #expect(tokens[3] == .array([.string("swift"), .string("x")]))  // typed text is in the value before it is a token
        #expect(tokens[5] == .array([.string("swift"), .string("x"), .string("c")]))
        #expect(tokens[6] == .array([.string("swift"), .string("x")]))  // deleted "c" only
        #expect(tokens[7] == .array([.string("swift")]))
        #expect(tokens[8] == .array([.string("swift")]))  // a modifier never removes a token
    }
}

@Suite("Picker") struct PickerTests {
    static let form = #"{"fields": [{"id": "p", "type": "picker", "options": ["a", "b", "c"], "value": "b"}, {"id": "x", "type": "text"}]}"#

    @Test func openMoveChoose() throws {
        let reports = try replay(makeForm(Self.form), ["space", "Down", "Return", "Up", "Up", "Up"])
        #expect(reports[0]["overlay"] == .object([("kind", .string("picker")), ("highlighted", .string("b"))]))
        #expect(reports[1]["overlay"]?["highlighted"] == .string("c"))
        #expect(reports[2]["overlay"] == .null)
        #expect(reports.map { $0["values"]?["p"] } == ["b", "b", "c", "b", "a", "a"].map { .string($0) })
    }

    @Test func escapeClosesWithoutChanging() throws {
        let reports = try replay(makeForm(Self.form), ["space", "Down", "Escape", "Escape"])
        #expect(reports[2]["overlay"] == .null)
        #expect(reports[2]["values"]?["p"] == .string("b"))
        #expect(reports[2]["result"] == .null)
        #expect(reports[3]["result"] == .object([("status", .string("cancelled"))]))
    }

    @Test func clickOpensAndClickOnAnOptionChooses() throws {
        // Tall enough that the list opens below the picker.
        var form = try makeForm(Self.form)
        form.size = Size(width: 400, height: 400)
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        let frame = try #require(session.controlFrame(of: "p"))
        let optionC = "click:\(Int(frame.midX)),\(Int(frame.maxY + 2 + 28 * 2 + 14))"
        let reports = try replay(form, ["click:p", optionC])
        #expect(reports[0]["overlay"]?["kind"] == .string("picker"))
        #expect(reports[1]["values"]?["p"] == .string("c"))
        #expect(reports[1]["focus"] == .string("p"))
    }
}

/// A 10 MB paste must stay responsive: only a window of a long line is ever measured.
@Suite("Long text") struct LongTextTests {
    final class RecordingMeasurer: TextMeasuring {
        var longest = 0
        func caretOffsets(_ text: String, font: Font) -> [Double] {
            longest = max(longest, text.count)
            return (0...text.count).map { Double($0) * 8 }
        }
        func lineHeight(_ font: Font) -> Double { 17 }
    }

    @Test func aHugePasteIsMeasuredInAWindowAroundTheCaret() throws {
        let measurer = RecordingMeasurer()
        let session = FormSession(form: try makeForm(#"{"fields": [{"id": "f", "type": "text"}]}"#), measurer: measurer)
        session.handle(.paste(String(repeating: "x", count: 1_000_000)))
        session.handle(.keyPress(KeyPress(typing: "y")))
        _ = session.displayList(in: Rect(x: 0, y: 0, width: 520, height: 420))
        #expect(session.text(of: "f")?.count == 1_000_001)
        #expect(measurer.longest <= 1024)
        #expect(session.selection?.caret == 1_000_001)
    }
}
