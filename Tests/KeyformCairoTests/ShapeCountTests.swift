@testable import KeyformCairo
import KeyformCore
import Testing

/// A key shapes its new text once, between measuring it (caret offsets, wrapping) and drawing
/// it (issue #22: typing a letter shaped the new string twice, to measure and then to draw).
/// Counted at Pango's door: every text set on a layout, by the measurer or the renderer, while a
/// letter is typed and the window painted after it. A text area's paragraph that wraps keeps its
/// breaks while the letters typed at its end fit its last line, so that line alone is shaped
/// (`KeptBreaksTests`); a key that breaks the line again shapes the paragraph to wrap it too.
@Suite("Shape counts") struct ShapeCountTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var field: String
        var typed: String
        var testDescription: String { name }
    }

    /// The text typed before holds the letter typed, so that measuring the letter's own advance
    /// (once per font, for telling that a short line fits) is done before counting.
    static let cases = [
        Case(name: "a one-line field", field: #"{"id": "a", "type": "text"}"#, typed: "quiet"),
        Case(name: "a one-line field, long text", field: #"{"id": "a", "type": "text"}"#,
             typed: String(repeating: "quite many words ", count: 40)),
        Case(name: "a text area, one short line", field: #"{"id": "a", "type": "textarea"}"#, typed: "quiet"),
        Case(name: "a text area, the last of many lines", field: #"{"id": "a", "type": "textarea"}"#,
             typed: String(repeating: "quite a line\n", count: 200) + "and the last"),
        Case(name: "a text area, the end of a paragraph of many lines", field: #"{"id": "a", "type": "textarea"}"#,
             typed: String(repeating: "quite many words ", count: 20) + "and the last"),
    ]

    @Test(arguments: cases) func aKeyShapesItsNewTextOnce(_ test: Case) throws {
        let form = try FormFile.parse(#"{"title": "t", "size": {"width": 400, "height": 300}, "fields": [\#(test.field)]}"#,
                                      fileName: "shapes.json")
        let measurer = PangoTextMeasurer()
        let session = FormSession(form: form, measurer: measurer)
        let window = Rect(x: 0, y: 0, width: 400, height: 300)
        let surface = CairoSurface.image(width: 400, height: 300)
        let renderer = CairoRenderer(layouts: measurer.layouts)
        func paint() {
            let context = CairoContext(surface)
            for rect in session.takeUpdate().repaints { renderer.render(session.displayList(in: rect), in: context, clip: rect) }
        }
        session.handle(.paste(test.typed))
        _ = session.takeUpdate().repaints
        renderer.render(session.displayList(in: window), in: CairoContext(surface), clip: window)
        let counter = ShapeCounter()
        measurer.shapeCounter = counter
        session.handle(.keyPress(KeyPress(key: Key(0x71), text: "q")))
        paint()
        // The field's new text, nothing else: labels and the rest are drawn from what was shaped.
        #expect(counter.counts.values.reduce(0, +) == 1, "texts shaped, and how often: \(counter.counts)")
    }

    /// Opening a form wraps every label: a short Latin, Greek or Cyrillic one is told to fit from
    /// its letters' advances, read from the font, so nothing is shaped, not even the letters one
    /// by one (which was a third of a small form's start-up).
    @Test func aShortLabelFitsWithoutShapingAnything() {
        let measurer = PangoTextMeasurer()
        let counter = ShapeCounter()
        measurer.shapeCounter = counter
        for label in ["Field 1", "Name", "Ελληνικά", "Кириллица", "Ünïcödé", "Field 2"] {
            #expect(measurer.lineStarts(label, font: Font(size: 14), width: 400) == [0])
        }
        #expect(counter.counts.isEmpty, "texts shaped: \(counter.counts)")
    }
}
