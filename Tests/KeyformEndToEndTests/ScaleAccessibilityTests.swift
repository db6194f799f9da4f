import Foundation
import Testing

extension AccessibilityBusTests {
    /// AT-SPI's coordinates are the screen's pixels: at 2× a screen reader (or a magnifier)
    /// gets the name entry's extents doubled, not the form's logical units. (The form has a
    /// size of its own: one fitted to the screen would be narrower at 2×.)
    @Test @MainActor func extentsAreInTheScreensPixelsAtAnyScale() throws {
        let desktop = try AccessibilityDesktop()
        let path = try formFile(#"{"title": "Scale", "size": {"width": 300, "height": 200}, "fields": [{"id": "name", "type": "text", "label": "_Name"}]}"#)
        let scenario = #"{"steps": [{"extents": {"role": "entry", "name": "Name"}}]}"#
        var boxes: [[Int]] = []
        for scale in ["1", "2"] {
            let keyform = try AccessibilityDesktop.Application(keyformBinary, ["--form", path, "--no-blink", "--scale", scale],
                                                               wmClass: "keyform", on: desktop)
            let client = try desktop.client(pid: keyform.pid, scenario: scenario)
            #expect(client.status == 0, "\(client.stderr)")
            boxes.append(try #require(client.jsonLines.compactMap { $0["box"] as? [Int] }.first))
        }
        #expect(boxes[0][2] > 100, "the entry's width at 1×: \(boxes[0])")
        #expect(boxes[1] == boxes[0].map { $0 * 2 }, "at 1× \(boxes[0]), at 2× \(boxes[1])")
    }
}
