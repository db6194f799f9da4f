import KeyformCore
import Testing

/// Focus moving scrolls by the least amount that shows the field, with a margin.
@Suite("Scroll into view") struct ScrollIntoViewTests {
    /// Twelve text fields, 68 px apart, in a 400×300 window.
    static let form = textFields((1...12).map { "f\($0)" }, height: 300)

    func scrollY(_ report: JSONValue?) -> Double {
        if case .number(let y)? = report?["scroll"]?["y"] { return y }
        return -1
    }

    @Test func visibleFieldsNeverScroll() throws {
        let reports = try replay(makeForm(Self.form), ["Tab", "Tab", "shift+Tab"])
        #expect(reports.map(scrollY) == [0, 0, 0])
    }

    @Test func aFieldBelowScrollsJustIntoViewWithAMargin() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        try session.focus(id: "f6")
        let frame = try #require(session.controlFrame(of: "f6"))
        #expect(frame.maxY <= 300 - 12 + 0.5)
        #expect(frame.maxY >= 300 - 12 - 0.5)  // the least amount: flush with the margin
    }

    @Test func aFieldAboveScrollsJustEnoughToShowItsLabel() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        try session.focus(id: "f12")
        try session.focus(id: "f6")
        // The block (label 18 + gap 4, then the control) starts at the 12 px margin.
        let top = try #require(session.controlFrame(of: "f6")?.minY)
        #expect(abs(top - (12 + 22)) < 0.01, "control top \(top)")
        try session.focus(id: "f1")
        #expect(session.scrollOffset.y == 0)  // near the top, the title shows too
    }

    @Test func tabbingThroughALongFormKeepsEveryFocusedFieldOnScreen() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        var runner = ReplayRunner(session: session, keys: TestKeys())
        for _ in 0..<30 {
            _ = try runner.run(ReplayEvent.key(name: "Tab", modifiers: []))
            let frame = try #require(session.focusedID.flatMap(session.controlFrame(of:)))
            #expect(frame.minY >= 0 && frame.maxY <= 300, "\(session.focusedID ?? "-") at \(frame)")
        }
    }

    @Test func resizingKeepsTheFocusedFieldVisible() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        try session.focus(id: "f8")
        session.handle(InputEvent.resize(Size(width: 400, height: 120)))
        let frame = try #require(session.controlFrame(of: "f8"))
        #expect(frame.minY >= 0 && frame.maxY <= 120)
        session.handle(InputEvent.resize(Size(width: 400, height: 2000)))
        #expect(session.scrollOffset.y == 0)
    }

    @Test func losingWindowFocusKeepsTheFocusedField() throws {
        let reports = try replay(makeForm(Self.form), ["Tab", "Tab"])
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        try session.focus(id: "f3")
        session.handle(InputEvent.windowFocus(false))
        session.handle(InputEvent.windowFocus(true))
        #expect(session.focusedID == "f3")
        #expect(reports.last?["focus"] == .string("f3"))
    }

    @Test func pageDownScrollsWithoutMovingFocus() throws {
        let reports = try replay(makeForm(Self.form), ["Page_Down"])
        #expect(reports[0]["focus"] == .string("f1"))
        #expect(scrollY(reports[0]) > 200)
    }
}
