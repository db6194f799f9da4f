import Foundation
import Testing

/// Keyform as scripts call it, through the real binary with no display: broken forms, usage
/// errors, quick forms from flags, `--value`, `--timeout`, `--form -`, the locale's direction.
@Suite("keyform for scripts") struct ScriptTests {
    /// A file of broken forms' text, named `form.json` in a fresh directory.
    func formFile(_ json: String) throws -> String {
        let path = try temporaryDirectory().appendingPathComponent("form.json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: Broken forms: exit 2, every problem named by place, nothing opens

    static let brokenForms: [(String, String)] = [
        (#"{"fields": [}"#, "form.json:1:13: unexpected character"),
        (#"{"titel": "x"}"#, #"form.json:1:2: unknown key "titel", did you mean "title"? (titel)"#),
        (#"{"fields": [{"id": "a", "type": "text", "hidden": "no"}]}"#, "form.json:1:51: expected true or false (fields[0].hidden)"),
        (#"{"fields": [{"id": "a", "type": "text"}, {"id": "a", "type": "text"}]}"#, #"duplicate id "a""#),
        (#"{"tabOrder": ["b"], "fields": [{"id": "a", "type": "text"}]}"#, #"form.json:1:15: unknown id "b" (tabOrder[0])"#),
        (#"{"fields": [{"id": "a", "type": "text", "showWhen": {"field": "z", "in": []}}]}"#, #"unknown id "z" (fields[0].showWhen.field)"#),
        (#"{"commands": [{"key": "F2", "action": "focus:z"}]}"#, #"form.json:1:39: unknown id "z" (commands[0].action)"#),
        (#"{"fields": [{"id": "a", "type": "text", "frame": {"x": 0, "y": 0, "width": 0, "height": 5}}]}"#,
         "width must be greater than 0 (fields[0].frame.width)"),
        (#"{"fields": [{"id": "a", "type": "picker", "options": ["x"], "value": "y"}]}"#, #"value "y" is not one of the options (fields[0].value)"#),
        (#"{"fields": [{"id": "a", "type": "text", "pattern": "[a-"}]}"#, "form.json:1:52: invalid pattern"),
        (#"{"fields": [{"id": "a", "type": "number", "min": 3, "max": 1}]}"#, "max must not be less than min (fields[0].max)"),
    ]

    @Test(arguments: brokenForms)
    func brokenFormsExit2NamingThePlace(json: String, message: String) throws {
        let path = try formFile(json)
        for command in [["check"], ["replay", "Tab"], []] {
            // With a display that cannot open, a bad form still says 2: the form is read first.
            let run = try keyform(command + ["--form", path], environment: ["DISPLAY": ":987"])
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(command): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func everyProblemAtOnceFromStandardInput() throws {
        let json = """
        {"titel": "x",
         "fields": [{"id": "a", "type": "txt"}, {"id": "a", "type": "email", "min": 1},
                    {"id": "p", "type": "picker", "options": ["x"], "value": "y"}],
         "tabOrder": ["zz"]}
        """
        let run = try keyform(["--form", "-"], stdin: json, environment: ["DISPLAY": ":987"])
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 6, "\(run.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("<stdin>:") })
    }

    @Test func formFromStandardInput() throws {
        let run = try keyform(["replay", "--form", "-", "type:Ada"], stdin: #"{"fields": [{"id": "who", "type": "text"}]}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines.last?["values"] as? [String: String] == ["who": "Ada"])
    }

    // MARK: Usage errors exit 2

    @Test(arguments: [
        (["--output", "xml", "--form", demoForm], "xml"),
        (["--bogus"], "--bogus"),
        (["--size", "0x0", "--form", demoForm], "--size"),
        (["--value", "nope=1", "--form", demoForm], #"no field "nope""#),
        (["--value", "years=99", "--form", demoForm], #""99" is not one of the options of "years""#),
        (["--value", "name", "--form", demoForm], "--value takes ID=TEXT"),
        (["--picker", "Years"], "--picker takes LABEL=OPTION|OPTION"),
        (["--field", "a:One", "--field", "a:Two"], #"two fields have the id "a""#),
        (["--form", demoForm, "--field", "Name"], "either --form or the quick-form flags"),
        (["--timeout", "0", "--form", demoForm], "--timeout"),
        (["--timeout", "soon", "--form", demoForm], "soon"),
        (["--form", "/nonexistent/form.json"], "cannot read /nonexistent/form.json"),
    ])
    func usageErrorsExit2(arguments: [String], message: String) throws {
        let run = try keyform(arguments, environment: ["DISPLAY": ":987"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func noDisplayExits3EvenForAQuickForm() throws {
        let run = try keyform(["--field", "Name"], environment: ["DISPLAY": ":987"])
        #expect(run.status == 3)
        #expect(run.stderr.contains(":987"))
    }

    // MARK: Quick forms from flags

    @Test func quickFormFieldsFollowTheFlagsOrderWithIDsFromLabels() throws {
        let run = try keyform(["replay", "--title", "T", "--text", "Intro", "--field", "Name", "--field", "mail:E-mail",
                               "--password", "PIN", "--picker", "Years=0|1|2|3", "--tokens=Skills=C|Swift", "--textarea", "Notes",
                               "--field", "E-mail address", "--field", "Name", "type:Ada", "Tab", "type:ada@example.org"])
        #expect(run.status == 0, "\(run.stderr)")
        let last = try #require(run.jsonLines.last)
        let values = try #require(last["values"] as? [String: Any])
        #expect(values["name"] as? String == "Ada")
        #expect(values["mail"] as? String == "ada@example.org")
        #expect(values["years"] as? String == "0")
        #expect(values["skills"] as? [String] == [])
        #expect(Set(values.keys) == ["name", "mail", "pin", "years", "skills", "notes", "e_mail_address", "name_2"])
        // Keys in the order of the flags: the report's JSON text keeps it.
        let text = try #require(run.stdout.split(separator: "\n").last)
        let order = ["\"name\"", "\"mail\"", "\"pin\"", "\"years\"", "\"skills\"", "\"notes\"", "\"e_mail_address\"", "\"name_2\""]
        let positions = order.compactMap { text.range(of: $0, range: text.range(of: "\"values\"")!.upperBound..<text.endIndex)?.lowerBound }
        #expect(positions == positions.sorted() && positions.count == order.count, "\(text)")
    }

    @Test func quickFormSubmitsFromItsOKButton() throws {
        let run = try keyform(["replay", "--field", "Name", "type:Ada", "focus:ok", "Return"])
        let result = try #require(run.jsonLines.last?["result"] as? [String: Any])
        #expect(result["status"] as? String == "submitted")
    }

    /// Issue #13: text typed into a token field and never made a token was dropped on submit.
    @Test func textLeftInATokenFieldIsSubmittedAsAToken() throws {
        let run = try keyform(["replay", "--tokens", "Tags", "--field", "Name", "type:foo", "Tab", "Return", "Return"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(run.jsonLines.last?["result"] as? [String: Any])
        #expect(result["status"] as? String == "submitted")
        #expect((result["values"] as? [String: Any])?["tags"] as? [String] == ["foo"])
    }

    @Test func valuesPrefillFieldsAndTimeoutCancels() throws {
        let run = try keyform(["replay", "--form", demoForm, "--value", "name=Grace", "--value", "years=3",
                               "--value", "skills=C|X11", "--timeout", "2", "wait:1999", "wait:1"])
        #expect(run.status == 0, "\(run.stderr)")
        let values = try #require(run.jsonLines.first?["values"] as? [String: Any])
        #expect(values["name"] as? String == "Grace")
        #expect(values["years"] as? String == "3")
        #expect(values["skills"] as? [String] == ["C", "X11"])
        #expect(run.jsonLines[0]["result"] is NSNull)
        #expect((run.jsonLines[1]["result"] as? [String: Any])?["status"] as? String == "cancelled")
    }

    // MARK: Direction

    /// Two fields side by side: reading order, hence Tab, follows the direction.
    static let sideBySide = #"""
    {"fields": [{"id": "left", "type": "text", "frame": {"x": 20, "y": 60, "width": 100, "height": 30}},
                {"id": "right", "type": "text", "frame": {"x": 200, "y": 60, "width": 100, "height": 30}}]}
    """#

    @Test(arguments: [
        ([:], [String](), "left"),
        (["LANG": "he_IL.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""], [], "right"),
        (["LANG": "en_US.UTF-8", "LC_ALL": "ar_EG.UTF-8"], [], "right"),
        (["LANG": "he_IL.UTF-8", "LC_ALL": "C"], [], "left"),
        (["LANG": "C", "LC_ALL": ""], ["--rtl"], "right"),
    ])
    func theLocaleOrRTLFlagSetsTheDirection(environment: [String: String], flags: [String], first: String) throws {
        let path = try formFile(Self.sideBySide)
        var clean = ["LANG": "C", "LC_ALL": "", "LC_MESSAGES": ""]
        clean.merge(environment) { $1 }
        let run = try keyform(["replay", "--form", path] + flags + ["blur"], environment: clean)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines.first?["start"] as? String == first)
    }

    @Test func aFileThatSaysLTRStaysLTRInAnRTLLocale() throws {
        let path = try formFile(Self.sideBySide.replacingOccurrences(of: "{\"fields\"", with: "{\"direction\": \"ltr\", \"fields\""))
        let run = try keyform(["replay", "--form", path, "blur"], environment: ["LANG": "ar_EG.UTF-8", "LC_ALL": ""])
        #expect(run.jsonLines.first?["start"] as? String == "left")
    }

    // MARK: Help

    @Test func helpDocumentsEveryFlagWithAnExample() throws {
        let run = try keyform(["--help"])
        #expect(run.status == 0)
        // Help is wrapped to the terminal's width: compare with the line breaks taken out.
        let help = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for flag in ["--form", "--title", "--text", "--field", "--password", "--textarea", "--picker", "--tokens", "--checkbox",
                     "--radio", "--value",
                     "--timeout", "--size", "--output", "--separator", "--draft"] {
            #expect(help.contains("e.g. \(flag)"), "no example for \(flag)")
        }
        for flag in ["--rtl", "--no-blink", "replay", "render", "check", "Exit status"] {
            #expect(help.contains(flag), "\(flag) is not documented")
        }
    }
}
