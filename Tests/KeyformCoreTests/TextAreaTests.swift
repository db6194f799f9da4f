import KeyformCore
import Testing

/// What a person sees of a text area after some events: the lines drawn, where the caret is
/// (row and column on screen), and the selection `[anchor, caret]` in Characters.
struct TextAreaCase: CustomTestStringConvertible, Sendable {
    var events: [String]
    var lines: [String]
    var caret: (row: Int, column: Int)
    var selection: [Int]
    var testDescription: String { events.joined(separator: " ") }
}

/// The fixed-width stand-in draws 8 px a letter, so the 100 px area below fits 10 letters a line
/// (100 − 2 × 8 inset − 1 for the caret) and 4 lines (17 px each) in its 84 px.
@Suite("Text areas") struct TextAreaTests {
    static let frame = Rect(x: 20, y: 200, width: 100, height: 84)
    static let form = #"{"fields": [{"id": "a", "type": "textarea", "frame": {"x": 20, "y": 200, "width": 100, "height": 84}}, {"id": "b", "type": "text"}]}"#

    static let cases: [TextAreaCase] = [
        // A line breaks after the space before the word that does not fit; the space stays behind.
        TextAreaCase(events: ["type:aaaa bbbb cccc"], lines: ["aaaa bbbb ", "cccc"], caret: (1, 4), selection: [14, 14]),
        // A word wider than the line breaks between letters.
        TextAreaCase(events: ["type:abcdefghijklmn"], lines: ["abcdefghij", "klmn"], caret: (1, 4), selection: [14, 14]),
        // Return still breaks the line; an empty line takes its row.
        TextAreaCase(events: ["type:ab", "Return", "Return", "type:c"], lines: ["ab", "c"], caret: (2, 1), selection: [5, 5]),
        // An edit re-wraps: with the first word gone the rest fits one line.
        TextAreaCase(events: ["type:aaaa bbbb cccc", "ctrl+Home"] + Array(repeating: "Delete", count: 5),
                     lines: ["bbbb cccc"], caret: (0, 0), selection: [0, 0]),
        // Up and Down move by drawn lines, at the same x.
        TextAreaCase(events: ["type:aaaa bbbb cccc", "Up"], lines: ["aaaa bbbb ", "cccc"], caret: (0, 4), selection: [4, 4]),
        TextAreaCase(events: ["type:aaaa bbbb cccc", "ctrl+Home", "Right", "Down"], lines: ["aaaa bbbb ", "cccc"], caret: (1, 1), selection: [11, 11]),
        // Past the first line Up goes to the start, past the last Down to the end (GTK).
        TextAreaCase(events: ["type:aaaa bbbb cccc", "Up", "Up"], lines: ["aaaa bbbb ", "cccc"], caret: (0, 0), selection: [0, 0]),
        TextAreaCase(events: ["type:aaaa bbbb cccc", "ctrl+Home", "Down", "Down"], lines: ["aaaa bbbb ", "cccc"], caret: (1, 4), selection: [14, 14]),
        // Passing a short line keeps the x the run of Up/Down started from.
        TextAreaCase(events: ["type:abcdefgh", "Return", "type:x", "Return", "type:abcdefgh", "Up", "Up"],
                     lines: ["abcdefgh", "x", "abcdefgh"], caret: (0, 8), selection: [8, 8]),
        TextAreaCase(events: ["type:abcdefgh", "Return", "type:x", "Return", "type:abcdefgh", "Up", "Up", "Down"],
                     lines: ["abcdefgh", "x", "abcdefgh"], caret: (1, 1), selection: [10, 10]),
        // Shift extends by drawn lines.
        TextAreaCase(events: ["type:aaaa bbbb cccc", "shift+Up"], lines: ["aaaa bbbb ", "cccc"], caret: (0, 4), selection: [14, 4]),
        // Home and End go to the drawn line's ends; End stops before a soft break's space.
        TextAreaCase(events: ["type:aaaa bbbb cccc", "Home"], lines: ["aaaa bbbb ", "cccc"], caret: (1, 0), selection: [10, 10]),
        TextAreaCase(events: ["type:aaaa bbbb cccc", "ctrl+Home", "End"], lines: ["aaaa bbbb ", "cccc"], caret: (0, 9), selection: [9, 9]),
        TextAreaCase(events: ["type:aaaa bbbb cccc", "ctrl+Home", "End", "type:XY"], lines: ["aaaa ", "bbbbXY ", "cccc"], caret: (1, 6), selection: [11, 11]),
        // Left at the start of a line goes to the end of the one before, Right at the end of a
        // line to the start of the next, with Shift too; at the ends of the text they stop.
        TextAreaCase(events: ["type:ab", "Return", "type:cd", "Home", "Left"], lines: ["ab", "cd"], caret: (0, 2), selection: [2, 2]),
        TextAreaCase(events: ["type:ab", "Return", "type:cd", "ctrl+Home", "End", "Right"], lines: ["ab", "cd"], caret: (1, 0), selection: [3, 3]),
        TextAreaCase(events: ["type:ab", "Return", "type:cd", "Home", "shift+Left"], lines: ["ab", "cd"], caret: (0, 2), selection: [3, 2]),
        TextAreaCase(events: ["type:ab", "Return", "type:cd", "ctrl+Home", "End", "shift+Right"], lines: ["ab", "cd"], caret: (1, 0), selection: [2, 3]),
        TextAreaCase(events: ["type:a", "Return", "Return", "type:b", "Home", "Left", "Left"], lines: ["a", "b"], caret: (0, 1), selection: [1, 1]),
        TextAreaCase(events: ["type:ab", "Return", "type:cd", "ctrl+Home", "Left"], lines: ["ab", "cd"], caret: (0, 0), selection: [0, 0]),
        TextAreaCase(events: ["type:ab", "Return", "type:cd", "Right"], lines: ["ab", "cd"], caret: (1, 2), selection: [5, 5]),
        // A click lands on the line under it; right of a wrapped line, before its trailing space.
        TextAreaCase(events: ["type:aaaa bbbb cccc", "click:44,230"], lines: ["aaaa bbbb ", "cccc"], caret: (1, 2), selection: [12, 12]),
        TextAreaCase(events: ["type:aaaa bbbb cccc", "click:117,210"], lines: ["aaaa bbbb ", "cccc"], caret: (0, 9), selection: [9, 9]),
    ]

    @Test(arguments: cases)
    func wrapping(_ c: TextAreaCase) throws {
        let (session, reports) = try run(Self.form, ["focus:a"] + c.events)
        #expect(drawnLines(session, in: Self.frame) == c.lines)
        let caret = try #require(caretRect(session))
        #expect(Int((caret.minY - (Self.frame.minY + 8)) / 17) == c.caret.row)
        #expect(Int((caret.minX - (Self.frame.minX + 8)) / 8) == c.caret.column)
        #expect(reports.last?["selection"] == .array(c.selection.map { .number(Double($0)) }))
    }

    /// Past its rows the text scrolls inside the area, and the caret stays in view.
    @Test func moreLinesThanRowsScrollInside() throws {
        let (session, _) = try run(Self.form, ["focus:a", "type:1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"])
        let caret = try #require(caretRect(session))
        #expect(caret.minY >= Self.frame.minY && caret.maxY <= Self.frame.maxY)
        #expect(drawnLines(session, in: Self.frame).suffix(2) == ["17 18 19 ", "20"])
        let (top, _) = try run(Self.form, ["focus:a", "type:1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20", "ctrl+Home"])
        #expect(drawnLines(top, in: Self.frame).first == "1 2 3 4 5 ")
    }

    /// The wheel over a text area with hidden lines scrolls them, up to the last; the form
    /// scrolls only past that end.
    @Test func theWheelOverATextAreaScrollsItsLines() throws {
        let typed = "type:1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"
        let (session, reports) = try run(Self.form, ["focus:a", typed, "ctrl+Home", "click:60,210", "wheel:17", "wheel:1000", "wheel:10"])
        #expect(drawnLines(session, in: Self.frame).first == "11 12 13 ")
        #expect(reports.map { $0["handled"] }.suffix(3) == [.bool(true), .bool(true), .bool(false)])
        #expect(reports.last?["scroll"]?["y"] == .number(0))
        let (once, _) = try run(Self.form, ["focus:a", typed, "ctrl+Home", "click:60,210", "wheel:17"])
        #expect(drawnLines(once, in: Self.frame).first == "6 7 8 9 10 ")
    }

    /// A text area that takes focus other than by a click gets the caret at the end of its text
    /// and selects nothing (GTK's text view, Qt's text edit), so the first key adds to the text;
    /// only one-line fields select everything on Tab.
    @Test(arguments: [
        (["wait:0"], "notes", "one\ntwo", [7, 7]),  // on open, as the first field
        (["type:!"], "notes", "one\ntwo!", [8, 8]),
        (["Tab"], "name", "Ada", [0, 3]),
        (["Tab", "Tab"], "notes", "one\ntwo", [7, 7]),
        (["Tab", "shift+Tab"], "notes", "one\ntwo", [7, 7]),
        (["Tab", "alt+o"], "notes", "one\ntwo", [7, 7]),
        (["Tab", "ctrl+n"], "notes", "one\ntwo", [7, 7]),
        (["Tab", "focus:notes"], "notes", "one\ntwo", [7, 7]),
        (["Up", "Tab", "shift+Tab"], "notes", "one\ntwo", [7, 7]),
    ])
    func focusPutsTheCaretAtTheEndOfATextArea(_ events: [String], _ focus: String, _ text: String, _ selection: [Int]) throws {
        let form = #"""
            {"fields": [{"id": "notes", "type": "textarea", "label": "N_otes", "value": "one\ntwo"},
                        {"id": "name", "type": "text", "value": "Ada"}],
             "commands": [{"key": "ctrl+n", "action": "focus:notes"}]}
            """#
        let last = try #require(try replay(makeForm(form), events).last)
        #expect(last["focus"] == .string(focus))
        #expect(last["text"] == .string(text))
        #expect(last["selection"] == .array(selection.map { .number(Double($0)) }))
    }

    /// With more lines than it shows, the area focused on open scrolls its lines to the caret.
    @Test func theCaretAtTheEndIsScrolledIntoView() throws {
        let form = #"{"fields": [{"id": "a", "type": "textarea", "value": "1\n2\n3\n4\n5\n6", "frame": {"x": 20, "y": 200, "width": 100, "height": 84}}]}"#
        let (session, _) = try run(form, ["wait:0"])
        #expect(drawnLines(session, in: Self.frame).last == "6")
        let caret = try #require(caretRect(session))
        #expect(caret.minY >= Self.frame.minY && caret.maxY <= Self.frame.maxY)
    }

    /// `rows` sets the height; with `maxRows` the area grows with its text, then scrolls, and
    /// the fields below move with it.
    @Test func anAreaGrowsFromRowsToMaxRows() throws {
        let form = #"{"fields": [{"id": "a", "type": "textarea", "rows": 2, "maxRows": 3}, {"id": "b", "type": "text"}]}"#
        let session = FormSession(form: try makeForm(form), measurer: FixedWidthMeasurer())
        var runner = ReplayRunner(session: session, keys: TestKeys())
        let area = try #require(session.controlFrame(of: "a")), below = try #require(session.controlFrame(of: "b"))
        #expect(area.height == 2 * 17 + 16)
        let steps: [([String], rows: Int)] = [
            (["focus:a", "type:x", "Return", "type:y"], 2), (["Return", "type:z"], 3), (["Return", "type:w"], 3),
            (["BackSpace", "BackSpace", "BackSpace", "BackSpace"], 2),
        ]
        for (events, rows) in steps {
            for event in events { _ = try runner.run(try ReplayEvent(parsing: event)) }
            #expect(session.controlFrame(of: "a")?.height == Double(rows) * 17 + 16, "after \(events)")
            #expect(session.controlFrame(of: "b")?.minY == below.minY + Double(rows - 2) * 17, "after \(events)")
        }
    }

    /// Each paragraph is aligned by its own direction: a Hebrew one at the right edge of a
    /// left-to-right form, an English one at the left, one with no letters by the form's.
    @Test func paragraphsAlignByTheirFirstStrongLetter() throws {
        let (session, _) = try run(Self.form, ["focus:a", "type:שלום, abc", "Return", "type:abc שלום", "Return", "type:123"])
        let origins = session.displayList(in: Rect(x: 0, y: 0, width: 520, height: 420)).items.compactMap { item -> Double? in
            guard case .text(let run) = item, Self.frame.contains(run.origin) else { return nil }
            return run.origin.x
        }
        let right = Self.frame.maxX - 8
        #expect(origins == [right - 9 * 8, Self.frame.minX + 8, Self.frame.minX + 8])
    }

    @Test(arguments: [
        ("שלום", Direction.rtl), ("abc", .ltr), ("123 שלום abc", .rtl), ("«abc» שלום", .ltr), ("مرحبا", .rtl),
        ("\u{5B0}abc", .ltr), ("日本", .ltr), ("123 ...", nil), ("", nil),
        ("@[`{ שלום", .rtl), ("1 Z", .ltr), ("1 a", .ltr), ("~ é", .ltr),
    ])
    func firstStrongLetterDecides(_ text: String, _ direction: Direction?) {
        #expect(Direction(firstStrongIn: text) == direction)
    }

    private func run(_ json: String, _ events: [String]) throws -> (FormSession, [JSONValue]) {
        let session = FormSession(form: try makeForm(json), measurer: FixedWidthMeasurer())
        var runner = ReplayRunner(session: session, keys: TestKeys())
        let reports = try events.map { line in runner.report(event: line, handled: try runner.run(try ReplayEvent(parsing: line))) }
        return (session, reports)
    }

    /// The text runs drawn inside `frame`, top to bottom.
    private func drawnLines(_ session: FormSession, in frame: Rect) -> [String] {
        session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items.compactMap {
            guard case .text(let run) = $0, frame.contains(run.origin) else { return nil }
            return run.text
        }
    }

    private func caretRect(_ session: FormSession) -> Rect? {
        session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items.lazy.compactMap {
            guard case .fill(let rect, Palette.light.text, _) = $0, rect.width == 1 else { return nil }
            return rect
        }.first
    }
}
