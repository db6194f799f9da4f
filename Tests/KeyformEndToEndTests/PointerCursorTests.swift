import CXCB
import CXCBXFixes
import KeyformX11
import Testing

/// The pointer's look over the window: the cursor theme's I-beam over a text field, its arrow
/// over the rest, as the X server shows it (read back through XFIXES) after the pointer moved
/// there through XTEST. The window loads its cursors, and xcb-cursor itself, when the pointer
/// first moves over it, not at start-up (issue #22), so the first move must already show the
/// right one.
@Suite("Pointer cursors", .serialized) struct PointerCursorTests {
    /// What tells one cursor image from another: its size and hot spot.
    struct Look: Equatable {
        var width: UInt16, height: UInt16, hotX: UInt16, hotY: UInt16
    }

    @MainActor static func look(on x: XConnection) throws -> Look {
        let c = x.connection
        let cookie = xcb_xfixes_get_cursor_image(c)
        return try x.reply("XFixesGetCursorImage", { xcb_xfixes_get_cursor_image_reply(c, cookie, $0) }) {
            Look(width: $0.pointee.width, height: $0.pointee.height, hotX: $0.pointee.xhot, hotY: $0.pointee.yhot)
        }
    }

    @Test @MainActor func anIBeamOverTextAndAnArrowElsewhere() throws {
        let form = try LiveForm()
        let x = try XConnection(displayName: form.server.displayName)
        // XFIXES answers a client only once it has said which version it speaks.
        let c = x.connection
        let version = xcb_xfixes_query_version(c, 4, 0)
        try x.reply("XFixesQueryVersion", { xcb_xfixes_query_version_reply(c, version, $0) }) { _ in }
        let root = try Self.look(on: x)
        #expect(try !Self.mapsCursorLibrary(form.process.processIdentifier), "xcb-cursor loaded before the pointer came")
        // The demo's name field, then its title, in window coordinates (see Tests/Golden/approved/demo-open.png).
        try form.xdotool("mousemove", "--window", "\(form.window)", "200", "88")
        let overText = try Self.look(on: x)
        try form.xdotool("mousemove", "--window", "\(form.window)", "200", "30")
        let overTitle = try Self.look(on: x)
        try form.xdotool("mousemove", "--window", "\(form.window)", "200", "88")
        #expect(overText != root, "no cursor of its own over the name field")
        #expect(overTitle != root && overTitle != overText, "no arrow over the title")
        #expect(try Self.look(on: x) == overText, "the I-beam did not come back")
        #expect(try Self.mapsCursorLibrary(form.process.processIdentifier), "the cursors came from elsewhere")
    }

    /// Whether the process has libxcb-cursor mapped.
    static func mapsCursorLibrary(_ pid: Int32) throws -> Bool {
        try memoryMap(of: pid).contains("libxcb-cursor.so")
    }
}
