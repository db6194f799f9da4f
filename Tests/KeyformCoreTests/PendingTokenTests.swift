import KeyformCore
import Testing

/// Text typed into a token field and not yet made a token is never dropped (docs/architecture.md ›
/// Behaviour): it becomes a token by every way out of the field and every way of submitting, and it
/// is in the values a draft or a recovery message holds meanwhile.
@Suite struct PendingTokenTests {
    static let form = #"""
    {"returnKey": "nextThenSubmit",
     "fields": [{"id": "t", "type": "tokens", "label": "_Tags", "value": ["a", "b"], "options": ["Swift", "X11"]},
                {"id": "x", "type": "text", "label": "_Xtra"},
                {"id": "go", "type": "button", "label": "_Go", "action": "submit"}],
     "commands": [{"key": "ctrl+s", "action": "submit"}, {"key": "ctrl+e", "action": "focus:x"}]}
    """#

    /// Runs events on a fresh session and returns it.
    func session(after events: [String]) throws -> FormSession {
        var runner = ReplayRunner(session: FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer()), keys: TestKeys())
        for event in events { _ = try runner.run(try ReplayEvent(parsing: event)) }
        return runner.session
    }

    static let tagsWithZig = JSONValue.array([.string("a"), .string("b"), .string("zig")])

    @Test(arguments: [
        ["Tab"], ["shift+Tab"], ["click:x"], ["alt+x"], ["focus:x"], ["ctrl+e"], ["blur"],
        ["sw", "Tab"],  // with the suggestions open
        ["hide:t", "show:t"], ["disable:t", "enable:t"],
    ])
    func leavingTheFieldMakesTheTextAToken(way: [String]) throws {
        let typed = way.first == "sw" ? "type:sw" : "type:zig"
        let session = try session(after: [typed] + way.filter { $0 != "sw" })
        #expect(session.focusedID != "t")
        #expect(session.text(of: "t") == "")
        #expect(session.values["t"] == (way.first == "sw" ? .array([.string("a"), .string("b"), .string("sw")]) : Self.tagsWithZig))
    }

    @Test(arguments: [
        ["ctrl+Return"], ["ctrl+s"], ["alt+g"], ["click:go"], ["focus:go", "Return"], ["Tab", "Tab", "space"],
        ["Tab", "Return", "Return"],  // Return on the last field submits
    ])
    func submittingMakesTheTextAToken(way: [String]) throws {
        let session = try session(after: ["type:zig"] + way)
        #expect(session.result == .submitted(.object([("t", Self.tagsWithZig), ("x", .string(""))])))
    }

    /// The new token takes the rest of the row and the input a row of its own, so the field grows
    /// as the press leaves it and the button moves from under the pointer: the release still
    /// presses it. (Chips of "a" and "b" take 88 of the 456 px a row has; 40 letters make a
    /// 352 px chip, leaving less than the input's 48.)
    @Test func aButtonMovedByTheNewTokenStillSubmits() throws {
        let word = String(repeating: "w", count: 40)
        let session = try session(after: ["type:" + word])
        let button = try #require(session.controlFrame(of: "go"))
        session.handle(.pointerPress(.primary, at: button.center, modifiers: [], clickCount: 1))
        #expect(session.controlFrame(of: "go") != button)
        session.handle(.pointerRelease(.primary, at: button.center))
        #expect(session.result == .submitted(.object([("t", .array([.string("a"), .string("b"), .string(word)])), ("x", .string(""))])))
    }

    /// Nothing forbids a token but a duplicate: that text stays typed, the field says why, and the
    /// form does not submit until it is changed.
    @Test(arguments: [["Return"], ["comma"], ["Tab"], ["ctrl+Return"], ["click:go"]])
    func aDuplicateStaysTypedAndRefusesTheSubmit(way: [String]) throws {
        let session = try session(after: ["type:b"] + way + ["ctrl+Return"])
        #expect(session.result == nil)
        #expect(session.focusedID == "t")
        #expect(session.text(of: "t") == "b")
        #expect(session.validationMessage(of: "t") == "Tags already has “b”")
        try session.select(anchor: 1, caret: 1)
        session.handle(.keyPress(KeyPress(typing: "c")))
        #expect(session.validationMessage(of: "t") == nil)
        session.handle(.keyPress(KeyPress(key: .returnKey, modifiers: .control)))
        #expect(session.result == .submitted(.object([("t", .array([.string("a"), .string("b"), .string("bc")])), ("x", .string(""))])))
    }

    /// A required token field's message goes as soon as something is typed: that text is a value.
    @Test func typedTextAnswersRequired() throws {
        let form = try makeForm(#"{"fields": [{"id": "t", "type": "tokens", "label": "_Tags", "required": true}]}"#)
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        session.handle(.keyPress(KeyPress(key: .returnKey, modifiers: .control)))
        #expect(session.validationMessage(of: "t") == "Tags is required")
        session.handle(.keyPress(KeyPress(typing: "x")))
        #expect(session.validationMessage(of: "t") == nil)
    }

    /// What a draft saves and what a lost display or a signal prints: the text is in it already.
    @Test func theValuesHoldTheTextBeforeItIsAToken() throws {
        let session = try session(after: ["type:zig "])
        var saved: [JSONValue] = []
        session.autosave(after: 100)
        var saver = DraftSaver { saved.append($0); return nil }
        session.handle(.keyPress(KeyPress(typing: "!")))
        _ = session.runBatch(at: 1_000, on: &saver)
        let withBang = JSONValue.array([.string("a"), .string("b"), .string("zig !")])
        #expect(saved.last?["t"] == withBang)
        #expect(session.valuesWithoutPasswords["t"] == withBang)
        #expect(session.text(of: "t") == "zig !")  // still being typed: not a token yet
    }
}
