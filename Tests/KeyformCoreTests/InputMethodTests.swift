import KeyformCore
import Testing

/// An input method's composition (ibus, fcitx5, uim): what it shows is drawn at the caret and
/// reported, its keys are its own (docs/architecture.md › Behaviour, the token rule), a commit is
/// one undo step, and a click or a focus change commits what is shown, as GTK does.
@Suite("Input methods") struct InputMethodTests {
    static let form = #"""
    {"returnKey": "nextThenSubmit", "size": {"width": 400, "height": 600},
     "fields": [{"id": "a", "type": "text", "label": "A"},
                {"id": "t", "type": "tokens", "label": "T", "value": ["x", "y"]},
                {"id": "n", "type": "textarea", "label": "N", "maxRows": 8},
                {"id": "p", "type": "password", "label": "P"},
                {"id": "r", "type": "text", "label": "R", "value": "fixed", "readOnly": true},
                {"id": "go", "type": "button", "label": "Go", "action": "submit"}]}
    """#

    func session(_ events: [String], form: String = Self.form) throws -> (FormSession, JSONValue) {
        var runner = ReplayRunner(session: FormSession(form: try makeForm(form), measurer: FixedWidthMeasurer()), keys: TestKeys())
        var report = JSONValue.null
        for event in events {
            let handled = try runner.run(try ReplayEvent(parsing: event))
            report = runner.report(event: event, handled: handled)
        }
        return (runner.session, report)
    }

    @Test func thePreeditIsShownAndReportedWithoutChangingTheValue() throws {
        let (session, report) = try session(["type:ab", "preedit:한"])
        #expect(report["preedit"] == .string("한"))
        #expect(report["text"] == .string("ab"))
        #expect(report["selection"] == .array([.number(2), .number(2)]))
        #expect(report["values"]?["a"] == .string("ab"))
        let runs = Self.texts(session).filter { $0.text == "ab한" }
        #expect(runs.count == 1)
        let field = try #require(session.controlFrame(of: "a"))
        #expect(Self.underlines(session, in: field).map(\.minX) == [field.minX + 8 + 2 * 8 + 1])
    }

    /// Not composing: the report has no preedit (read as null), so every existing report stays as it was.
    @Test func noPreeditIsReportedWhenNothingComposes() throws {
        let (_, report) = try session(["type:ab"])
        #expect(report["preedit"] == nil)
        let (_, ended) = try session(["type:ab", "preedit:한", "preedit:"])
        #expect(ended["preedit"] == nil)
        #expect(ended["text"] == .string("ab"))
    }

    /// The input method's caret is drawn inside the composition, and the candidate window's spot
    /// follows it: 8 px a grapheme from the text's left edge.
    @Test(arguments: [(nil, 4), (0, 2), (1, 3), (2, 4)] as [(Int?, Int)])
    func theCaretIsInsideThePreedit(caret: Int?, column: Int) throws {
        let event = "preedit:한글" + (caret.map { ":\($0)" } ?? "")
        let (session, _) = try session(["type:ab", event])
        let field = try #require(session.controlFrame(of: "a"))
        let spot = try #require(session.inputMethodSpot)
        #expect(spot.minX == field.minX + 8 + Double(column) * 8)
        let caretBar = Self.fills(session).filter { $0.width == 1 && $0.minY >= field.minY && $0.maxY <= field.maxY }
        #expect(caretBar.map(\.minX) == [spot.minX])
        #expect(Self.underlines(session, in: field) == [Rect(x: field.minX + 8 + 2 * 8 + 1, y: spot.maxY - 2, width: 14, height: 1)])
    }

    @Test func theSpotFollowsTheScroll() throws {
        let (session, _) = try session(["focus:n", "preedit:한", "resize:400x150"])
        let before = try #require(session.inputMethodSpot), offset = session.scrollOffset.y
        session.handle(.scroll(dx: 0, dy: 30))
        let after = try #require(session.inputMethodSpot)
        #expect(session.scrollOffset.y > offset)
        #expect(after.minY == before.minY - (session.scrollOffset.y - offset))
    }

    @Test func aHighlightedSegmentIsFilledBehindItsLetters() throws {
        let (session, _) = try session(["type:ab"])
        session.handle(.preedit("你好吗", caret: 3, segments: [PreeditSegment(0..<1), PreeditSegment(1..<3, converted: true)]))
        let field = try #require(session.controlFrame(of: "a"))
        let highlight = Self.fills(session).filter { $0.width == 16 && $0.minY >= field.minY && $0.maxY <= field.maxY }
        #expect(highlight.map(\.minX) == [field.minX + 8 + 3 * 8])
    }

    /// Each segment an input method names is underlined on its own, with a gap between
    /// neighbours, the one being converted twice as thick (x from the composition's start at
    /// 8 + 2 × 8 px, 8 px a Character; the line's bottom at 17 px).
    @Test(arguments: [
        ([], [(1, 22, 1)]),
        ([PreeditSegment(0..<3)], [(1, 22, 1)]),
        ([PreeditSegment(0..<1, converted: true), PreeditSegment(1..<3)], [(1, 6, 2), (9, 14, 1)]),
        ([PreeditSegment(0..<1), PreeditSegment(1..<2, converted: true), PreeditSegment(2..<3)], [(1, 6, 1), (9, 6, 2), (17, 6, 1)]),
        // Outside the text: clamped, and what is left of it dropped.
        ([PreeditSegment(0..<2), PreeditSegment(2..<9, converted: true), PreeditSegment(5..<7)], [(1, 14, 1), (17, 6, 2)]),
    ] as [([PreeditSegment], [(x: Double, width: Double, height: Double)])])
    func eachSegmentIsUnderlinedOnItsOwn(segments: [PreeditSegment], rules: [(x: Double, width: Double, height: Double)]) throws {
        let (session, _) = try session(["type:ab"])
        session.handle(.preedit("你好吗", segments: segments))
        let field = try #require(session.controlFrame(of: "a"))
        let start = field.minX + 8 + 2 * 8, bottom = try #require(session.inputMethodSpot).maxY - 1
        let drawn = Self.underlines(session, in: field)
        #expect(drawn == rules.map { Rect(x: start + $0.x, y: bottom - $0.height, width: $0.width, height: $0.height) })
    }

    @Test func aCommitInsertsAsOneUndoStep() throws {
        let (_, committed) = try session(["type:ab", "preedit:한", "commit:한"])
        #expect(committed["text"] == .string("ab한"))
        #expect(committed["preedit"] == nil)
        #expect(committed["selection"] == .array([.number(3), .number(3)]))
        // Not joined to the typing before it, nor to the commit after it.
        let (_, undone) = try session(["type:ab", "preedit:한", "commit:한", "ctrl+z"])
        #expect(undone["text"] == .string("ab"))
        let (_, undoneOnce) = try session(["commit:한", "preedit:ㄱ", "commit:글", "ctrl+z"])
        #expect(undoneOnce["text"] == .string("한"))
        let (_, phrase) = try session(["commit:你好", "type:x", "ctrl+z"])
        #expect(phrase["text"] == .string("你好"))
    }

    @Test func aCommitReplacesTheSelection() throws {
        let (_, report) = try session(["type:hello", "ctrl+a", "preedit:世", "commit:世界"])
        #expect(report["text"] == .string("世界"))
    }

    /// While the input method composes, no key acts on the form: no advancing, no submitting
    /// (the one-field form submits on Return), no cancelling, no caret moved, nothing deleted.
    @Test(arguments: ["Return", "KP_Enter", "ctrl+Return", "BackSpace", "Delete", "Tab", "shift+Tab", "Escape",
                      "Left", "Right", "Up", "Down", "Home", "End", "Page_Down", "ctrl+a", "ctrl+z", "alt+g", "type:x"])
    func keysDuringACompositionAreTheInputMethods(key: String) throws {
        let form = #"{"returnKey": "nextThenSubmit", "fields": [{"id": "a", "type": "text", "label": "_A"}, {"id": "go", "type": "button", "label": "_Go", "action": "submit"}], "commands": [{"key": "ctrl+Return", "action": "submit"}]}"#
        let (session, report) = try session(["type:ab", "Left", "preedit:한", key], form: form)
        #expect(report["handled"] == .bool(true))
        #expect(session.result == nil)
        #expect(report["focus"] == .string("a"))
        #expect(report["text"] == .string("ab"))
        #expect(report["selection"] == .array([.number(1), .number(1)]))
        #expect(report["preedit"] == .string("한"))
    }

    /// The token rule holds for input methods: BackSpace edits the composition, never a token;
    /// Return makes no token.
    @Test(arguments: [["BackSpace"], ["BackSpace", "BackSpace"], ["Return"], ["Left", "BackSpace"], ["comma"]])
    func aCompositionInATokenFieldKeepsTheTokens(keys: [String]) throws {
        let (session, report) = try session(["focus:t", "preedit:ㅎ"] + keys)
        #expect(report["values"]?["t"] == .array([.string("x"), .string("y")]))
        #expect(session.preedit == "ㅎ")
    }

    /// Once the input method has ended its composition (its BackSpace emptied it), BackSpace on
    /// the empty input removes the last token as usual.
    @Test func afterTheCompositionEndsBackSpaceRemovesATokenAgain() throws {
        let (_, report) = try session(["focus:t", "preedit:ㅎ", "preedit:", "BackSpace"])
        #expect(report["values"]?["t"] == .array([.string("x")]))
    }

    /// A click anywhere, inside the field or out of it, ends the composition the way GTK does:
    /// what it shows is committed, and the platform is told to make the input method drop it. A
    /// click on empty space leaves the field focused.
    @Test(arguments: [("click:go", "go"), ("click:a", "a"), ("click:200,590", "a"), ("dblclick:a", "a")] as [(String, String?)])
    func aClickCommitsWhatIsShown(click: String, focus: String?) throws {
        let (session, _) = try session(["type:ab", "preedit:한"])
        _ = session.takeUpdate().requests
        var runner = ReplayRunner(session: session, keys: TestKeys())
        _ = try runner.run(try ReplayEvent(parsing: click))
        #expect(session.text(of: "a") == "ab한")
        #expect(session.preedit == "")
        #expect(session.focusedID == focus)
        #expect(runner.lastUpdate.requests.contains(.compositionEnded("한")))
    }

    @Test func clickingSubmitDuringACompositionSubmitsWhatWasShown() throws {
        let (session, _) = try session(["type:ab", "preedit:한", "click:go"])
        #expect(session.result?.submittedValue("a") == .string("ab한"))
    }

    /// Focus leaving the field any way but a key (the keys are the composition's) commits what is
    /// shown into the field it was typed in.
    @Test(arguments: ["focus:t", "blur", "hide:a", "disable:a"])
    func focusLeavingCommitsIntoTheOldField(event: String) throws {
        let (session, report) = try session(["type:ab", "preedit:한", event])
        #expect(session.text(of: "a") == "ab한")
        #expect(session.preedit == "")
        #expect(report["values"]?["t"] == .array([.string("x"), .string("y")]))
    }

    /// The window losing focus is told to the input method, which keeps or commits the
    /// composition as its framework does; the form does not commit it by itself.
    @Test func theWindowLosingFocusLeavesTheCompositionToTheInputMethod() throws {
        let (session, _) = try session(["type:ab", "preedit:한"])
        session.handle(.windowFocus(false))
        #expect(session.preedit == "한")
        #expect(session.text(of: "a") == "ab")
        session.handle(.commit("한"))
        #expect(session.text(of: "a") == "ab한")
    }

    /// A password or read-only field takes no composition (the window sends it no keys through
    /// the input method either, as GTK's password entries do); a commit still types.
    @Test(arguments: ["p", "r"])
    func maskedAndReadOnlyFieldsTakeNoComposition(id: String) throws {
        let (session, report) = try session(["focus:\(id)", "preedit:한"])
        #expect(report["handled"] == .bool(false))
        #expect(session.preedit == "")
        #expect(session.inputMethodSpot == nil)
    }

    @Test func nothingEditedTakesNoComposition() throws {
        let (session, report) = try session(["focus:go", "preedit:한", "commit:한"])
        #expect(report["handled"] == .bool(false))
        #expect(session.inputMethodSpot == nil)
        #expect(session.values["a"] == .string(""))
    }

    @Test func aCommitKeepsTheFieldsLimit() throws {
        let form = #"{"fields": [{"id": "z", "type": "text", "maxLength": 3}]}"#
        let (_, report) = try session(["type:ab", "commit:한글"], form: form)
        #expect(report["text"] == .string("ab한"))
    }

    /// A composition in a text area takes the room it needs: the area grows while it is shown.
    @Test func aLongCompositionInATextAreaWrapsAndTheAreaGrows() throws {
        let (session, _) = try session(["focus:n"])
        let before = try #require(session.controlFrame(of: "n"))
        session.handle(.preedit(String(repeating: "가", count: 300)))
        let during = try #require(session.controlFrame(of: "n"))
        #expect(during.height > before.height)
        session.handle(.preedit(""))
        #expect(session.controlFrame(of: "n") == before)
    }

    static func texts(_ session: FormSession) -> [TextRun] {
        session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items
            .compactMap { if case .text(let run) = $0 { run } else { nil } }
    }

    /// The composition's underlines inside `field`: fills no more than 2 px high.
    static func underlines(_ session: FormSession, in field: Rect) -> [Rect] {
        fills(session).filter { $0.height <= 2 && $0.minX >= field.minX && $0.maxX <= field.maxX && $0.minY >= field.minY && $0.maxY <= field.maxY }
    }

    static func fills(_ session: FormSession) -> [Rect] {
        session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items
            .compactMap { if case .fill(let rect, _, _) = $0 { rect } else { nil } }
    }
}

@Suite("Parsing input-method events") struct InputMethodEventTests {
    @Test(arguments: [
        ("preedit:한", ReplayEvent.preedit("한", caret: nil)),
        ("preedit:한글:1", .preedit("한글", caret: 1)),
        ("preedit:한글:0", .preedit("한글", caret: 0)),
        ("preedit:a:b", .preedit("a:b", caret: nil)),
        ("preedit:12:30:2", .preedit("12:30", caret: 2)),
        ("preedit:", .preedit("", caret: nil)),
        ("commit:你好", .commit("你好")),
        ("commit:a:1", .commit("a:1")),
    ])
    func parses(line: String, expected: ReplayEvent) throws {
        #expect(try ReplayEvent(parsing: line) == expected)
    }

    @Test(arguments: ["preedit:한글:3", "preedit::1"])
    func aCaretOutsideThePreeditIsAnError(line: String) throws {
        #expect(throws: ReplayError.self) { try ReplayEvent(parsing: line) }
    }
}

extension FormResult {
    func submittedValue(_ id: String) -> JSONValue? {
        if case .submitted(let values) = self { return values[id] }
        return nil
    }
}
