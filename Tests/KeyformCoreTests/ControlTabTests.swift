import KeyformCore
import Testing

/// Ctrl+Tab and Ctrl+Shift+Tab move focus from any field, as Tab and Shift+Tab do, as in GTK
/// and Qt, where they are the way out of a text area (whose Tab types a tab there).
@Suite("Ctrl+Tab and Ctrl+Shift+Tab") struct ControlTabTests {
    static let form = #"""
    {"title": "t", "size": {"width": 400, "height": 600}, "fields": [
      {"id": "name", "type": "text", "label": "Name"},
      {"id": "notes", "type": "textarea", "label": "Notes"},
      {"id": "size", "type": "picker", "label": "Size", "options": ["S", "M", "L"]},
      {"id": "tags", "type": "tokens", "label": "Tags"},
      {"id": "ok", "type": "button", "label": "OK", "action": "submit"}
    ]}
    """#

    struct Case: Sendable, CustomTestStringConvertible {
        let events: [String]
        /// The focus after the last event, and a value that shows what the keys typed where.
        let focus: String
        let value: (id: String, text: JSONValue)
        var testDescription: String { events.joined(separator: " ") }
    }

    static let cases = [
        Case(events: ["focus:notes", "type:a", "ctrl+Tab"], focus: "size", value: ("notes", .string("a"))),
        Case(events: ["focus:notes", "type:a", "ctrl+shift+Tab"], focus: "name", value: ("notes", .string("a"))),
        // Shift+Tab arrives as ISO_Left_Tab, with Ctrl too.
        Case(events: ["focus:notes", "ctrl+shift+ISO_Left_Tab", "type:x"], focus: "name", value: ("name", .string("x"))),
        Case(events: ["focus:name", "ctrl+Tab", "type:b", "ctrl+Tab"], focus: "size", value: ("notes", .string("b"))),
        // An open list closes as focus leaves, the highlight not chosen.
        Case(events: ["focus:size", "space", "Down", "ctrl+Tab"], focus: "tags", value: ("size", .string("S"))),
        // Text typed in a token field becomes a token as focus leaves it, as with Tab.
        Case(events: ["focus:tags", "type:swift", "ctrl+Tab"], focus: "ok", value: ("tags", .array([.string("swift")]))),
        Case(events: ["focus:ok", "ctrl+shift+Tab", "ctrl+shift+Tab"], focus: "size", value: ("notes", .string(""))),
    ]

    @Test(arguments: cases)
    func movesFocusAsTabDoes(_ test: Case) throws {
        let last = try #require(try replay(try makeForm(Self.form), test.events).last)
        #expect(last["focus"] == .string(test.focus), "\(last)")
        #expect(last["values"]?[test.value.id] == test.value.text, "\(last)")
        #expect(last["result"] == .null)
    }
}
