import Foundation
import KeyformCairo
import KeyformCore
import Testing

/// One press, one result, in the real window with XTEST pointer events: a press outside the field
/// being edited ends editing and still reaches what it hit.
@Suite("Pointer in the window under Xvfb", .serialized) struct PointerWindowTests {
    static let form = """
        {"title": "Pointer", "size": {"width": 400, "height": 360},
         "fields": [{"id": "name", "type": "text", "label": "Name"},
                    {"id": "years", "type": "picker", "label": "Years", "options": ["0", "1", "2"], "value": "0"},
                    {"id": "ok", "type": "button", "label": "OK", "action": "submit"}]}
        """

    @MainActor func open() throws -> LiveForm { try LiveForm(arguments: ["--form", try formFile(Self.form)]) }

    func frame(_ id: String) throws -> Rect { try ClipboardTests.frame(of: id, in: Self.form) }

    @Test @MainActor func clickingThePickerWhileEditingOpensItInOneClick() throws {
        let form = try open()
        try form.xdotool("type", "--delay", "5", "Ada")
        let years = try frame("years")
        form.driver.click(x: years.midX, y: years.midY)
        form.driver.sync()
        // The list is open: Down moves its highlight and Escape closes it unchanged. Had the click
        // only ended editing, Down would set "1" and Escape, with nothing edited, would cancel.
        try form.xdotool("key", "Down")
        try form.xdotool("key", "Escape")
        let ok = try frame("ok")
        form.driver.click(x: ok.midX, y: ok.midY)
        let values = try form.submittedValues()
        #expect(values["name"] as? String == "Ada")
        #expect(values["years"] as? String == "0")
    }

    @Test @MainActor func doubleClickSelectsAWordAndEditingGoesOn() throws {
        let form = try open()
        try form.xdotool("type", "--delay", "5", "hello world")
        let name = try frame("name")
        let measurer = PangoTextMeasurer()
        // The middle of "world": the text starts 8 px inside the field.
        let x = name.minX + 8 + measurer.width("hello wor", font: Theme.bodyFont)
        form.driver.click(x: x, y: name.midY)
        form.driver.click(x: x, y: name.midY)
        form.driver.sync()
        try form.xdotool("type", "--delay", "5", "there")
        // Clicking OK while editing submits the text just typed.
        let ok = try frame("ok")
        form.driver.click(x: ok.midX, y: ok.midY)
        #expect(try form.submittedValues()["name"] as? String == "hello there")
    }
}
