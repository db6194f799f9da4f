import KeyformCore
import Testing

/// A form, a sequence of keys, and the focus expected after each.
struct FocusCase: CustomTestStringConvertible, Sendable {
    var name: String
    var form: String
    var keys: [String]
    var expected: [String]
    var testDescription: String { name }
}

@Suite("Tab order") struct FocusOrderTests {
    /// A form opens with its first stop focused, so each trail starts from there.
    static let cases: [FocusCase] = [
        FocusCase(name: "Tab walks reading order and wraps", form: textFields(["a", "b", "c"]),
                  keys: ["Tab", "Tab", "Tab"], expected: ["b", "c", "a"]),
        FocusCase(name: "Shift+Tab from the first wraps to the last", form: textFields(["a", "b", "c"]),
                  keys: ["shift+Tab", "shift+Tab", "shift+Tab"], expected: ["c", "b", "a"]),
        FocusCase(name: "ISO_Left_Tab moves back like Shift+Tab", form: textFields(["a", "b", "c"]),
                  keys: ["Tab", "shift+ISO_Left_Tab", "ISO_Left_Tab"], expected: ["b", "a", "c"]),
        FocusCase(name: "explicit tabOrder wins over geometry", form: textFields(["a", "b", "c"], extra: #""tabOrder": ["c", "a"]"#),
                  keys: ["Tab", "Tab", "Tab"], expected: ["a", "b", "c"]),
        FocusCase(name: "edge stop keeps focus at the ends", form: textFields(["a", "b"], extra: #""edge": "stop""#),
                  keys: ["Tab", "Tab", "shift+Tab", "shift+Tab"], expected: ["b", "b", "a", "a"]),
        FocusCase(name: "edge leave drops focus past the end; Tab comes back in at the first", form: textFields(["a", "b"], extra: #""edge": "leave""#),
                  keys: ["Tab", "Tab", "Tab"], expected: ["b", "-", "a"]),
        FocusCase(name: "with nothing focused, Shift+Tab goes to the last", form: textFields(["a", "b", "c"], extra: #""edge": "leave""#),
                  keys: ["shift+Tab", "shift+Tab"], expected: ["-", "c"]),
        FocusCase(name: "Return moves to the next field", form: textFields(["a", "b"]),
                  keys: ["Return"], expected: ["b"]),
        FocusCase(name: "hidden, disabled and tabStop false are skipped", form: """
            {"fields": [{"id": "a", "type": "text"}, {"id": "h", "type": "text", "hidden": true},
             {"id": "d", "type": "text", "disabled": true}, {"id": "n", "type": "text", "tabStop": false},
             {"id": "m", "type": "text", "tabIndex": -1}, {"id": "b", "type": "text"}]}
            """, keys: ["Tab", "Tab"], expected: ["b", "a"]),
        FocusCase(name: "positive tabIndex first, ascending, ties in document order", form: """
            {"fields": [{"id": "a", "type": "text"}, {"id": "b", "type": "text", "tabIndex": 2},
             {"id": "c", "type": "text", "tabIndex": 1}, {"id": "d", "type": "text", "tabIndex": 2}]}
            """, keys: ["Tab", "Tab", "Tab", "Tab"], expected: ["b", "d", "a", "c"]),
        FocusCase(name: "a section is one unit with its own order", form: """
            {"tabOrder": ["s", "a"], "fields": [{"id": "a", "type": "text"},
             {"id": "s", "type": "section", "columns": 2, "tabOrder": ["y"], "fields": [{"id": "x", "type": "text"}, {"id": "y", "type": "text"}]},
             {"id": "b", "type": "text"}]}
            """, keys: ["Tab", "Tab", "Tab", "Tab"], expected: ["x", "a", "b", "y"]),
        FocusCase(name: "two columns read left to right", form: """
            {"fields": [{"id": "s", "type": "section", "columns": 2, "fields": [{"id": "l1", "type": "text"},
             {"id": "r1", "type": "text"}, {"id": "l2", "type": "text"}, {"id": "r2", "type": "text"}]}]}
            """, keys: ["Tab", "Tab", "Tab"], expected: ["r1", "l2", "r2"]),
        FocusCase(name: "rtl reads right to left; the explicit order is not mirrored", form: """
            {"direction": "rtl", "fields": [{"id": "s", "type": "section", "columns": 2, "fields": [{"id": "first", "type": "text"},
             {"id": "second", "type": "text"}]}, {"id": "t", "type": "section", "columns": 2, "tabOrder": ["p", "q"],
             "fields": [{"id": "p", "type": "text"}, {"id": "q", "type": "text"}]}]}
            """, keys: ["Tab", "Tab", "Tab"], expected: ["second", "p", "q"]),
        FocusCase(name: "a hidden section removes everything in it", form: """
            {"fields": [{"id": "a", "type": "text"}, {"id": "s", "type": "section", "hidden": true,
             "fields": [{"id": "x", "type": "text"}]}, {"id": "b", "type": "text"}]}
            """, keys: ["Tab", "Tab"], expected: ["b", "a"]),
        FocusCase(name: "no focusable field: nothing happens, nothing loops", form: #"{"fields": [{"id": "l", "type": "label", "label": "hi"}]}"#,
                  keys: ["Tab", "shift+Tab"], expected: ["-", "-"]),
        FocusCase(name: "hiding the focused field moves focus on; Tab continues from there", form: textFields(["a", "b", "c", "d"]),
                  keys: ["Tab", "hide:b", "Tab", "show:b", "shift+Tab"], expected: ["b", "c", "d", "d", "c"]),
        FocusCase(name: "removing the last field moves focus back to the one before", form: textFields(["a", "b", "c"]),
                  keys: ["Tab", "Tab", "remove:c", "Tab"], expected: ["b", "c", "b", "a"]),
        FocusCase(name: "disabling the focused field moves focus on", form: textFields(["a", "b", "c"]),
                  keys: ["focus:b", "disable:b", "Tab"], expected: ["b", "c", "a"]),
        FocusCase(name: "ending editing; the next Tab continues after the field", form: textFields(["a", "b", "c"]),
                  keys: ["Tab", "blur", "Tab"], expected: ["b", "-", "c"]),
        FocusCase(name: "a section without a frame reads where its framed fields are, not where the flow put it", form: """
            {"fields": [{"id": "a", "type": "text"}, {"id": "s", "type": "section", "fields": [{"id": "x", "type": "text",
             "frame": {"x": 20, "y": 450, "width": 200, "height": 32}}]}, {"id": "b", "type": "text"}]}
            """, keys: ["Tab", "Tab", "Tab"], expected: ["b", "x", "a"]),
        FocusCase(name: "a section whose framed fields stand above the flow comes first", form: """
            {"fields": [{"id": "a", "type": "text"}, {"id": "b", "type": "text"}, {"id": "s", "type": "section",
             "fields": [{"id": "x", "type": "text", "frame": {"x": 20, "y": 10, "width": 200, "height": 20}}]}]}
            """, keys: ["Tab", "Tab", "Tab"], expected: ["a", "b", "x"]),
        FocusCase(name: "a section with a frame lays its fields out inside it", form: """
            {"fields": [{"id": "b", "type": "text"}, {"id": "s", "type": "section", "label": "S",
             "frame": {"x": 20, "y": 300, "width": 300, "height": 100}, "fields": [{"id": "x", "type": "text"}]}]}
            """, keys: ["Tab", "Tab"], expected: ["x", "b"]),
        FocusCase(name: "showWhen hides until the picker shows it", form: """
            {"fields": [{"id": "p", "type": "picker", "options": ["no", "yes"]},
             {"id": "w", "type": "text", "showWhen": {"field": "p", "in": ["yes"]}}, {"id": "z", "type": "text"}]}
            """, keys: ["Tab", "shift+Tab", "Down", "Tab"], expected: ["z", "p", "p", "w"]),
    ]

    @Test(arguments: cases)
    func focusAfterEachKey(_ c: FocusCase) throws {
        #expect(try focusTrail(makeForm(c.form), c.keys) == c.expected)
    }

    @Test func returnOnTheLastFieldSubmits() throws {
        let reports = try replay(makeForm(textFields(["a", "b"])), ["type:x", "Return", "type:y", "Return"])
        #expect(reports[1]["result"] == .null)
        #expect(reports[3]["result"] == .object([("status", .string("submitted")),
                                                 ("values", .object([("a", .string("x")), ("b", .string("y"))]))]))
    }

    /// A click on empty space keeps the focused field focused (the next keys go on where the
    /// person was typing); with nothing focused, it sets where the next Tab starts.
    @Test func clickOnEmptySpaceKeepsFocusOrSetsTheStartingPoint() throws {
        // Fields are 32 px high with an 18 px label above and 14 px between; the gap before "c" is empty.
        let form = try makeForm(textFields(["a", "b", "c", "d"]))
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        let c = try #require(session.controlFrame(of: "c"))
        let empty = "click:200,\(Int(c.minY) - 30)"
        #expect(try focusTrail(form, ["focus:a", empty, "Tab"]) == ["a", "a", "b"])
        #expect(try focusTrail(form, ["focus:a", "blur", empty, "Tab"]) == ["a", "-", "-", "c"])
    }
}
