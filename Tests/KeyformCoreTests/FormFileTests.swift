import Foundation
import KeyformCore
import Testing

/// Form files (docs/architecture.md › Form files): good files decode to the expected model; see the
/// extensions for JSON syntax errors and validation.
@Suite struct FormFileTests {
    static let designExample = #"""
    {
      "title": "Job application",
      "direction": "ltr",
      "size": {"width": 520, "height": 380},
      "tabOrder": ["name", "email", "address", "years", "skills", "submit"],
      "edge": "wrap",
      "returnKey": "nextThenSubmit",
      "fields": [
        {"id": "name", "type": "text", "label": "_Name", "placeholder": "Ada Lovelace", "required": true},
        {"id": "email", "type": "text", "label": "_Email"},
        {"id": "address", "type": "section", "label": "Address", "columns": 2, "fields": [
          {"id": "city", "type": "text", "label": "_City"},
          {"id": "zip", "type": "text", "label": "_Zip", "maxLength": 10}
        ]},
        {"id": "years", "type": "picker", "label": "_Years of experience",
         "options": ["0","1","2","3","4","5","6","7","8","9","10"], "value": "0"},
        {"id": "lead", "type": "text", "label": "_Team size", "showWhen": {"field": "years", "in": ["5","6","7","8","9","10"]}},
        {"id": "skills", "type": "tokens", "label": "S_kills", "value": ["Swift"], "options": ["C", "Swift", "X11"]},
        {"id": "notes", "type": "textarea", "label": "N_otes"},
        {"id": "pin", "type": "password", "label": "_PIN"},
        {"id": "submit", "type": "button", "label": "_Submit", "action": "submit"}
      ],
      "commands": [{"key": "ctrl+Return", "action": "submit", "title": "Submit the form"}]
    }
    """#

    @Test func designExampleDecodesToTheModel() {
        var expected = Form(title: "Job application")
        expected.size = Size(width: 520, height: 380)
        expected.tabOrder = ["name", "email", "address", "years", "skills", "submit"]
        expected.fields = [
            field("name", .text, "_Name") { $0.placeholder = "Ada Lovelace"; $0.required = true },
            field("email", .text, "_Email"),
            field("address", .section, "Address") {
                $0.columns = 2
                $0.fields = [field("city", .text, "_City"), field("zip", .text, "_Zip") { $0.maxLength = 10 }]
            },
            field("years", .picker, "_Years of experience") {
                $0.options = (0...10).map(String.init); $0.value = "0"
            },
            field("lead", .text, "_Team size") {
                $0.showWhen = ShowRule(field: "years", values: (5...10).map(String.init))
            },
            field("skills", .tokens, "S_kills") { $0.tokens = ["Swift"]; $0.options = ["C", "Swift", "X11"] },
            field("notes", .textarea, "N_otes"),
            field("pin", .password, "_PIN"),
            field("submit", .button, "_Submit") { $0.action = .submit },
        ]
        expected.commands = [KeyCommandSpec(key: "ctrl+Return", action: "submit", title: "Submit the form")]
        #expect(decode(Self.designExample) == expected)
    }

    @Test func anEmptyObjectIsTheDefaultForm() {
        #expect(decode("{}") == Form())
        #expect(decode(#"{"fields": [], "commands": []}"#) == Form())
    }

    @Test func everyOptionalSettingDecodes() {
        let json = #"""
        {"direction": "rtl", "edge": "leave", "returnKey": "none", "tabOrder": ["s", "go"],
         "fields": [
           {"id": "s", "type": "section", "tabOrder": ["b", "a"], "fields": [
             {"id": "a", "type": "text", "value": "x", "hidden": true, "disabled": true, "tabStop": false,
              "tabIndex": 2, "frame": {"x": 1, "y": 2.5, "width": 30, "height": 4}},
             {"id": "b", "type": "picker", "options": ["p", "q"]},
             {"id": "note", "type": "label", "label": "Just text"}
           ]},
           {"id": "go", "type": "button", "action": "cancel", "showWhen": {"field": "b", "in": []}}
         ],
         "commands": [{"key": "F2", "action": "focus:a"}, {"key": "ctrl+l", "action": "clear:a", "title": "Clear"},
                      {"key": "F1", "action": "toggleOverlay"}]}
        """#
        var expected = Form()
        (expected.direction, expected.edge, expected.returnKey, expected.tabOrder) = (.rtl, .leave, .none, ["s", "go"])
        expected.fields = [
            field("s", .section) {
                $0.tabOrder = ["b", "a"]
                $0.fields = [
                    field("a", .text) {
                        $0.value = "x"; $0.hidden = true; $0.disabled = true; $0.tabStop = false; $0.tabIndex = 2
                        $0.frame = Rect(x: 1, y: 2.5, width: 30, height: 4)
                    },
                    // A picker with no value has none in the model; its control starts on its first option.
                    field("b", .picker) { $0.options = ["p", "q"] },
                    field("note", .label, "Just text"),
                ]
            },
            field("go", .button) { $0.action = .cancel; $0.showWhen = ShowRule(field: "b", values: []) },
        ]
        expected.commands = [
            KeyCommandSpec(key: "F2", action: "focus:a"), KeyCommandSpec(key: "ctrl+l", action: "clear:a", title: "Clear"),
            KeyCommandSpec(key: "F1", action: "toggleOverlay"),
        ]
        #expect(decode(json) == expected)
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let form = try FormFile.parse([0xEF, 0xBB, 0xBF] + Array(#"{"title": "BOM"}"#.utf8), fileName: "form.json")
        #expect(form.title == "BOM")
    }

    @Test(arguments: [
        (#""\u00e9\u00E9""#, "éé"),
        (#""\ud83d\ude00 \uD83D\uDE00""#, "😀 😀"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""a\u001Fb""#, "a\u{1F}b"),  // \u0000 is refused (FormFileTests+Validation)
        (#""日本語 e\u0301""#, "日本語 e\u{301}"),
        (#""\u2028""#, "\u{2028}"),
    ])
    func unicodeEscapes(json: String, expected: String) {
        #expect(decode(#"{"title": \#(json)}"#)?.title == expected)
    }

    @Test func theDemoFormIsValid() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../assets/demo-form.json").standardized
        guard let data = FileManager.default.contents(atPath: url.path) else { return }  // not written yet
        let form = try FormFile.parse([UInt8](data), fileName: "demo-form.json")
        #expect(!form.fields.isEmpty)
    }

    @Test(arguments: [false, true])
    func tenThousandFieldsParse(minified: Bool) throws {
        var json = #"{"title": "Big", "fields": ["#
        for i in 0..<10_000 {
            if i > 0 { json += minified ? "," : ",\n  " }
            switch i % 4 {
            case 0: json += #"{"id": "f\#(i)", "type": "text", "label": "Field _\#(i) — café", "placeholder": "Type here", "maxLength": 40}"#
            case 1: json += #"{"id": "f\#(i)", "type": "picker", "label": "_Pick", "options": ["a", "b", "c"], "value": "b"}"#
            case 2: json += #"{"id": "f\#(i)", "type": "tokens", "value": ["x", "y"], "showWhen": {"field": "f\#(i - 1)", "in": ["b"]}}"#
            default: json += #"{"id": "f\#(i)", "type": "section", "columns": 2, "fields": [{"id": "g\#(i)", "type": "textarea"}]}"#
            }
        }
        json += #"], "tabOrder": ["f9999", "f0"]}"#
        let form = try FormFile.parse(json, fileName: "big.json")
        #expect(form.fields.count == 10_000)
        #expect(form.fields[9_999].fields.map(\.id) == ["g9999"])
        #expect(form.fields[2].showWhen == ShowRule(field: "f1", values: ["b"]))
    }
}

extension FormFileTests {
    /// A field in one line: `field("zip", .text, "_Zip") { $0.maxLength = 10 }`.
    func field(_ id: String, _ kind: FieldKind, _ label: String = "", _ configure: (inout Field) -> Void = { _ in }) -> Field {
        var field = Field(id: id, kind: kind, label: label)
        configure(&field)
        return field
    }

    /// Decodes `json` as `form.json`; a rejection is recorded as a failure at the caller.
    func decode(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> Form? {
        do {
            return try FormFile.parse(json, fileName: "form.json")
        } catch {
            Issue.record("rejected:\n\(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// A broken input and every diagnostic it must produce, exactly; failures point at the case.
struct BrokenForm: CustomTestStringConvertible, Sendable {
    var bytes: [UInt8]
    var expected: [String]
    var sourceLocation: SourceLocation

    init(_ json: String, _ expected: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        self.init(bytes: Array(json.utf8), expected, sourceLocation: sourceLocation)
    }

    init(bytes: [UInt8], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        self.bytes = bytes; self.expected = expected; self.sourceLocation = sourceLocation
    }

    var testDescription: String { String(decoding: bytes.prefix(60), as: UTF8.self) }

    /// The diagnostics, one a line; accepting the form is a failure.
    var problems: [String] {
        do {
            _ = try FormFile.parse(bytes, fileName: "form.json")
            Issue.record("accepted a broken form", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func check() {
        #expect(problems == expected, sourceLocation: sourceLocation)
    }
}
