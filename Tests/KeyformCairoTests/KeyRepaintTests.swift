@testable import KeyformCairo
import KeyformCore
import Testing

/// What a key in a text control repaints, as cheap for the X server as it can be (issue #22).
/// Measured with Pango, whose line height decides where a line is centred.
@Suite("What a key repaints") struct KeyRepaintTests {
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

    static func session(_ test: Case) throws -> FormSession {
        let form = try FormFile.parse(#"{"title": "t", "size": {"width": 400, "height": 300}, "fields": [\#(test.field)]}"#,
                                      fileName: "repaint.json")
        let session = FormSession(form: form, measurer: PangoTextMeasurer())
        _ = session.takeUpdate().repaints
        return session
    }

    /// At 1× the core puts the rectangles a key repaints on whole pixels (the renderer snaps only
    /// at other scales): a caret or a selection band starting at a half pixel is blurred at its
    /// ends, and Cairo sends the X server a trapezoid to rasterize for it on every key where a
    /// rectangle on whole pixels is a plain fill (a text field's caret sat at y + 0.5).
    /// Every fill and clip of the repaint after a letter, and after a selection, has whole-pixel edges.
    @Test(arguments: cases) func aKeyRepaintsOnWholePixels(_ test: Case) throws {
        let session = try Self.session(test)
        for (step, event) in [("a letter", InputEvent.keyPress(KeyPress(key: Key(0x37), text: "7"))),
                              ("a selection", .keyPress(KeyPress(key: .left, modifiers: .shift)))] {
            session.handle(event)
            let dirty = session.takeUpdate().repaints
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

    /// A letter repaints the inside of its control (`Theme.inside`), which the field's rounded
    /// fill covers and its border (focused: 2 px, rounded) leaves alone: the renderer paints the
    /// fill as a plain rectangle and skips the border, where before it composited the border's
    /// mask over the whole field on every key.
    @Test(arguments: cases) func aKeyLeavesTheFrameAlone(_ test: Case) throws {
        let session = try Self.session(test)
        session.handle(.keyPress(KeyPress(key: Key(0x37), text: "7")))
        let dirty = session.takeUpdate().repaints
        #expect(!dirty.isEmpty)
        for rect in dirty {
            var frameParts = 0
            for item in session.displayList(in: rect).items {
                switch item {
                // The frame's parts enclose the repaint (a token field's chips lie inside it).
                case let .stroke(shape, _, lineWidth, radius) where shape.union(rect) == shape:
                    frameParts += 1
                    #expect(RoundedRect.strokeArea(shape, lineWidth: lineWidth, radius: radius).hole?.covers(rect) == true,
                            "the border \(item) reaches into the repaint \(rect)")
                case let .fill(shape, _, radius) where radius > 0 && shape.union(rect) == shape:
                    frameParts += 1
                    #expect(RoundedRect(shape, radius: radius).covers(rect), "the fill \(item) leaves corners of the repaint \(rect)")
                default:
                    break
                }
            }
            #expect(frameParts >= 2, "the field's fill and border are in the list")
        }
    }
}
