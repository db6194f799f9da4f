import KeyformCore
import Testing

/// Validation before submit: the rules of a field (`required`, `maxLength`, `pattern`, `type:
/// "email"|"number"` with `min`/`max`), how the form file declares them, and what the person sees
/// when a submit is refused.
@Suite struct ValidationTests {
    /// One rule: the field's extra keys, what the person typed, the message (nil: valid).
    struct Rule: CustomTestStringConvertible, Sendable {
        var keys: String
        var text: String
        var message: String?
        var testDescription: String { "\(keys) with \"\(text)\"" }
        init(_ keys: String, _ text: String, _ message: String?) { (self.keys, self.text, self.message) = (keys, text, message) }
    }

    static let rules: [Rule] = [
        Rule(#""type": "text", "required": true"#, "  ", "Code is required"),
        Rule(#""type": "text", "maxLength": 3"#, "abc", nil),
        Rule(#""type": "text", "maxLength": 3"#, "abcd", "Code must be at most 3 characters"),
        Rule(#""type": "text", "maxLength": 3"#, "👨‍👩‍👧é日", nil),  // graphemes, as the editor counts them
        Rule(#""type": "text", "pattern": "[0-9]{5}""#, "12345", nil),
        Rule(#""type": "text", "pattern": "[0-9]{5}""#, "123456", "Code must match [0-9]{5}"),  // the whole value
        Rule(#""type": "text", "pattern": "[0-9]{5}""#, "", nil),  // empty is valid unless required
        Rule(#""type": "password", "pattern": ".{8,}""#, "short", "Code must match .{8,}"),
        Rule(#""type": "email""#, "ada@example.org", nil),
        Rule(#""type": "email""#, "a.b+tag@sub.example-host.org", nil),
        Rule(#""type": "email""#, "ada", "Code must be an email address, like name@example.org"),
        Rule(#""type": "email""#, "ada@", "Code must be an email address, like name@example.org"),
        Rule(#""type": "email""#, "ada@-example.org", "Code must be an email address, like name@example.org"),
        Rule(#""type": "email""#, "a da@example.org", "Code must be an email address, like name@example.org"),
        Rule(#""type": "email""#, "", nil),
        Rule(#""type": "number""#, "42", nil),
        Rule(#""type": "number""#, "-2.5", nil),
        Rule(#""type": "number""#, " 7 ", nil),
        Rule(#""type": "number""#, "00012", nil),
        Rule(#""type": "number""#, "+5", nil),
        Rule(#""type": "number""#, "5.", nil),
        Rule(#""type": "number""#, "123456789012345", nil),
        Rule(#""type": "number""#, "0.000000000000001", nil),
        Rule(#""type": "number""#, "1e3", "Code must be a number, like 12 or -3.5"),  // no exponent: scripts read the digits
        Rule(#""type": "number""#, "4x", "Code must be a number, like 12 or -3.5"),
        Rule(#""type": "number""#, "0x10", "Code must be a number, like 12 or -3.5"),
        Rule(#""type": "number""#, "nan", "Code must be a number, like 12 or -3.5"),
        Rule(#""type": "number""#, ".", "Code must be a number, like 12 or -3.5"),
        Rule(#""type": "number""#, "5-", "Code must be a number, like 12 or -3.5"),
        Rule(#""type": "number""#, "--5", "Code must be a number, like 12 or -3.5"),
        Rule(#""type": "number""#, "1234567890123456", "Code must have at most 15 significant digits"),
        Rule(#""type": "number", "min": 1, "max": 10"#, "0", "Code must be at least 1"),
        Rule(#""type": "number", "min": 1, "max": 10"#, "10.5", "Code must be at most 10"),
        Rule(#""type": "number", "min": 1, "max": 10"#, "10", nil),
        Rule(#""type": "number", "min": 0.5"#, "0.25", "Code must be at least 0.5"),
    ]

    @Test(arguments: rules)
    func aRuleGivesItsMessage(_ rule: Rule) throws {
        var form = try makeForm(#"{"returnKey": "submit", "fields": [{"id": "code", "label": "_Code", \#(rule.keys)}]}"#)
        try form.prefill("code", with: .string(rule.text))
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        session.handle(.keyPress(KeyPress(key: .returnKey)))
        #expect(session.validationMessage(of: "code") == rule.message)
        #expect((session.result == nil) == (rule.message != nil))
    }

    @Test func aPrefilledValueLongerThanMaxLengthIsRefused() throws {
        let form = try makeForm(#"{"returnKey": "submit", "fields": [{"id": "zip", "type": "text", "label": "Zip", "maxLength": 2, "value": "12345"}]}"#)
        let report = try replay(form, ["Return"]).last
        #expect(report?["result"] == .null)
        #expect(report?["focus"] == .string("zip"))
    }

    // MARK: The form file

    @Test func typesAndRulesDecode() throws {
        let form = try makeForm(#"""
        {"fields": [{"id": "mail", "type": "email", "label": "Mail"},
                    {"id": "age", "type": "number", "min": 18, "max": 130.5},
                    {"id": "zip", "type": "text", "pattern": "[0-9]{5}"}]}
        """#)
        #expect(form.fields.map(\.kind) == [.text, .text, .text])
        #expect(form.fields.map(\.format) == [.email, .number, nil])
        #expect(form.fields[1].minimum == 18 && form.fields[1].maximum == 130.5)
        #expect(form.fields[2].pattern == "[0-9]{5}")
    }

    static let brokenRules: [BrokenForm] = [
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "pattern": "(abc"}]}"#,
                   "form.json:1:52: invalid pattern: expected ')' (fields[0].pattern)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "pattern": "a{2,1}"}]}"#,
                   "form.json:1:52: invalid pattern: range lower bound '2' must be less than or equal to upper bound '1' (fields[0].pattern)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "pattern": 5}]}"#, "form.json:1:52: expected a string (fields[0].pattern)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "picker", "options": ["x"], "pattern": "x"}]}"#,
                   #"form.json:1:61: "pattern" is only for text, email, number, password and textarea fields (fields[0].pattern)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "min": 1}]}"#,
                   #"form.json:1:41: "min" is only for number fields and date fields (fields[0].min)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "email", "max": 1}]}"#,
                   #"form.json:1:42: "max" is only for number fields and date fields (fields[0].max)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "step": 1}]}"#,
                   #"form.json:1:41: "step" is only for number fields (fields[0].step)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "number", "step": 0}]}"#,
                   #"form.json:1:51: step must be more than 0 (fields[0].step)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "picker", "options": ["x"], "readOnly": true}]}"#,
                   #"form.json:1:61: "readOnly" is only for text, email, number, textarea and date fields (fields[0].readOnly)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "number", "min": "1"}]}"#, "form.json:1:50: expected a number (fields[0].min)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "number", "min": 5, "max": 1}]}"#,
                   "form.json:1:60: max must not be less than min (fields[0].max)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "number", "patern": "1"}]}"#,
                   #"form.json:1:43: unknown key "patern", did you mean "pattern"? (fields[0].patern)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "mail"}]}"#, #"form.json:1:33: unknown field type "mail" (fields[0].type)"#),
    ]

    @Test(arguments: brokenRules)
    func brokenRulesNameThePlace(_ broken: BrokenForm) {
        broken.check()
    }

    @Test func ruleErrorsAreReportedWithTheOthers() {
        let json = """
        {"fields": [
          {"id": "zip", "type": "text", "pattern": "[0-9"},
          {"id": "age", "type": "number", "min": 9, "max": 1, "hidden": 1},
          {"id": "zip", "type": "email"}
        ]}
        """
        BrokenForm(bytes: Array(json.utf8), [
            "form.json:2:44: invalid pattern: expected ']' (fields[0].pattern)",
            "form.json:3:52: max must not be less than min (fields[1].max)",
            "form.json:3:65: expected true or false (fields[1].hidden)",
            #"form.json:4:10: duplicate id "zip", already used by fields[0] at 2:10 (fields[2].id)"#,
        ]).check()
    }

    // MARK: What the person sees

    /// A tall form: the invalid field is far below the window.
    static let tallForm = #"""
    {"size": {"width": 400, "height": 200}, "returnKey": "submit",
     "fields": [{"id": "a", "type": "text", "label": "A"}, {"id": "b", "type": "text", "label": "B"},
                {"id": "c", "type": "text", "label": "C"}, {"id": "d", "type": "text", "label": "D"},
                {"id": "mail", "type": "email", "label": "_Mail", "required": true},
                {"id": "age", "type": "number", "label": "Age", "min": 18},
                {"id": "go", "type": "button", "label": "Go", "action": "submit"}]}
    """#

    @Test func submitFocusesTheFirstInvalidFieldAndScrollsItWithItsMessageIntoView() throws {
        let session = FormSession(form: try makeForm(Self.tallForm), measurer: FixedWidthMeasurer())
        try session.focus(id: "age")
        session.handle(.paste("12"))
        try session.focus(id: "a")
        session.handle(.keyPress(KeyPress(key: .returnKey)))
        #expect(session.result == nil)
        #expect(session.focusedID == "mail")
        #expect(session.focusVisible)
        #expect(session.validationMessage(of: "mail") == "Mail is required")
        #expect(session.validationMessage(of: "age") == "Age must be at least 18")
        let control = try #require(session.controlFrame(of: "mail"))
        #expect(session.scrollOffset.y > 0)
        #expect(control.minY >= 0 && control.maxY + Theme.messageHeight <= session.viewport.height)
        #expect(texts(in: session).contains("Mail is required"))
    }

    @Test func theMessageFollowsTheValueUntilItIsValid() throws {
        let session = FormSession(form: try makeForm(Self.tallForm), measurer: FixedWidthMeasurer())
        try session.focus(id: "go")
        session.handle(.keyPress(KeyPress(key: .space)))
        #expect(session.focusedID == "mail")
        session.handle(.keyPress(KeyPress(typing: "a")))
        #expect(session.validationMessage(of: "mail") == "Mail must be an email address, like name@example.org")
        #expect(texts(in: session).contains("Mail must be an email address, like name@example.org"))
        session.handle(.paste("@example.org"))
        #expect(session.validationMessage(of: "mail") == nil)
        #expect(!texts(in: session).contains { $0.hasPrefix("Mail must") })
        try session.focus(id: "go")
        session.handle(.keyPress(KeyPress(key: .space)))
        #expect(session.result == .submitted(session.submittedValues))
    }

    @Test func hiddenAndDisabledFieldsAreNotValidated() throws {
        let form = try makeForm(#"""
        {"returnKey": "submit", "fields": [{"id": "a", "type": "text"},
          {"id": "b", "type": "email", "required": true, "hidden": true},
          {"id": "c", "type": "number", "value": "x", "disabled": true}]}
        """#)
        let last = try replay(form, ["Return"]).last
        #expect(last?["result"] == .object([("status", .string("submitted")), ("values", .object([("a", .string(""))]))]))
    }

    func texts(in session: FormSession) -> [String] {
        let list = session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height))
        return list.items.compactMap { if case .text(let run) = $0 { return run.text } else { return nil } }
    }
}
