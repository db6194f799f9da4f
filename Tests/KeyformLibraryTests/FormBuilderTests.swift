import Keyform
import Testing

/// A form built in code is the form its file describes: the same model, the same rules.
@Suite struct FormBuilderTests {
    /// A form built in code, and what it should give: its form file, or the start of a problem.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var build: @Sendable () throws -> Form
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "fields of every kind", build: {
            try Form(title: "Kinds") {
                TextField("_Name", id: "name", value: "Ada").placeholder("Your name").required()
                TextField("_Age", id: "age", format: .number).range(0...150, step: 1)
                TextField("E_mail", id: "email", format: .email)
                PasswordField("_PIN", id: "pin").maxLength(4)
                TextArea("N_otes", id: "notes", rows: 2, maxRows: 5)
                Picker("_Years", id: "years", options: ["0", "1", "2"], value: "1")
                TokenField("S_kills", id: "skills", tokens: ["Swift"], suggestions: ["C", "Swift"])
                Checkbox("_Subscribe", id: "news", isOn: true)
                RadioGroup("_Size", id: "size", options: ["S", "M"], value: "M")
                DateField("_Start", id: "start", value: "2026-11-23", min: "2026-01-01", format: "%d.%m.%Y")
                Label("Read me", id: "help")
                Button("_Cancel", id: "cancel", action: .cancel)
                Button("_Submit", id: "submit")
            }
        }, expected: #"""
        {"title": "Kinds", "fields": [
          {"id": "name", "type": "text", "label": "_Name", "value": "Ada", "placeholder": "Your name", "required": true},
          {"id": "age", "type": "number", "label": "_Age", "min": 0, "max": 150, "step": 1},
          {"id": "email", "type": "email", "label": "E_mail"},
          {"id": "pin", "type": "password", "label": "_PIN", "maxLength": 4},
          {"id": "notes", "type": "textarea", "label": "N_otes", "rows": 2, "maxRows": 5},
          {"id": "years", "type": "picker", "label": "_Years", "options": ["0", "1", "2"], "value": "1"},
          {"id": "skills", "type": "tokens", "label": "S_kills", "value": ["Swift"], "options": ["C", "Swift"]},
          {"id": "news", "type": "checkbox", "label": "_Subscribe", "value": true},
          {"id": "size", "type": "radio", "label": "_Size", "options": ["S", "M"], "value": "M"},
          {"id": "start", "type": "date", "label": "_Start", "value": "2026-11-23", "min": "2026-01-01", "format": "%d.%m.%Y"},
          {"id": "help", "type": "label", "label": "Read me"},
          {"id": "cancel", "type": "button", "label": "_Cancel", "action": "cancel"},
          {"id": "submit", "type": "button", "label": "_Submit", "action": "submit"}
        ]}
        """#),
        Case(name: "tab order, sections with their own, edge and Return", build: {
            try Form(title: "Order", direction: .rtl, size: (width: 400, height: 300), tabOrder: ["address", "name"],
                     edge: .stop, returnKey: .next) {
                TextField("Name", id: "name").tabIndex(2)
                Section("Address", id: "address", columns: 2, tabOrder: ["zip", "city"]) {
                    TextField("City", id: "city")
                    TextField("Zip", id: "zip").pattern("[0-9]{5}", message: "Five digits")
                }
                TextField("Lead", id: "lead").showWhen("name", in: ["Ada"]).hidden().disabled().tabStop(false)
                TextField("Note", id: "note").readOnly().frame(x: 1, y: 2, width: 30, height: 40)
            }
        }, expected: #"""
        {"title": "Order", "direction": "rtl", "size": {"width": 400, "height": 300}, "tabOrder": ["address", "name"],
         "edge": "stop", "returnKey": "next", "fields": [
          {"id": "name", "type": "text", "label": "Name", "tabIndex": 2},
          {"id": "address", "type": "section", "label": "Address", "columns": 2, "tabOrder": ["zip", "city"], "fields": [
            {"id": "city", "type": "text", "label": "City"},
            {"id": "zip", "type": "text", "label": "Zip", "pattern": "[0-9]{5}", "patternMessage": "Five digits"}]},
          {"id": "lead", "type": "text", "label": "Lead", "showWhen": {"field": "name", "in": ["Ada"]},
           "hidden": true, "disabled": true, "tabStop": false},
          {"id": "note", "type": "text", "label": "Note", "readOnly": true, "frame": {"x": 1, "y": 2, "width": 30, "height": 40}}
        ]}
        """#),
    ]

    @Test(arguments: cases)
    func aFormBuiltInCodeIsTheFormItsFileDescribes(_ example: Case) throws {
        #expect(try example.build().json == Form(json: example.expected).json)
    }

    static let mistakes: [Case] = [
        Case(name: "duplicate id", build: {
            try Form(title: "T") { TextField("A", id: "a"); Section("S", id: "s") { TextField("B", id: "a") } }
        }, expected: #"fields[1].fields[0].id: duplicate id "a""#),
        Case(name: "tabOrder names no field", build: {
            try Form(title: "T", tabOrder: ["b", "nmae"]) { TextField("A", id: "name"); TextField("B", id: "b") }
        }, expected: #"tabOrder[1]: unknown id "nmae", did you mean "name"?"#),
        Case(name: "a section's tabOrder names a field outside it", build: {
            try Form(title: "T") { TextField("A", id: "a"); Section("S", id: "s", tabOrder: ["a"]) { TextField("B", id: "b") } }
        }, expected: #"fields[1].tabOrder[0]: "a" is not a direct child of section "s"; it is at the top level"#),
        Case(name: "a value that is not an option", build: {
            try Form(title: "T") { Picker("P", id: "p", options: ["x"], value: "y") }
        }, expected: #"fields[0].value: value "y" is not one of the options"#),
        Case(name: "a key that does not exist", build: {
            try Form(title: "T") { TextField("A", id: "a").command(KeyCommand("ctrl+Retrun", title: "Go") { _ in }) }
        }, expected: #"field "a": key command "Go": unknown key "Retrun" in "ctrl+Retrun""#),
        Case(name: "a date that is no date", build: {
            try Form(title: "T") { DateField("D", id: "d", min: "2026-02-30") }
        }, expected: #"field "d": min "2026-02-30""#),
        Case(name: "a key a kind does not take", build: {
            try Form(title: "T") { Picker("P", id: "p", options: ["x"]).readOnly() }
        }, expected: #"fields[0].readOnly: "readOnly" is only for"#),
        Case(name: "two commands on one key in one place", build: {
            try Form(title: "T") {
                TextField("A", id: "a")
                KeyCommand("ctrl+s", title: "Save") { _ in }
                KeyCommand("ctrl+shift+s") { _ in }
                KeyCommand("ctrl+s", title: "Sort") { _ in }
            }
        }, expected: #"the form: two key commands on "ctrl+s"; the second would never run"#),
        Case(name: "an id with a space", build: {
            try Form(title: "T") { TextField("A", id: "first name") }
        }, expected: #"fields[0].id: invalid id "first name""#),
    ]

    @Test(arguments: mistakes)
    func aMistakeIsThrownNamingItsPlace(_ mistake: Case) {
        #expect {
            try mistake.build()
        } throws: { error in
            guard let error = error as? FormError else { return false }
            return error.problems.contains { $0.hasPrefix(mistake.expected) }
        }
    }

    @Test func aFormFileWithAMistakeNamesFileLineAndColumn() {
        #expect {
            try Form(json: #"{"fields": [{"id": "a", "type": "txt"}]}"#, fileName: "f.json")
        } throws: { error in
            (error as? FormError)?.problems == [#"f.json:1:33: unknown field type "txt" (fields[0].type)"#]
        }
    }

    @Test @MainActor func ifForAndSwitchBuildFields() throws {
        let extra = true
        let form = try Form(title: "T") {
            for id in ["a", "b"] { TextField(id.uppercased(), id: id) }
            if extra { Checkbox("C", id: "c") } else { Label("none", id: "none") }
        }
        let session = try FormSession(form)
        #expect(session.values == .object([("a", .string("")), ("b", .string("")), ("c", .bool(false))]))
    }
}
