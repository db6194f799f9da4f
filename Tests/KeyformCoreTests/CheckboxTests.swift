import KeyformCore
import Testing

/// The checkbox (docs/architecture.md › Form files): Space, a click on its box or its label, or its
/// mnemonic toggles it, as GTK's check button; its value is a JSON boolean; `required` means it
/// must be checked.
@Suite("Checkbox") struct CheckboxTests {
    static let form = #"""
    {"size": {"width": 400, "height": 500},
     "fields": [{"id": "name", "type": "text", "label": "_Name"},
                {"id": "agree", "type": "checkbox", "label": "I _agree to the terms", "required": true},
                {"id": "news", "type": "checkbox", "label": "Send me n_ews", "value": true},
                {"id": "topics", "type": "text", "label": "_Topics", "showWhen": {"field": "news", "in": ["true"]}},
                {"id": "go", "type": "button", "label": "_Go", "action": "submit"}]}
    """#

    /// Events, then the values of `agree` and `news` and the focus (`-` for none) after the last one.
    @Test(arguments: [
        ([], false, true, "name"),
        (["Tab", "space"], true, true, "agree"),
        (["Tab", "space", "space"], false, true, "agree"),
        (["Tab", "Tab", "space"], false, false, "news"),
        (["Tab", "Return"], false, true, "news"),            // Return moves on, as in any field
        (["Tab", "ctrl+space"], false, true, "agree"),       // not a plain Space
        (["click:agree"], true, true, "agree"),
        (["click:agree", "click:agree"], false, true, "agree"),
        (["click:news"], false, false, "news"),
        (["alt+a"], true, true, "agree"),                    // the mnemonic focuses and toggles
        (["alt+a", "alt+a"], false, true, "agree"),
        (["alt+e"], false, false, "news"),
        (["Tab", "disable:agree", "enable:agree", "click:agree"], true, true, "agree"),
        (["disable:agree", "alt+a", "click:agree", "enable:agree"], false, true, "name"),  // disabled: neither; name keeps focus
    ] as [([String], Bool, Bool, String)])
    func toggling(events: [String], agree: Bool, news: Bool, focus: String) throws {
        let report = try #require(try replay(makeForm(Self.form), ["wait:0"] + events).last)
        #expect(report["values"]?["news"] == .bool(news))
        #expect(report["values"]?["agree"] == .bool(agree))
        #expect(report["focus"] == (focus == "-" ? .null : .string(focus)))
    }

    /// A click on the label toggles too: the label is part of the row a person clicks.
    @Test func aClickOnTheLabelOrTheBoxToggles() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        let row = try #require(session.controlFrame(of: "agree"))
        let start = Int(row.minX) + 14, label = Int(row.minX) + 28 + 40, y = Int(row.minY) + 14
        let reports = try replay(makeForm(Self.form), ["click:\(start),\(y)", "click:\(label),\(y)"])
        #expect(reports.map { $0["values"]?["agree"] } == [.bool(true), .bool(false)])
    }

    /// A press that leaves the box before its release does not toggle it, as with a button.
    @Test func aPressReleasedElsewhereDoesNotToggle() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        let row = try #require(session.controlFrame(of: "agree"))
        session.handle(.pointerPress(.primary, at: row.center, modifiers: [], clickCount: 1))
        session.handle(.pointerRelease(.primary, at: Point(x: row.center.x, y: row.maxY + 200)))
        #expect(session.values["agree"] == .bool(false))
    }

    @Test func aRequiredBoxMustBeCheckedAndSaysSoUnderItself() throws {
        let reports = try replay(makeForm(Self.form), ["ctrl+Return", "space", "ctrl+Return"])
        #expect(reports[0]["result"] == .null)
        #expect(reports[0]["focus"] == .string("agree"))
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        session.handle(.keyPress(KeyPress(key: .returnKey, modifiers: .control)))
        #expect(session.validationMessage(of: "agree") == "I agree to the terms must be checked")
        let before = try #require(session.controlFrame(of: "news"))
        session.handle(.keyPress(KeyPress(typing: " ")))
        #expect(session.validationMessage(of: "agree") == nil)
        #expect(try #require(session.controlFrame(of: "news")).minY < before.minY, "the message's room goes with it")
        #expect(reports[2]["result"] == .object([
            ("status", .string("submitted")),
            ("values", .object([("name", .string("")), ("agree", .bool(true)), ("news", .bool(true)), ("topics", .string(""))])),
        ]))
    }

    /// On submit the value is a JSON boolean, printed as `true`/`false` by `--output shell` and `lines`.
    @Test func outputPrintsTrueOrFalse() throws {
        let report = try #require(try replay(makeForm(Self.form), ["alt+a", "alt+e", "ctrl+Return"]).last)
        let values = try #require(report["result"]?["values"])
        #expect(OutputFormat.json.format(values) == #"{"name":"","agree":true,"news":false}"# + "\n")
        #expect(OutputFormat.shell.format(values) == "name=''\nagree='true'\nnews='false'\n")
        #expect(OutputFormat.lines.format(values) == "|true|false\n")
    }

    /// `true`/`false` as `--value` gives them, or as a draft holds them.
    @Test(arguments: [(JSONValue.string("true"), true), (.string("false"), false), (.bool(true), true), (.bool(false), false)])
    func prefilled(value: JSONValue, on: Bool) throws {
        var form = try makeForm(Self.form)
        try form.prefill("agree", with: value)
        try form.prefill("news", with: value)
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        #expect(session.values["agree"] == .bool(on))
        #expect(session.values["news"] == .bool(on))
    }

    @Test(arguments: [JSONValue.string("yes"), .string(""), .array([]), .number(1)])
    func prefillTakesOnlyTrueOrFalse(value: JSONValue) throws {
        var form = try makeForm(Self.form)
        #expect(throws: PrefillError(#""agree" takes true or false"#)) { try form.prefill("agree", with: value) }
    }

    /// `showWhen` compares "true" and "false".
    @Test func showWhenFollowsTheBox() throws {
        let reports = try replay(makeForm(Self.form), ["alt+e", "alt+e"])
        #expect(reports[0]["values"]?["topics"] == nil)
        #expect(reports[1]["values"]?["topics"] == .string(""))
    }

    @Test func clearUnchecks() throws {
        var form = try makeForm(Self.form)
        form.commands = [KeyCommandSpec(key: "ctrl+k", action: "clear:news")]
        let reports = try replay(form, ["ctrl+k"])
        #expect(reports[0]["values"]?["news"] == .bool(false))
    }

    @Test(arguments: [
        BrokenForm(#"{"fields": [{"id": "a", "type": "checkbox", "rows": 3}]}"#,
                   #"form.json:1:45: "rows" is only for textarea fields (fields[0].rows)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "checkbox", "options": ["x"]}]}"#,
                   #"form.json:1:45: "options" is only for picker, tokens and radio fields (fields[0].options)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "checkbox", "value": "true"}]}"#,
                   "form.json:1:54: expected true or false (fields[0].value)"),
    ])
    func formFileErrorsNameThePlace(_ broken: BrokenForm) {
        broken.check()
    }

    /// The box is drawn at the form's starting edge with its label beside it, the label never
    /// above: mirrored in a right-to-left form.
    @Test(arguments: [Direction.ltr, .rtl])
    func theLabelIsBesideTheBox(direction: Direction) throws {
        var form = try makeForm(Self.form)
        form.direction = direction
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        let row = try #require(session.controlFrame(of: "agree"))
        let texts = session.displayList(in: row).items.compactMap { item -> TextRun? in
            if case .text(let run) = item { return run } else { return nil }
        }
        // Required, so marked.
        let label = try #require(texts.first { $0.text == "I agree to the terms *" })
        #expect(label.origin.y > row.minY && label.origin.y < row.minY + 14, "beside the box, not above it")
        let width = Double("I agree to the terms *".count * 8)
        if direction == .ltr {
            #expect(label.origin.x == row.minX + 28)
        } else {
            #expect(label.origin.x + width == row.maxX - 28)
        }
    }

    /// `keyform check` warns about a `showWhen` that waits for a value a checkbox never has.
    @Test(arguments: [
        (#"["yes"]"#, [#""w" is never shown: "c" has none of the values ["yes"]"#]),
        (#"["true"]"#, []),
        (#"["false"]"#, []),
    ] as [(String, [String])])
    func lintNamesShowWhenValuesItNeverHas(values: String, expected: [String]) throws {
        let form = try makeForm(#"""
            {"fields": [{"id": "c", "type": "checkbox"},
                        {"id": "w", "type": "text", "showWhen": {"field": "c", "in": \#(values)}}]}
            """#)
        #expect(FocusLint.warnings(for: form) == expected)
    }
}
