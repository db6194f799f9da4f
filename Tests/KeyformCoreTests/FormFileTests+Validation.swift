import KeyformCore
import Testing

/// Validation: each broken form gives exactly these diagnostics (place, message, path).
extension FormFileTests {
    static let brokenForms: [BrokenForm] = [
        // The document and the form's own keys.
        BrokenForm("[]", "form.json:1:1: expected an object describing the form, found an array"),
        BrokenForm(#""x""#, "form.json:1:1: expected an object describing the form, found a string"),
        BrokenForm("null", "form.json:1:1: expected an object describing the form, found null"),
        BrokenForm("  42", "form.json:1:3: expected an object describing the form, found a number"),
        BrokenForm(#"{"titel": "x"}"#, #"form.json:1:2: unknown key "titel", did you mean "title"? (titel)"#),
        BrokenForm(#"{"colour": 1}"#, #"form.json:1:2: unknown key "colour" (colour)"#),
        BrokenForm(#"{"title": 5}"#, "form.json:1:11: expected a string (title)"),
        BrokenForm(#"{"direction": "up"}"#, #"form.json:1:15: unknown direction "up"; use "ltr" or "rtl" (direction)"#),
        BrokenForm(#"{"edge": "wrp"}"#, #"form.json:1:10: unknown edge "wrp"; use "wrap", "stop" or "leave" (edge)"#),
        BrokenForm(#"{"returnKey": "enter"}"#,
                   #"form.json:1:15: unknown returnKey "enter"; use "next", "nextThenSubmit", "submit" or "none" (returnKey)"#),
        BrokenForm(#"{"size": "big"}"#, "form.json:1:10: expected an object (size)"),
        BrokenForm(#"{"size": {"width": -1}}"#,
                   #"form.json:1:10: missing "height" (size)"#, "form.json:1:20: width must be greater than 0 (size.width)"),
        BrokenForm(#"{"size": {"width": 1, "height": 2, "depth": 3}}"#, #"form.json:1:36: unknown key "depth" (size.depth)"#),
        BrokenForm(#"{"fields": {}}"#, "form.json:1:12: expected an array (fields)"),
        BrokenForm(#"{"fields": [1]}"#, "form.json:1:13: expected an object (fields[0])"),
        // Ids and types.
        BrokenForm(#"{"fields": [{"type": "text"}]}"#, #"form.json:1:13: missing "id" (fields[0])"#),
        BrokenForm(#"{"fields": [{"id": "first name", "type": "text"}]}"#,
                   #"form.json:1:20: invalid id "first name": use letters, digits, "_" and "-" (fields[0].id)"#),
        BrokenForm(#"{"fields": [{"id": "", "type": "text"}]}"#,
                   #"form.json:1:20: invalid id "": use letters, digits, "_" and "-" (fields[0].id)"#),
        BrokenForm(#"{"fields": [{"id": 5, "type": "text"}]}"#, "form.json:1:20: expected a string (fields[0].id)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text"}, {"id": "s", "type": "section", "fields": [{"id": "a", "type": "text"}]}]}"#,
                   #"form.json:1:91: duplicate id "a", already used by fields[0] at 1:20 (fields[1].fields[0].id)"#),
        BrokenForm(#"{"fields": [{"id": "a"}]}"#, #"form.json:1:13: missing "type" (fields[0])"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "txt"}]}"#, #"form.json:1:33: unknown field type "txt" (fields[0].type)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": 3}]}"#, "form.json:1:33: expected a string (fields[0].type)"),
        // Field keys.
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "lable": "A"}]}"#,
                   #"form.json:1:41: unknown key "lable", did you mean "label"? (fields[0].lable)"#),
        BrokenForm(#"{"fields": [{"id": "s", "type": "section", "fields": [{"id": "x", "type": "text", "colums": 2}]}]}"#,
                   #"form.json:1:83: unknown key "colums", did you mean "columns"? (fields[0].fields[0].colums)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "hidden": "yes"}]}"#,
                   "form.json:1:51: expected true or false (fields[0].hidden)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "options": ["x"]}]}"#,
                   #"form.json:1:41: "options" is only for picker, tokens and radio fields (fields[0].options)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "action": "submit"}]}"#,
                   #"form.json:1:41: "action" is only for button fields (fields[0].action)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "button", "action": "go"}]}"#,
                   #"form.json:1:53: unknown button action "go"; use "submit" or "cancel" (fields[0].action)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "fields": []}]}"#,
                   #"form.json:1:41: "fields" is only for section fields (fields[0].fields)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "columns": 2}]}"#,
                   #"form.json:1:41: "columns" is only for section fields (fields[0].columns)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "tabOrder": []}]}"#,
                   #"form.json:1:41: "tabOrder" is only for section fields (fields[0].tabOrder)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "section", "columns": 13}]}"#,
                   "form.json:1:55: columns must be from 1 to 12 (fields[0].columns)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "section", "columns": 0}]}"#,
                   "form.json:1:55: columns must be from 1 to 12 (fields[0].columns)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "section", "columns": 2.5}]}"#,
                   "form.json:1:55: expected an integer (fields[0].columns)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "maxLength": -1}]}"#,
                   "form.json:1:54: maxLength must be 0 or more (fields[0].maxLength)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "tabIndex": "1"}]}"#,
                   "form.json:1:53: expected an integer (fields[0].tabIndex)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "tabIndex": 1.5}]}"#,
                   "form.json:1:53: expected an integer (fields[0].tabIndex)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "frame": [1]}]}"#, "form.json:1:50: expected an object (fields[0].frame)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "frame": {"x": 0, "y": 0, "width": 10}}]}"#,
                   #"form.json:1:50: missing "height" (fields[0].frame)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "frame": {"x": "0", "y": 0, "width": 0, "height": 1, "z": 1}}]}"#,
                   "form.json:1:56: expected a number (fields[0].frame.x)",
                   "form.json:1:78: width must be greater than 0 (fields[0].frame.width)",
                   #"form.json:1:94: unknown key "z" (fields[0].frame.z)"#),
        // Values.
        BrokenForm(#"{"fields": [{"id": "a", "type": "picker", "options": ["x"], "value": "y"}]}"#,
                   #"form.json:1:70: value "y" is not one of the options (fields[0].value)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "picker", "value": "y"}]}"#,
                   #"form.json:1:52: value "y" is not one of the options (fields[0].value)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "tokens", "value": "x"}]}"#,
                   "form.json:1:52: expected an array of strings (fields[0].value)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "value": 5}]}"#, "form.json:1:50: expected a string (fields[0].value)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "button", "value": "x"}]}"#,
                   #"form.json:1:43: "value" is only for text, email, number, password, textarea, picker, tokens, checkbox, radio and date fields (fields[0].value)"#),
        // A NUL in any text, even escaped: Pango would hide it and it would still be submitted.
        BrokenForm(#"{"title": "a\u0000b"}"#, #"form.json:1:11: a NUL character (\u0000) is not allowed (title)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "value": "x\u0000"}]}"#,
                   #"form.json:1:50: a NUL character (\u0000) is not allowed (fields[0].value)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "label": "\u0000", "placeholder": "p\u0000"}]}"#,
                   #"form.json:1:50: a NUL character (\u0000) is not allowed (fields[0].label)"#,
                   #"form.json:1:75: a NUL character (\u0000) is not allowed (fields[0].placeholder)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "tokens", "options": ["x", "\u0000y"], "value": ["z\u0000"]}]}"#,
                   #"form.json:1:60: a NUL character (\u0000) is not allowed (fields[0].options[1])"#,
                   #"form.json:1:82: a NUL character (\u0000) is not allowed (fields[0].value[0])"#),
        BrokenForm(#"{"commands": [{"key": "ctrl+s", "action": "submit", "title": "Save\u0000"}]}"#,
                   #"form.json:1:62: a NUL character (\u0000) is not allowed (commands[0].title)"#),
        // Text areas' rows.
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "rows": 3}]}"#,
                   #"form.json:1:41: "rows" is only for textarea fields (fields[0].rows)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "textarea", "rows": 3, "maxRows": 2}]}"#,
                   "form.json:1:67: maxRows must not be less than rows (fields[0].maxRows)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "textarea", "rows": 0}]}"#,
                   "form.json:1:53: rows must be from 1 to 1000 (fields[0].rows)"),
        // showWhen.
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "showWhen": "b"}]}"#,
                   "form.json:1:53: expected an object (fields[0].showWhen)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "showWhen": {"field": "a"}}]}"#,
                   #"form.json:1:53: missing "in" (fields[0].showWhen)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "showWhen": {"field": "a", "in": "x"}}]}"#,
                   "form.json:1:74: expected an array of strings (fields[0].showWhen.in)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "showWhen": {"field": "a", "in": [5]}}]}"#,
                   "form.json:1:75: expected a string (fields[0].showWhen.in[0])"),
        BrokenForm(#"{"fields": [{"id": "years", "type": "text"}, {"id": "b", "type": "text", "showWhen": {"field": "yaers", "in": []}}]}"#,
                   #"form.json:1:96: unknown id "yaers", did you mean "years"? (fields[1].showWhen.field)"#),
        BrokenForm(#"{"fields": [{"id": "s", "type": "section"}, {"id": "b", "type": "text", "showWhen": {"field": "s", "in": []}}]}"#,
                   #"form.json:1:95: showWhen cannot depend on section "s", which has no value (fields[1].showWhen.field)"#),
        // tabOrder.
        BrokenForm(#"{"tabOrder": "a"}"#, "form.json:1:14: expected an array (tabOrder)"),
        BrokenForm(#"{"tabOrder": [1]}"#, "form.json:1:15: expected a string (tabOrder[0])"),
        BrokenForm(#"{"tabOrder": ["nmae"], "fields": [{"id": "name", "type": "text"}]}"#,
                   #"form.json:1:15: unknown id "nmae", did you mean "name"? (tabOrder[0])"#),
        BrokenForm(#"{"tabOrder": ["a", "a"], "fields": [{"id": "a", "type": "text"}]}"#,
                   #"form.json:1:20: "a" is listed twice (tabOrder[1])"#),
        BrokenForm(#"{"tabOrder": ["zip"], "fields": [{"id": "s", "type": "section", "fields": [{"id": "zip", "type": "text"}]}]}"#,
                   #"form.json:1:15: "zip" is not a direct child of the form; it is in section "s" (tabOrder[0])"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text"}, {"id": "s", "type": "section", "tabOrder": ["a"]}]}"#,
                   #"form.json:1:86: "a" is not a direct child of section "s"; it is at the top level (fields[1].tabOrder[0])"#),
        BrokenForm(#"{"fields": [{"id": "s", "type": "section", "fields": [{"id": "x", "type": "text"}]}, {"id": "t", "type": "section", "tabOrder": ["x"]}]}"#,
                   #"form.json:1:130: "x" is not a direct child of section "t"; it is in section "s" (fields[1].tabOrder[0])"#),
        // Commands.
        BrokenForm(#"{"commands": {}}"#, "form.json:1:14: expected an array (commands)"),
        BrokenForm(#"{"commands": [1]}"#, "form.json:1:15: expected an object (commands[0])"),
        BrokenForm(#"{"commands": [{"action": "submit"}]}"#, #"form.json:1:15: missing "key" (commands[0])"#),
        BrokenForm(#"{"commands": [{"key": "F1"}]}"#, #"form.json:1:15: missing "action" (commands[0])"#),
        BrokenForm(#"{"commands": [{"key": "", "action": "submit"}]}"#, "form.json:1:23: key must not be empty (commands[0].key)"),
        BrokenForm(#"{"commands": [{"key": "F1", "action": "sbmit"}]}"#,
                   #"form.json:1:39: unknown command action "sbmit", did you mean "submit"? (commands[0].action)"#),
        BrokenForm(#"{"commands": [{"key": "F1", "action": "jump"}]}"#,
                   #"form.json:1:39: unknown command action "jump"; use submit, cancel, toggleOverlay, focus:ID or clear:ID (commands[0].action)"#),
        BrokenForm(#"{"commands": [{"key": "F1", "action": "focus:nope"}]}"#, #"form.json:1:39: unknown id "nope" (commands[0].action)"#),
        BrokenForm(#"{"commands": [{"key": "F1", "action": "clear:nmae"}], "fields": [{"id": "name", "type": "text"}]}"#,
                   #"form.json:1:39: unknown id "nmae", did you mean "name"? (commands[0].action)"#),
        BrokenForm(#"{"commands": [{"key": "F1", "action": "submit", "titel": "x"}]}"#,
                   #"form.json:1:49: unknown key "titel", did you mean "title"? (commands[0].titel)"#),
        BrokenForm(#"{"commands": [{"key": "F1", "action": "submit", "title": 5}]}"#,
                   "form.json:1:58: expected a string (commands[0].title)"),
    ]

    @Test(arguments: brokenForms)
    func brokenFormsNameThePlace(_ broken: BrokenForm) {
        broken.check()
    }

    @Test func everyProblemIsReportedAtOnceInFileOrder() {
        let json = """
        {
          "titel": "Broken",
          "edge": "around",
          "fields": [
            {"id": "name", "type": "txt"},
            {"id": "name", "type": "text", "hidden": "yes"},
            {"type": "picker", "options": ["a"], "value": "b"}
          ],
          "tabOrder": ["nmae"]
        }
        """
        let expected = [
            #"form.json:2:3: unknown key "titel", did you mean "title"? (titel)"#,
            #"form.json:3:11: unknown edge "around"; use "wrap", "stop" or "leave" (edge)"#,
            #"form.json:5:28: unknown field type "txt" (fields[0].type)"#,
            #"form.json:6:12: duplicate id "name", already used by fields[0] at 5:12 (fields[1].id)"#,
            "form.json:6:46: expected true or false (fields[1].hidden)",
            #"form.json:7:5: missing "id" (fields[2])"#,
            #"form.json:7:51: value "b" is not one of the options (fields[2].value)"#,
            #"form.json:9:16: unknown id "nmae", did you mean "name"? (tabOrder[0])"#,
        ]
        #expect(BrokenForm(bytes: Array(json.utf8), expected).problems == expected)
        #expect(throws: FormFileError.self) { try FormFile.parse(json, fileName: "form.json") }
        do {
            _ = try FormFile.parse(json, fileName: "form.json")
        } catch {
            #expect(error.description == expected.joined(separator: "\n"))
            #expect(error.diagnostics[2] == Diagnostic(file: "form.json", line: 5, column: 28, path: "fields[0].type",
                                                       message: #"unknown field type "txt""#))
        }
    }

    @Test func referencesMayPointForwards() {
        let json = #"""
        {"commands": [{"key": "F2", "action": "focus:later"}], "tabOrder": ["later", "s"],
         "fields": [{"id": "now", "type": "text", "showWhen": {"field": "later", "in": ["on"]}},
                    {"id": "s", "type": "section", "tabOrder": ["inner"], "fields": [{"id": "inner", "type": "text"}]},
                    {"id": "later", "type": "picker", "options": ["off", "on"]}]}
        """#
        #expect(decode(json)?.fields.last?.options == ["off", "on"])
    }
}
