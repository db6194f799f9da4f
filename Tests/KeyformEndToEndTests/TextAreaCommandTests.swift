import CCairo
import Foundation
import KeyformCairo
import KeyformCore
import Testing

/// Text areas through `keyform replay` and `render`, with Pango measuring as in the window.
@Suite("Text areas in replay and render") struct TextAreaCommandTests {
    /// The area is framed at y 260–340 of the content, below the 240 px window; a field under
    /// it makes the form long enough to scroll it into view.
    static let area = Rect(x: 20, y: 260, width: 300, height: 80)
    static let form = #"""
        {"title": "Scrolled", "size": {"width": 360, "height": 240},
         "fields": [
           {"id": "name", "type": "text", "label": "Name"},
           {"id": "notes", "type": "textarea", "value": "Keyboard first, always.\nSecond line",
            "frame": {"x": 20, "y": 260, "width": 300, "height": 80}},
           {"id": "end", "type": "text", "frame": {"x": 20, "y": 400, "width": 300, "height": 32}}
         ]}
        """#

    /// Scrolled 40 px the area's first line shows at the window's bottom; 100 and 150 px show it whole.
    @Test(arguments: [40.0, 100.0, 150.0])
    func theTextIsDrawnInsideItsBox(scroll: Double) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let formPath = directory.appendingPathComponent("form.json").path, png = directory.appendingPathComponent("out.png").path
        try Self.form.write(toFile: formPath, atomically: true, encoding: .utf8)
        let replay = try keyform(["replay", "--form", formPath, "wheel:\(scroll)"])
        #expect((replay.jsonLines.last?["scroll"] as? [String: Double])?["y"] == scroll, "\(replay.stderr)")
        let run = try keyform(["render", "--form", formPath, "--png", png, "wheel:\(scroll)"])
        #expect(run.status == 0, "\(run.stderr)")

        let image = CairoSurface(owning: cairo_image_surface_create_from_png(png))
        let window = Rect(x: 0, y: 0, width: 360, height: 240)
        // Inside the border; the border and the window's edge are not text.
        let box = Self.area.offsetBy(dx: 0, dy: -scroll).insetBy(dx: 3, dy: 3).intersection(window)
        #expect(darkPixels(image, in: box) > 60, "no text drawn in the area at \(box) of \(png)")
    }

    /// Left and Right go on to the line before or after at a line's end, as GTK's text view does:
    /// past a line's start (Left in English, Right in Hebrew) to the end of the line before, past
    /// its end to the start of the line after. Inside a line they still move on screen.
    @Test(arguments: [
        (["type:ab", "Return", "type:cd", "Home", "Left"], [2, 2]),
        (["type:ab", "Return", "type:cd", "ctrl+Home", "End", "shift+Right"], [2, 3]),
        (["type:ab אב", "Return", "type:cd", "Home", "Left"], [5, 5]),
        (["type:אב", "Return", "type:גד", "Home", "Right"], [2, 2]),
        (["type:אב", "Return", "type:גד", "Home", "shift+Right"], [3, 2]),
        (["type:אב", "Return", "type:גד", "ctrl+Home", "End", "Left"], [3, 3]),
        (["type:אב", "Return", "type:גד", "ctrl+Home", "Left"], [1, 1]),
        (["type:אב", "Return", "type:גד", "Left"], [5, 5]),
        (["type:ab אבג cd", "Home", "Right", "Right", "Right", "Right", "Right"], [4, 4]),  // through the Hebrew on screen
    ])
    func leftAndRightCrossLineBreaks(_ events: [String], _ selection: [Int]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let formPath = directory.appendingPathComponent("form.json").path
        try #"{"fields": [{"id": "notes", "type": "textarea"}]}"#.write(toFile: formPath, atomically: true, encoding: .utf8)
        let run = try keyform(["replay", "--form", formPath] + events)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines.last?["selection"] as? [Int] == selection)
    }

    func darkPixels(_ image: CairoSurface, in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                if let p = image.rgb(x: x, y: y), Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 96 { count += 1 }
            }
        }
        return count
    }
}
