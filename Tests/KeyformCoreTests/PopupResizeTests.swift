import KeyformCore
import Testing

/// A list scrolled to its end, then the window made taller: more rows fit, and the list showed
/// rows past its last item (an index out of range in `PickerList.paint`, found by a behaviour
/// walk). After any resize the list shows whole items and still its highlighted one.
@Suite("An open list when the window is resized") struct PopupResizeTests {
    static let options = (1...20).map { "option \($0)" }
    static let optionsJSON = options.map { "\"\($0)\"" }.joined(separator: ",")
    static let picker = #"{"title": "t", "size": {"width": 400, "height": 150}, "fields": [{"id": "p", "type": "picker", "options": [\#(optionsJSON)]}]}"#
    static let tokens = #"{"title": "t", "size": {"width": 400, "height": 150}, "fields": [{"id": "t", "type": "tokens", "options": [\#(optionsJSON)]}]}"#

    struct Case: Sendable, CustomTestStringConvertible {
        let form: String
        let events: [String]
        let testDescription: String
    }

    static let cases = [
        Case(form: picker, events: ["Tab", "space", "End", "resize:400x600"], testDescription: "a picker's list at its end, taller"),
        Case(form: picker, events: ["Tab", "space", "End", "resize:400x600", "resize:400x120"], testDescription: "taller, then shorter"),
        Case(form: tokens, events: ["Tab", "type:o"] + Array(repeating: "Down", count: 19) + ["resize:400x600"],
             testDescription: "suggestions at their end, taller"),
    ]

    @Test(arguments: cases)
    func showsWholeItemsWithTheHighlightedOne(_ test: Case) throws {
        var runner = ReplayRunner(session: FormSession(form: try makeForm(test.form), measurer: FixedWidthMeasurer()), keys: TestKeys())
        for line in test.events { _ = try runner.run(try ReplayEvent(parsing: line)) }
        let session = runner.session
        let drawn = session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items
            .compactMap { item -> String? in if case .text(let run) = item { return run.text } else { return nil } }
        #expect(drawn.contains("option 20"), "the highlighted last item is shown: \(drawn)")
        #expect(runner.report(event: "", handled: true)["overlay"]?["highlighted"] == .string("option 20"))
    }
}
