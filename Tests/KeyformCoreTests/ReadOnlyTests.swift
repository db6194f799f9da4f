import KeyformCore
import Testing

/// `readOnly` text and text areas: focusable, selectable and copyable, never edited. Typing,
/// pasting, cutting, deleting and undo leave the text as it was, and the overlay does not offer
/// what would edit it.
@Suite("Read-only fields") struct ReadOnlyTests {
    static let form = #"""
    {"fields": [{"id": "code", "type": "text", "label": "_Code", "value": "AB-12", "readOnly": true},
                {"id": "terms", "type": "textarea", "label": "_Terms", "value": "one\ntwo", "readOnly": true},
                {"id": "name", "type": "text", "label": "_Name"},
                {"id": "clear", "type": "button", "label": "Clear"}],
     "commands": [{"key": "ctrl+l", "action": "clear:code", "title": "Clear the code"}]}
    """#

    /// Each way of editing, after Tab put focus and a full selection in the field.
    @Test(arguments: [
        ["type:x"], ["BackSpace"], ["Delete"], ["ctrl+x"], ["ctrl+BackSpace"], ["ctrl+Delete"], ["paste:pasted"],
        ["ctrl+v", "paste:pasted"], ["Right", "type:x", "ctrl+z"], ["ctrl+l"], ["Return"],
    ])
    func nothingEditsAReadOnlyField(_ events: [String]) throws {
        let reports = try replay(makeForm(Self.form), ["focus:name", "shift+Tab"] + events)
        #expect(reports[1]["focus"] == .string("terms"))
        let values = try #require(reports.last?["values"])
        #expect(values["code"] == .string("AB-12"))
        #expect(values["terms"] == .string("one\ntwo"))
        let fromCode = try replay(makeForm(Self.form), ["focus:code"] + events).last
        #expect(fromCode?["values"]?["code"] == .string("AB-12"))
    }

    @Test func itTakesFocusSelectsAndCopies() throws {
        let form = try makeForm(Self.form)
        var runner = ReplayRunner(session: FormSession(form: form, measurer: FixedWidthMeasurer()), keys: TestKeys())
        var last = JSONValue.null, requests: [PlatformRequest] = []
        for event in ["select:0,5", "ctrl+c", "shift+Left"] {
            let handled = try runner.run(ReplayEvent(parsing: event))
            last = runner.report(event: event, handled: handled)
            requests += runner.lastUpdate.requests
        }
        #expect(last["focus"] == .string("code"))
        let copied = requests.filter { if case .setSelection(.clipboard, _) = $0 { true } else { false } }
        #expect(copied == [.setSelection(.clipboard, "AB-12")])
        #expect(last["selection"] == .array([.number(0), .number(4)]))
    }

    /// The overlay lists Select all, Copy and the word moves, and nothing that edits.
    @Test func theOverlayOffersNoEditing() throws {
        let reports = try replay(makeForm(Self.form), ["focus:code", "ctrl+a", "F1"])
        guard case .array(let items)? = reports.last?["overlay"]?["items"] else { Issue.record("no overlay"); return }
        let titles = Set(items.compactMap { item -> String? in if case .string(let title)? = item["title"] { title } else { nil } })
        #expect(titles.isSuperset(of: ["Select all", "Copy", "Move by word"]))
        #expect(titles.isDisjoint(with: ["Cut", "Paste", "Undo", "Redo", "Delete a word", "Clear the code"]))
    }

    /// A read-only date neither steps nor opens its calendar.
    @Test func aReadOnlyDateStaysAsItIs() throws {
        let form = try makeForm(#"{"fields": [{"id": "d", "type": "date", "value": "2026-11-23", "readOnly": true}]}"#)
        let reports = try replay(form, ["focus:d", "Up", "Down", "alt+Down", "type:1999-01-01"])
        #expect(reports.last?["values"]?["d"] == .string("2026-11-23"))
        #expect(reports[3]["overlay"] == .null)
    }

    /// Return in a read-only text area moves on instead of typing a line break.
    @Test func returnInAReadOnlyTextAreaMovesOn() throws {
        let last = try replay(makeForm(Self.form), ["focus:terms", "Return"]).last
        #expect(last?["focus"] == .string("name"))
        #expect(last?["values"]?["terms"] == .string("one\ntwo"))
    }

    /// Submitted with the rest, as it was.
    @Test func itIsSubmitted() throws {
        let reports = try replay(makeForm(Self.form), ["focus:name", "type:Ada", "ctrl+Return"])
        #expect(reports.last?["result"]?["values"]?["code"] == .string("AB-12"))
    }
}

/// `step` on a number field: Up and Down change the value by it, within `min` and `max`.
@Suite("Number steps") struct NumberStepTests {
    static func form(_ extra: String, value: String = "") -> String {
        #"{"fields": [{"id": "n", "type": "number", "value": "\#(value)"\#(extra)}]}"#
    }

    @Test(arguments: [
        (form(#", "step": 5"#, value: "10"), ["Up"], "15"),
        (form(#", "step": 5"#, value: "10"), ["Down", "Down"], "0"),
        (form(#", "step": 0.5"#, value: "1"), ["Up"], "1.5"),
        // Binary fractions would give 0.30000000000000004: the step's decimals are kept.
        (form(#", "step": 0.1"#, value: "0"), ["Up", "Up", "Up"], "0.3"),
        (form("", value: "7"), ["Up", "Up"], "9"),
        (form(#", "step": 5, "max": 12"#, value: "10"), ["Up", "Up"], "12"),
        (form(#", "step": 5, "min": 3"#, value: "10"), ["Down", "Down"], "3"),
        (form(#", "min": 5"#), ["Up"], "5"),
        (form(""), ["Down"], "-1"),
        (form(""), ["Up"], "1"),
        (form("", value: "abc"), ["Up"], "abc"),
        (form(#", "step": 2, "readOnly": true"#, value: "4"), ["Up"], "4"),
    ])
    func upAndDownStep(_ json: String, _ keys: [String], _ expected: String) throws {
        let last = try replay(makeForm(json), ["focus:n"] + keys).last
        #expect(last?["values"]?["n"] == .string(expected))
    }

    /// A plain text field leaves Up and Down to the rest of the chain.
    @Test func aTextFieldDoesNotStep() throws {
        let last = try replay(makeForm(#"{"fields": [{"id": "t", "type": "text", "value": "7"}]}"#), ["focus:t", "Up"]).last
        #expect(last?["values"]?["t"] == .string("7"))
        #expect(last?["handled"] == .bool(false))
    }
}
