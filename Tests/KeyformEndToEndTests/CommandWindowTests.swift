import Foundation
import KeyformCore
import KeyformX11
import Testing

/// Key commands in the real window, with keys sent through XTEST on a Russian layout: the
/// physical keys of Latin letters carry the shortcuts and mnemonics.
@Suite("Key commands in the window under Xvfb", .serialized) struct CommandWindowTests {
    static let cyrillicEf: UInt32 = 0x6c6  // the A key on a Russian keyboard
    static let cyrillicU: UInt32 = 0x6d5  // the E key
    static let controlL: UInt32 = 0xffe3

    @Test @MainActor func ctrlASelectsAllAndAltEJumpsOnARussianLayout() throws {
        let form = try LiveForm(layout: "ru")
        try form.xdotool("type", "--delay", "5", "Ада")
        form.driver.key(Self.cyrillicEf, modifiers: .control)  // Ctrl+A: select all…
        form.driver.sync()
        try form.xdotool("type", "--delay", "5", "Б")  // …so typing replaces it
        form.driver.key(Self.cyrillicU, modifiers: .alt)  // Alt+E: the E-mail field
        form.driver.sync()
        try form.xdotool("type", "--delay", "5", "почта")
        form.driver.key(Key.returnKey.keysym, modifiers: .control)  // the demo's Ctrl+Return submits
        form.driver.sync()
        try form.driver.check()
        let values = try form.submittedValues()
        #expect(values["name"] as? String == "Б")
        #expect(values["email"] as? String == "почта")
    }

    /// Holding Ctrl alone dims the form under the overlay a second later; letting go brings the
    /// form back. The window wakes up for the hold on its own: no other event arrives.
    @Test @MainActor func holdingCtrlShowsTheOverlay() throws {
        let form = try LiveForm(layout: "ru")
        let corner = (x: 4, y: 4)
        let before = try form.driver.screenshot(window: form.window).pixel(x: corner.x, y: corner.y)
        form.driver.keyDown(Self.controlL)
        // The overlay comes by the form's own clock, with no event to wake it; once it shows, a
        // ping waits for the rest of its paint.
        try waitUntil("the overlay to dim the form (the corner was \(before))") {
            try Int(form.driver.screenshot(window: form.window).pixel(x: corner.x, y: corner.y).red) < Int(before.red) - 30
        }
        form.driver.sync()
        let shot = try form.driver.screenshot(window: form.window)
        form.driver.keyUp(Self.controlL)
        form.driver.sync()
        let after = try form.driver.screenshot(window: form.window).pixel(x: corner.x, y: corner.y)
        #expect(after == before, "before \(before), after \(after)")
        // Under the dimming only the panel is white: on the middle row, the first white pixel is
        // its left padding, white for a good height.
        func white(_ x: Int, _ y: Int) throws -> Bool {
            let p = try shot.pixel(x: x, y: y)
            return p.red > 250 && p.green > 250 && p.blue > 250
        }
        let middle = 420 / 2
        let left = try #require(try (0..<520).first { try white($0, middle) }, "no white pixel on the middle row")
        #expect(try (middle - 60...middle + 60).allSatisfy { try white(left + 3, $0) }, "the panel's padding at x \(left + 3)")
        try form.xdotool("key", "Escape")
        try form.xdotool("key", "Escape")
        #expect(form.finish().status == 1)
    }
}
