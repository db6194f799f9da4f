@testable import KeyformCore
import Testing

/// Every grapheme `width` px wide, lines `height` px high, changeable while a session uses it, as
/// the window's measurer is when the desktop's font changes.
final class ChangingMeasurer: TextMeasuring {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    func caretOffsets(_ text: String, font: Font) -> [Double] { (0...text.count).map { Double($0) * width } }
    func lineHeight(_ font: Font) -> Double { height }
}

/// `FormSession.measuresChanged`: after the measurer's text grows or shrinks, the session draws
/// exactly what a session started with the new measures draws (labels and text wrapped again,
/// chips placed again, fields moved), and keeps what was typed.
@Suite("Measures changed") struct MeasuresChangedTests {
    static let form = """
    {"title": "A title long enough to wrap when the letters are wide", "size": {"width": 360, "height": 400},
     "fields": [{"id": "name", "type": "text", "label": "A label long enough to wrap when the letters are wide"},
                {"id": "notes", "type": "textarea", "value": "Notes that wrap at one width of letters and again at another"},
                {"id": "tags", "type": "tokens", "value": ["first", "second", "third", "fourth"]}]}
    """

    @Test(arguments: [((7.0, 16.0), (11.0, 20.0)), ((11.0, 20.0), (6.0, 14.0)), ((8.0, 17.0), (8.0, 17.0))])
    func drawsAsASessionStartedWithTheNewMeasures(_ from: (Double, Double), _ to: (Double, Double)) throws {
        let form = try makeForm(Self.form)
        let measurer = ChangingMeasurer(width: from.0, height: from.1)
        let session = FormSession(form: form, measurer: measurer)
        _ = session.takeUpdate().repaints
        (measurer.width, measurer.height) = to
        session.measuresChanged()
        let fresh = FormSession(form: form, measurer: ChangingMeasurer(width: to.0, height: to.1))
        let window = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
        #expect(session.displayList(in: window).items == fresh.displayList(in: window).items)
        #expect(session.contentSize == fresh.contentSize)
        #expect(session.shownLabel(of: "name") == fresh.shownLabel(of: "name"))
        // All of it painted again.
        #expect(session.takeUpdate().repaints.contains { $0.union(window) == $0 })
    }

    /// What was typed before the change is still there, and focus stays where it was.
    @Test func keepsWhatWasTyped() throws {
        let measurer = ChangingMeasurer(width: 7, height: 16)
        let session = FormSession(form: try makeForm(Self.form), measurer: measurer)
        for character in "Ada" { session.handle(.keyPress(KeyPress(typing: character))) }
        (measurer.width, measurer.height) = (12, 21)
        session.measuresChanged()
        #expect(session.focusedID == "name")
        #expect(session.text(of: "name") == "Ada")
    }
}
