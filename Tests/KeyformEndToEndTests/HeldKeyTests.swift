import CXCB
import Foundation
import KeyformAutomation
import KeyformCore
import Testing

/// A key held down on the real server: its auto-repeat sends press after press (with detectable
/// auto-repeat, which Keyform asks XKB for, no release in between).
@Suite("Held keys under Xvfb", .serialized) struct HeldKeyTests {
    /// Counts the key presses the server sends to a window, seen from a connection of its own (a
    /// window's KeyPress may be selected by any number of clients).
    final class KeyPressWatcher {
        private let connection: OpaquePointer

        init(display: String, window: UInt32) throws {
            connection = try #require(xcb_connect(display, nil))
            var mask = UInt32(XCB_EVENT_MASK_KEY_PRESS.rawValue)
            xcb_change_window_attributes(connection, window, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
            xcb_flush(connection)
        }

        /// Waits until `count` presses have come; false if they did not within `patience`.
        func waitForPresses(_ count: Int) -> Bool {
            var seen = 0
            let deadline = Date().addingTimeInterval(patience)
            while seen < count && Date() < deadline {
                var descriptor = pollfd(fd: xcb_get_file_descriptor(connection), events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 100)
                while let event = xcb_poll_for_event(connection) {
                    if Int32(event.pointee.response_type & 0x7f) == XCB_KEY_PRESS { seen += 1 }
                    free(event)
                }
            }
            return seen >= count
        }

        deinit { xcb_disconnect(connection) }
    }

    static let form = #"{"fields": [{"id": "t", "type": "tokens", "label": "Tags", "value": ["a", "b", "c"]}]}"#

    /// Holding BackSpace to clear a mistyped token's text never deletes the tokens before it: the
    /// repeats past the emptied input are not new presses. A fresh press still removes one.
    @Test(arguments: [("de", 12, ["a", "b", "c"]), ("", 1, ["a", "b"])])
    @MainActor func holdingBackSpaceClearsTheTextOnly(typed: String, presses: Int, tokens: [String]) throws {
        let path = try temporaryDirectory().appendingPathComponent("tokens.json").path
        try Data(Self.form.utf8).write(to: URL(fileURLWithPath: path))
        let form = try LiveForm(arguments: ["--form", path])
        // The private server starts with no auto-repeat: X's default delay and rate.
        try FaultClient(display: form.server.displayName).setAutorepeat(delay: 660, interval: 40)
        form.driver.type(typed)
        let watcher = try KeyPressWatcher(display: form.server.displayName, window: form.window)
        form.driver.keyDown(Key.backSpace.keysym)
        #expect(watcher.waitForPresses(presses), "the server sent fewer than \(presses) BackSpace presses")
        form.driver.keyUp(Key.backSpace.keysym)
        form.driver.key(Key.returnKey.keysym, modifiers: .control)
        #expect(try form.submittedValues()["t"] as? [String] == tokens)
    }
}
