import KeyformCore
import Testing

@Suite("Focus lints for form authors") struct FocusLintTests {
    @Test(arguments: [
        (#"{"fields": [{"id": "a", "type": "text"}, {"id": "b", "type": "text"}]}"#, [String]()),
        (#"{"tabOrder": ["b", "a"], "fields": [{"id": "a", "type": "text"}, {"id": "b", "type": "text"}]}"#,
         [#"tabOrder goes backwards: "a" comes after "b" but stands before it on screen"#]),
        (#"{"fields": [{"id": "s", "type": "section", "fields": [{"id": "x", "type": "text", "tabStop": false}]}]}"#,
         [#"section "s" has no field Tab can reach"#]),
        (#"{"fields": [{"id": "p", "type": "picker", "options": ["a", "b"]}, {"id": "w", "type": "text", "showWhen": {"field": "p", "in": ["c"]}}]}"#,
         [#""w" is never shown: "p" has none of the values ["c"]"#]),
    ] as [(String, [String])])
    func warnings(form: String, expected: [String]) throws {
        #expect(FocusLint.warnings(for: try makeForm(form)) == expected)
    }
}
