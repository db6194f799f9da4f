import KeyformCore
import Testing

/// `FixedWidthMeasurer`, counting the calls that shape or wrap text: what a key costs in Pango.
final class CallCountingMeasurer: TextMeasuring {
    let inner = FixedWidthMeasurer()
    var lineStartsCalls = 0, caretOffsetsCalls = 0, visualNeighbourCalls = 0
    /// The texts wrapped since the last reset, in order.
    var wrapped: [String] = []
    func reset() { lineStartsCalls = 0; caretOffsetsCalls = 0; visualNeighbourCalls = 0; wrapped = [] }

    func caretOffsets(_ text: String, font: Font) -> [Double] { caretOffsetsCalls += 1; return inner.caretOffsets(text, font: font) }
    func lineHeight(_ font: Font) -> Double { inner.lineHeight(font) }
    func visualNeighbour(_ text: String, font: Font, of offset: Int, rightwards: Bool) -> VisualStep {
        visualNeighbourCalls += 1
        return inner.visualNeighbour(text, font: font, of: offset, rightwards: rightwards)
    }
    func lineStarts(_ text: String, font: Font, width: Double) -> [Int] {
        lineStartsCalls += 1
        wrapped.append(text)
        return inner.lineStarts(text, font: font, width: width)
    }
    func ellipsized(_ text: String, font: Font, width: Double) -> String { inner.ellipsized(text, font: font, width: width) }
}

/// One event after a setup, and the most measuring it may cost (key, then paint).
struct GeometryCountCase: CustomTestStringConvertible, Sendable {
    var name: String
    var form: String
    var setup: [String]
    var event: String
    /// At most this many calls for the event itself.
    var lineStarts: Int, caretOffsets: Int, visualNeighbour: Int
    /// At most this many for painting the window after it.
    var paintLineStarts: Int, paintCaretOffsets: Int
    var testDescription: String { name }
}

/// Text geometry (wrapping, caret rectangle, hit offsets) is computed once per change of text or
/// width, not per caller (issues #14, #22): typing a letter wraps only the changed paragraph once
/// (none at a paragraph's end whose last line keeps room for it, `KeptBreaksTests`),
/// moving the caret wraps nothing, and painting reuses what the key computed.
@Suite("Geometry call counts") struct GeometryCountTests {
    static let field = #"{"title": "t", "size": {"width": 400, "height": 600}, "fields": [{"id": "a", "type": "text"}]}"#
    static let area = #"{"title": "t", "size": {"width": 400, "height": 600}, "fields": [{"id": "a", "type": "textarea", "frame": {"x": 20, "y": 20, "width": 100, "height": 84}}]}"#
    static let growing = #"{"title": "t", "size": {"width": 400, "height": 600}, "fields": [{"id": "a", "type": "textarea", "rows": 2, "maxRows": 6}]}"#
    static let big = Array(repeating: "type:aaaa bbbb cccc", count: 200).joined(separator: "\nReturn\n").split(separator: "\n").map(String.init)
    static let few = ["type:aaaa bbbb cccc", "Return", "type:dddd eeee", "Return", "type:ffff", "ctrl+Home", "End"]

    static let cases: [GeometryCountCase] = [
        GeometryCountCase(name: "letter in a one-line field", form: field, setup: ["type:hello"], event: "x",
                          lineStarts: 0, caretOffsets: 1, visualNeighbour: 0, paintLineStarts: 0, paintCaretOffsets: 0),
        GeometryCountCase(name: "letter in a text area of a few lines", form: area, setup: few, event: "x",
                          lineStarts: 1, caretOffsets: 1, visualNeighbour: 0, paintLineStarts: 0, paintCaretOffsets: 0),
        GeometryCountCase(name: "letter in a growing text area", form: growing, setup: few, event: "x",
                          lineStarts: 0, caretOffsets: 1, visualNeighbour: 0, paintLineStarts: 0, paintCaretOffsets: 0),
        GeometryCountCase(name: "letter in a 200-paragraph text area", form: area, setup: big + ["ctrl+Home", "Down", "Down"], event: "x",
                          lineStarts: 1, caretOffsets: 1, visualNeighbour: 0, paintLineStarts: 0, paintCaretOffsets: 0),
        GeometryCountCase(name: "Left", form: area, setup: few, event: "Left",
                          lineStarts: 0, caretOffsets: 0, visualNeighbour: 1, paintLineStarts: 0, paintCaretOffsets: 0),
        GeometryCountCase(name: "Right", form: area, setup: few + ["Home"], event: "Right",
                          lineStarts: 0, caretOffsets: 0, visualNeighbour: 1, paintLineStarts: 0, paintCaretOffsets: 0),
        // Up on the first line goes to the start of the text: nothing to measure.
        GeometryCountCase(name: "Up on the first line", form: area, setup: few, event: "Up",
                          lineStarts: 0, caretOffsets: 0, visualNeighbour: 0, paintLineStarts: 0, paintCaretOffsets: 0),
        // Up and Down measure the line they go to, once; the caret's own line is measured already.
        GeometryCountCase(name: "Up", form: area, setup: few + ["ctrl+End"], event: "Up",
                          lineStarts: 0, caretOffsets: 1, visualNeighbour: 0, paintLineStarts: 0, paintCaretOffsets: 0),
        GeometryCountCase(name: "Down", form: area, setup: few + ["ctrl+Home"], event: "Down",
                          lineStarts: 0, caretOffsets: 1, visualNeighbour: 0, paintLineStarts: 0, paintCaretOffsets: 0),
    ]

    @Test(arguments: cases) func counts(_ test: GeometryCountCase) throws {
        let measurer = CallCountingMeasurer()
        let session = FormSession(form: try makeForm(test.form), measurer: measurer)
        var runner = ReplayRunner(session: session, keys: TestKeys())
        for line in ["Tab"] + test.setup { _ = try runner.run(try ReplayEvent(parsing: line)) }
        _ = session.displayList(in: Rect(x: 0, y: 0, width: 400, height: 600))
        _ = session.takeUpdate().repaints
        measurer.reset()
        _ = try runner.run(try ReplayEvent(parsing: test.event))
        let key = (measurer.lineStartsCalls, measurer.caretOffsetsCalls, measurer.visualNeighbourCalls)
        measurer.reset()
        for rect in session.takeUpdate().repaints { _ = session.displayList(in: rect) }
        let paint = (measurer.lineStartsCalls, measurer.caretOffsetsCalls)
        #expect(key.0 <= test.lineStarts, "lineStarts per key")
        #expect(key.1 <= test.caretOffsets, "caretOffsets per key")
        #expect(key.2 <= test.visualNeighbour, "visualNeighbour per key")
        #expect(paint.0 <= test.paintLineStarts, "lineStarts in the paint")
        #expect(paint.1 <= test.paintCaretOffsets, "caretOffsets in the paint")
    }
}
