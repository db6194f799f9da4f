import KeyformCore
import Testing

/// Undo and redo, grouped the way GTK groups them: by typing runs that a new word starts, by
/// runs of Backspace, and one step for anything else (a paste, a token, typing over a selection).
@Suite("Undo and redo") struct UndoTests {
    static let form = #"{"fields": [{"id": "f", "type": "text"}, {"id": "g", "type": "text"}, {"id": "t", "type": "tokens"}]}"#

    /// Text and selection after each event.
    struct UndoCase: CustomTestStringConvertible, Sendable {
        var events: [String]
        var text: String
        var selection: [Int]
        var testDescription: String { events.joined(separator: " ") }
    }

    static let cases: [UndoCase] = [
        UndoCase(events: ["type:hello world", "ctrl+z"], text: "hello", selection: [5, 5]),
        UndoCase(events: ["type:hello world", "ctrl+z", "ctrl+z"], text: "", selection: [0, 0]),
        UndoCase(events: ["type:hello world", "ctrl+z", "ctrl+z", "ctrl+shift+z"], text: "hello", selection: [5, 5]),
        UndoCase(events: ["type:hello world", "ctrl+z", "ctrl+z", "ctrl+y", "ctrl+y"], text: "hello world", selection: [11, 11]),
        UndoCase(events: ["type:a  b", "ctrl+z"], text: "a", selection: [1, 1]),  // spaces in a row stay together
        UndoCase(events: ["type:abc", "Left", "type:x", "ctrl+z"], text: "abc", selection: [2, 2]),  // a moved caret ends the run
        UndoCase(events: ["type:abcd", "BackSpace", "BackSpace", "ctrl+z"], text: "abcd", selection: [4, 4]),
        UndoCase(events: ["type:abcd", "Home", "Delete", "Delete", "ctrl+z"], text: "abcd", selection: [0, 0]),
        UndoCase(events: ["type:abcd", "BackSpace", "type:x", "ctrl+z"], text: "abc", selection: [3, 3]),
        UndoCase(events: ["type:hello", "ctrl+a", "type:xyz", "ctrl+z"], text: "hello", selection: [0, 5]),
        UndoCase(events: ["type:ab", "paste:cd", "type:e", "ctrl+z"], text: "abcd", selection: [4, 4]),
        UndoCase(events: ["type:ab", "paste:cd", "type:e", "ctrl+z", "ctrl+z"], text: "ab", selection: [2, 2]),
        UndoCase(events: ["type:one two", "ctrl+BackSpace", "ctrl+z"], text: "one two", selection: [7, 7]),
        UndoCase(events: ["type:ab", "ctrl+z", "type:c", "ctrl+y"], text: "c", selection: [1, 1]),  // a new edit drops redo
    ]

    @Test(arguments: cases)
    func undoing(_ c: UndoCase) throws {
        let last = try #require(try replay(makeForm(Self.form), ["focus:f"] + c.events).last)
        #expect(last["text"] == .string(c.text))
        #expect(last["selection"] == .array(c.selection.map { .number(Double($0)) }))
    }

    @Test func eachFieldHasItsOwnHistory() throws {
        let reports = try replay(makeForm(Self.form), ["focus:f", "type:one", "focus:g", "type:two", "ctrl+z", "ctrl+z"])
        #expect(reports[4]["values"]?["g"] == .string(""))
        #expect(reports[4]["values"]?["f"] == .string("one"))
        #expect(reports[5]["handled"] == .bool(false))  // nothing more to undo in g
    }

    @Test func tokensMadeAndRemovedAreUndoable() throws {
        let reports = try replay(makeForm(Self.form), [
            "focus:t", "type:swift", "Return", "type:c", "Return", "BackSpace", "ctrl+z", "ctrl+z", "ctrl+z",
        ])
        let tokens = reports.map { $0["values"]?["t"] }
        #expect(tokens[5] == .array([.string("swift")]))  // Backspace removed "c"
        #expect(tokens[6] == .array([.string("swift"), .string("c")]))
        // Making the token is undone: the text is back in the input (and, typed, in the value).
        #expect(reports[7]["text"] == .string("c"))
        #expect(tokens[7] == .array([.string("swift"), .string("c")]))
        #expect(reports[8]["text"] == .string(""))
        #expect(tokens[8] == .array([.string("swift")]))
    }

    @Test func undoWithNothingToUndoGoesOnAlongTheChain() throws {
        let form = try makeForm(#"{"fields": [{"id": "f", "type": "text"}], "commands": [{"key": "ctrl+z", "action": "cancel"}]}"#)
        let reports = try replay(form, ["type:a", "ctrl+z", "ctrl+z"])
        #expect(reports[1]["text"] == .string(""))
        #expect(reports[2]["result"]?["status"] == .string("cancelled"))
    }
}
