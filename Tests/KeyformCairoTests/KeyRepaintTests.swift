@testable import KeyformCairo
import KeyformCore
import Testing

/// At 1× the core puts the rectangles a key repaints on whole pixels (the renderer snaps only at
/// other scales): a caret or a selection band starting at a half pixel is blurred at its ends, and
/// Cairo sends the X server a trapezoid to rasterize for it on every key where a rectangle on
/// whole pixels is a plain fill (issue #22: a text field's caret sat at y + 0.5).
/// Measured with Pango, whose line height decides where a line is centred.
@Suite("Pixel grid") struct PixelGridTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var field: String
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "a text field", field: #"{"id": "a", "type": "text"}"#),
        Case(name: "a password field", field: #"{"id": "a", "type": "password"}"#),
        Case(name: "a date field", field: #"{"id": "a", "type": "date"}"#),
        Case(name: "a token field", field: #"{"id": "a", "type": "tokens", "value": ["one"]}"#),
        Case(name: "a text area", field: #"{"id": "a", "type": "textarea"}"#),
    ]

    /// Every fill and clip of the repaint after a letter, and after a selection, has whole-pixel edges.
    @Test(arguments: cases) func aKeyRepaintsOnWholePixels(_ test: Case) throws {
        let form = try FormFile.parse(#"{"title": "t", "size": {"width": 400, "height": 300}, "fields": [\#(test.field)]}"#,
                                      fileName: "grid.json")
        let session = FormSession(form: form, measurer: PangoTextMeasurer())
        _ = session.takeDirtyRects()
        for (step, event) in [("a letter", InputEvent.keyPress(KeyPress(key: Key(0x37), text: "7"))),
                              ("a selection", .keyPress(KeyPress(key: .left, modifiers: .shift)))] {
            session.handle(event)
            let dirty = session.takeDirtyRects()
            #expect(!dirty.isEmpty, "\(step) repainted nothing")
            for rect in dirty {
                let list = session.displayList(in: rect)
                #expect(list.items.contains { if case .fill(_, _, radius: 0) = $0 { true } else { false } })
                for item in list.items {
                    switch item {
                    case let .fill(shape, _, radius: 0), let .pushClip(shape):
                        #expect(shape == shape.integral, "after \(step): \(item) is not on whole pixels")
                    default:
                        break
                    }
                }
            }
        }
    }
}
