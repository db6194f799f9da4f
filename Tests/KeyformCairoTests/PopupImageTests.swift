import KeyformCairo
import KeyformCore
import Testing

/// `keyform render` and `writePNG` with a popup open: one that fits stays in the window's image,
/// as before; one that does not (a calendar in a window shorter and narrower than it) is not cut
/// off: the image grows right and down to hold all of it, the form's background around it.
@Suite("A popup in a rendered image") struct PopupImageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let width: Int, height: Int
        let grows: Bool
        var testDescription: String { "a \(width)×\(height) window\(grows ? ", too small for the calendar" : "")" }
    }

    @Test(arguments: [Case(width: 400, height: 400, grows: false), Case(width: 200, height: 110, grows: true)])
    func theImageHoldsTheWholeCalendar(_ test: Case) throws {
        let form = try FormFile.parse(#"""
            {"title": "t", "size": {"width": \#(test.width), "height": \#(test.height)},
             "fields": [{"id": "d", "type": "date", "label": "D", "value": "2026-11-29"}]}
            """#, fileName: "form.json")
        let session = FormSession(form: form, measurer: PangoTextMeasurer())
        session.handle(.keyPress(KeyPress(key: .down, modifiers: .alt)))
        let area = try #require(session.popupArea)
        let image = session.renderedImage()
        let size = image.imageSize
        let window = (width: Int(session.viewport.width), height: Int(session.viewport.height))
        if test.grows {
            #expect(size.width == Int(area.maxX.rounded(.up)) && size.height == Int(area.maxY.rounded(.up)), "\(size), \(area)")
            #expect(size.width > window.width && size.height > window.height)
            // The last week's days are drawn below the window's bottom edge.
            let below = Rect(x: area.minX, y: Double(window.height), width: area.width, height: area.maxY - Double(window.height))
            #expect(Pixels(image).darkPixels(in: below) > 0)
        } else {
            #expect(size == window)
        }
    }
}
