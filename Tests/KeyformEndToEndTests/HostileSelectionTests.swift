import CXCB
import Foundation
@testable import KeyformX11
import Testing

/// X clients that mean harm to a form through the selections (issue #62): a ConvertSelection
/// naming the form's own window or the root as the requestor, while the form owns a selection
/// too large for one property. The form refuses both, and its window and the root keep their
/// events and properties.
@Suite("Hostile selection requests under Xvfb", .serialized) struct HostileSelectionTests {
    static let form = #"{"title": "Held", "fields": [{"id": "name", "type": "text", "label": "Name"}]}"#

    @Test @MainActor func aRequestIntoTheFormsWindowOrTheRootIsRefused() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        // 300 KiB, more than one chunk: answered, it would go through INCR.
        let big = String(repeating: "0123456789abcdef", count: 300 * 1024 / 16)
        try writeSelection("clipboard", big, display: display)
        let pastes = try PasteWatch(display: display, window: form.window)
        try form.xdotool("key", "ctrl+v")
        try pastes.waitForPaste()
        let clipboard = try SelectionWatch("clipboard", display: display)
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "ctrl+c")
        try clipboard.waitForChange()

        let hostile = try XConnection(displayName: display)
        let atoms = try SelectionAtoms(connection: hostile)
        let root = hostile.screen.root
        let rootEvents = try Self.allEventMasks(of: root, on: hostile)
        let planted = try hostile.internAtoms(["KEYFORM_HOSTILE"])[0]
        let wmName = XCB_ATOM_WM_NAME.rawValue
        for (requestor, property) in [(form.window, wmName), (form.window, planted), (root, planted)] {
            xcb_convert_selection(hostile.connection, requestor, atoms.clipboard, atoms.utf8String, property, xcb_timestamp_t(XCB_CURRENT_TIME))
        }
        hostile.flush()
        form.driver.sync()  // the form has handled the requests

        #expect(try hostile.property(planted, of: root, delete: false) == nil, "the form wrote into the root")
        #expect(try hostile.property(planted, of: form.window, delete: false) == nil, "the form wrote into its own window")
        let title = try hostile.property(wmName, of: form.window, delete: false)
        #expect(title.map { String(decoding: $0.bytes, as: UTF8.self) } == "Held")
        #expect(try Self.allEventMasks(of: root, on: hostile) == rootEvents, "the root's events changed")
        // The window still hears keys: what is typed now is submitted (the pasted text goes
        // first, as more than the test's pipe from the form holds).
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "BackSpace")
        try form.xdotool("type", "--delay", "5", "ok")
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(values["name"] as? String == "ok")
    }

    /// The events every client selected on `window`, together.
    static func allEventMasks(of window: xcb_window_t, on x: XConnection) throws -> UInt32 {
        let cookie = xcb_get_window_attributes(x.connection, window)
        return try x.reply("GetWindowAttributes", { xcb_get_window_attributes_reply(x.connection, cookie, $0) }) { $0.pointee.all_event_masks }
    }
}
