import CCairo
import Foundation
import KeyformCairo
import KeyformAutomation
import KeyformCore
import KeyformX11
import Testing

/// The window repaints only what the form reports dirty; what it then shows must be what a
/// repaint of everything shows. (`keyform render` always paints everything, so it cannot see a
/// rectangle reported short: RepaintTests checks the rule on an image, this the real window.)
@Suite("Repainting the window under Xvfb", .serialized) struct RepaintWindowTests {
    static let form = #"""
    {"title": "Labels", "size": {"width": 360, "height": 300},
     "fields": [{"id": "tags", "type": "tokens", "label": "_Tags", "options": ["Swift", "SwiftUI", "X11"]},
                {"id": "name", "type": "text", "label": "_Name"}]}
    """#

    /// Issue #13: choosing a suggestion with Return left a grey line of the list's shadow.
    @Test @MainActor func aChosenSuggestionLeavesNothingBehind() throws {
        let path = try temporaryDirectory().appendingPathComponent("labels.json").path
        try Self.form.write(toFile: path, atomically: true, encoding: .utf8)
        let form = try LiveForm(arguments: ["--form", path])
        let (driver, window) = (form.driver, form.window)
        // Two suggestions, then one (drawn, shadow and all, where the two were), then Return.
        for keys in ["swift", "u", "\n"] {
            let before = try driver.screenshot(window: window)
            driver.type(keys)
            try driver.waitForRepaint(of: window, from: before)
        }
        let painted = try driver.screenshot(window: window)
        let (width, height) = (Int(cairo_image_surface_get_width(painted.pointer)), Int(cairo_image_surface_get_height(painted.pointer)))
        // A new size gets a new back buffer, painted whole; one more row keeps the layout as it is.
        // The new row shows the form's background once that paint has reached the window.
        let client = try FaultClient(display: form.server.displayName)
        client.resize(window, width: UInt32(width), height: UInt32(height + 1))
        try client.sync()
        let whole = try driver.screenshot(of: window, when: { shot in
            (0..<width).allSatisfy { shot.rgb(x: $0, y: height).map { $0 == (246, 245, 244) } ?? false }  // Palette.light.background
        }, "the window was not painted at its new size")
        let difference = (0..<height).lazy.flatMap { y in (0..<width).lazy.map { (x: $0, y: y) } }.first { point in
            painted.rgb(x: point.x, y: point.y).map { [$0.red, $0.green, $0.blue] }
                != whole.rgb(x: point.x, y: point.y).map { [$0.red, $0.green, $0.blue] }
        }
        var saved = ""
        if difference != nil {
            let directory = try temporaryDirectory()
            try painted.writePNG(to: directory.appendingPathComponent("painted.png").path)
            try whole.writePNG(to: directory.appendingPathComponent("whole.png").path)
            saved = "\(directory.path)/{painted,whole}.png"
        }
        #expect(difference == nil, "at \(String(describing: difference)) the window differs from a whole repaint: \(saved)")
    }

    /// Issue #22: with no window manager the server maps the window, exposing all of it, before
    /// it reads the first paint's copy. Answering that exposure copied the whole window a second
    /// time and kept the screen busy longer. The window is watched from before it exists until a
    /// key's paint, which comes after any answer.
    @Test @MainActor func theFirstPaintIsNotCopiedAgainForTheMapsExposure() throws {
        let path = try temporaryDirectory().appendingPathComponent("labels.json").path
        try Self.form.write(toFile: path, atomically: true, encoding: .utf8)
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let watcher = try ScreenWatcher(displayName: server.displayName)
        let form = try LiveForm(arguments: ["--form", path], server: server)
        let shot = try form.driver.screenshot(window: form.window)
        let size = (width: Double(cairo_image_surface_get_width(shot.pointer)), height: Double(cairo_image_surface_get_height(shot.pointer)))
        form.driver.type("a")
        var wholeCopies = 0
        let deadline = MonotonicClock.now() + patience * 1000
        while true {
            let event = try #require(try watcher.next(until: deadline), "no paint for the key came")
            // The screen's own paint, before the window was there, is larger than the window.
            guard case .damage(let area, _) = event, area.width <= size.width && area.height <= size.height else { continue }
            guard area.width == size.width && area.height == size.height else { break }
            wholeCopies += 1
        }
        #expect(wholeCopies == 1, "the whole window was copied \(wholeCopies) times before the key's paint")
    }
}
