import KeyformCore
import Testing

/// `keyform check` catches what makes a form unusable (issue #15), and every warning, focus ones
/// included, names the place in the file.
@Suite("Form lint: unusable forms") struct UsabilityLintTests {
    func findings(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let form = try makeForm(json, sourceLocation: sourceLocation)
        let document = try JSONParser.parse(Array(json.utf8))
        // Unlabelled fields keep these forms short: the screen-reader warning has its own tests.
        return FormLint.findings(for: form, keyNames: BasicKeyNames()).map { $0.description(file: "f.json", document: document) }
            .filter { !$0.contains("a screen reader cannot say") }
    }

    @Test(arguments: [
        (#"{"fields": [{"id": "a", "type": "label", "label": "Hello"}]}"#,
         [#"f.json:1:12: warning: no field can take focus: a person can only press Escape or Ctrl+Return (fields)"#]),
        (#"{"fields": []}"#, [#"f.json:1:12: warning: no field can take focus: a person can only press Escape or Ctrl+Return (fields)"#]),
        (#"{"fields": [{"id": "a", "type": "text", "hidden": true}, {"id": "b", "type": "text", "hidden": true}]}"#,
         [#"f.json:1:12: warning: no field can take focus: a person can only press Escape or Ctrl+Return (fields)"#,
          #"f.json:1:12: warning: every field is hidden: the window opens empty (fields)"#]),
        (#"{"fields": [{"id": "p", "type": "picker", "options": []}, {"id": "t", "type": "text"}]}"#,
         [#"f.json:1:54: warning: "p" has no options to choose from (fields[0].options)"#]),
        (#"{"fields": [{"id": "r", "type": "radio"}, {"id": "t", "type": "text"}]}"#,
         [#"f.json:1:13: warning: "r" has no options to choose from (fields[0].options)"#]),
        (#"{"fields": [{"id": "a", "type": "text", "showWhen": {"field": "a", "in": ["x"]}}, {"id": "t", "type": "text"}]}"#,
         [#"f.json:1:53: warning: "a" is shown only by its own value: hidden, it can never be given one (fields[0].showWhen)"#]),
    ])
    func anUnusableFormIsReported(_ json: String, _ expected: [String]) throws {
        #expect(try findings(json) == expected)
    }

    /// Focus warnings name their field's place, as the others do.
    @Test func focusWarningsNameTheirPlace() throws {
        let json = #"""
        {"tabOrder": ["b", "a"],
         "fields": [{"id": "a", "type": "text"}, {"id": "b", "type": "text"},
                    {"id": "s", "type": "section", "fields": [{"id": "x", "type": "text", "tabStop": false}]},
                    {"id": "c", "type": "checkbox"},
                    {"id": "w", "type": "text", "showWhen": {"field": "c", "in": ["yes"]}}]}
        """#
        #expect(try findings(json) == [
            #"f.json:3:13: warning: section "s" has no field Tab can reach (fields[2])"#,
            #"f.json:5:53: warning: "w" is never shown: "c" has none of the values ["yes"] (fields[4].showWhen)"#,
            #"f.json:1:14: warning: tabOrder goes backwards: "a" comes after "b" but stands before it on screen (tabOrder)"#,
        ])
    }
}
