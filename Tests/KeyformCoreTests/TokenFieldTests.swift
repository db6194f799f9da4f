import KeyformCore
import Testing

/// The token field against the cases well-known multi-select widgets get wrong.
@Suite("Token field") struct TokenFieldTests {
    static let form = #"{"fields": [{"id": "t", "type": "tokens", "value": ["a", "b", "c"], "options": ["Swift", "SwiftUI", "C", "X11"]}, {"id": "x", "type": "text"}]}"#

    func tokens(_ report: JSONValue?) -> [String] {
        guard case .array(let items)? = report?["values"]?["t"] else { return [] }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    /// Events, then the tokens expected after the last one.
    @Test(arguments: [
        (["BackSpace"], ["a", "b"]),
        (["BackSpace", "BackSpace", "BackSpace", "BackSpace"], []),
        (["type:d", "BackSpace"], ["a", "b", "c"]),                     // deleting the last letter never removes a token
        (["type:d", "BackSpace", "BackSpace"], ["a", "b"]),
        (["type:de", "Left", "Left", "BackSpace"], ["a", "b", "c", "de"]),  // caret at 0 with text: no removal
        (["type:d", "shift+Left", "BackSpace"], ["a", "b", "c"]),       // a selection is deleted, not a token
        (["ctrl+BackSpace"], ["a", "b", "c"]),
        (["shift+BackSpace"], ["a", "b", "c"]),
        (["Left", "BackSpace"], ["a", "b"]),                             // Left selects the last token
        (["Left", "Left", "Delete"], ["a", "c"]),
        (["Left", "Left", "Delete", "Delete"], ["a"]),                   // the next token took the selection
        (["Left", "Left", "Left", "Left", "BackSpace", "BackSpace"], ["c"]),
        (["Left", "Right", "BackSpace"], ["a", "b"]),                    // Right past the last goes back to the input
        (["type:zig", "Return"], ["a", "b", "c", "zig"]),
        (["type:x1", "Return"], ["a", "b", "c", "X11"]),                 // the first suggestion is highlighted
        (["type:d", "comma", "type:e", "comma"], ["a", "b", "c", "d", "e"]),
        (["type:a", "Return"], ["a", "b", "c"]),                         // no duplicates
        (["type:  ", "Return"], ["a", "b", "c"]),                        // blank text makes no token
        // BackSpace held: auto-repeat runs on past the input it emptied, which is no new decision.
        (["type:de", "BackSpace", "repeat:BackSpace", "repeat:BackSpace", "repeat:BackSpace"], ["a", "b", "c"]),
        (["BackSpace", "repeat:BackSpace", "repeat:BackSpace"], ["a", "b"]),  // the first press decides, once
        (["type:d", "BackSpace", "repeat:BackSpace", "BackSpace"], ["a", "b"]),  // let go and pressed again: a new press
        (["Left", "repeat:BackSpace"], ["a", "b"]),                      // a chosen token goes, held or not
        (["type:de", "BackSpace", "repeat:BackSpace", "repeat:BackSpace", "ctrl+z", "ctrl+z"], ["a", "b", "c"]),
    ] as [([String], [String])])
    func tokenEditing(events: [String], expected: [String]) throws {
        let reports = try replay(makeForm(Self.form), events)
        #expect(tokens(reports.last) == expected)
    }

    @Test func suggestionsFilterAsYouTypeAndReturnChooses() throws {
        let reports = try replay(makeForm(Self.form), ["type:sw", "Down", "Return", "type:x"])
        #expect(reports[0]["overlay"] == .object([("kind", .string("suggestions")),
                                                 ("items", .array([.string("Swift"), .string("SwiftUI")])),
                                                 ("highlighted", .string("Swift"))]))
        #expect(reports[1]["overlay"]?["highlighted"] == .string("SwiftUI"))
        #expect(reports[2]["overlay"] == .null)
        #expect(tokens(reports[2]) == ["a", "b", "c", "SwiftUI"])
        #expect(reports[3]["overlay"]?["items"] == .array([.string("X11")]))
    }

    @Test func escapeClosesSuggestionsAndKeepsTheText() throws {
        let reports = try replay(makeForm(Self.form), ["type:sw", "Escape", "Return"])
        #expect(reports[1]["overlay"] == .null)
        #expect(reports[1]["text"] == .string("sw"))
        #expect(tokens(reports[2]) == ["a", "b", "c", "sw"])
    }

    @Test func clickingAChipsCrossRemovesIt() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        let frame = try #require(session.controlFrame(of: "t"))
        // Chips start 8 px in; "a" is 8 px of text + 2×8 padding + 16 for ✕ = 40 wide, then a 4 px gap.
        let crossOfB = "click:\(Int(frame.minX) + 8 + 44 + 30),\(Int(frame.midY))"
        let reports = try replay(makeForm(Self.form), [crossOfB])
        #expect(tokens(reports[0]) == ["a", "c"])
        #expect(reports[0]["focus"] == .string("t"))
    }
}

@Suite("Picker type-ahead") struct PickerTypeAheadTests {
    static let form = #"{"fields": [{"id": "p", "type": "picker", "options": ["Apple", "Banana", "Blueberry", "Cherry"]}]}"#

    @Test(arguments: [
        (["type:b"], "Banana"),
        (["type:bl"], "Blueberry"),
        (["type:b", "wait:1500", "type:c"], "Cherry"),
        (["space", "type:ch", "Return"], "Cherry"),
        (["type:z"], "Apple"),
    ] as [([String], String)])
    func typingJumps(events: [String], expected: String) throws {
        let reports = try replay(makeForm(Self.form), events)
        #expect(reports.last?["values"]?["p"] == .string(expected))
    }
}
