import CXCB
import CXCBRandR
import KeyformAutomation
@testable import KeyformX11
import Testing

/// The extensions a window uses are asked about at connect, together with the atoms: the first
/// use of each then waits on no QueryExtension reply of its own (issue #22: start-up waited for
/// about 35 replies, against the floor's 15).
@Suite("The X connection under Xvfb", .serialized) struct ConnectionTests {
    @Test @MainActor func theExtensionsAreKnownFromTheStart() throws {
        let server = try PrivateXServer(width: 640, height: 480)
        let x = try XConnection(displayName: server.displayName)
        let c = x.connection
        // Requests are numbered as they are sent: a QueryExtension between two others shows as a gap.
        let before = xcb_get_input_focus(c).sequence
        #expect(keyform_randr_extension(c)?.pointee.present == 1)
        let after = xcb_get_input_focus(c).sequence
        // Their replies are not wanted: xcb drops them as they come instead of keeping them queued.
        xcb_discard_reply(c, before)
        xcb_discard_reply(c, after)
        #expect(after == before + 1, "requests sent between: \(after - before - 1)")
    }

    /// The atoms the desktop settings, the clipboard and the user time intern were interned at
    /// connect: interning them later sends no request, and gives the atoms the server gives; a
    /// name not known yet is asked for.
    @Test @MainActor func theWindowsAtomsAreAskedAtConnect() throws {
        let server = try PrivateXServer(width: 640, height: 480)
        let x = try XConnection(displayName: server.displayName)
        let c = x.connection
        let names = DesktopSettingsWatcher.atomNames(screen: x.screenNumber) + SelectionAtoms.names + UserTime.atomNames
        let before = xcb_get_input_focus(c).sequence
        let atoms = try x.internAtoms(names)
        let after = xcb_get_input_focus(c).sequence
        xcb_discard_reply(c, before)
        xcb_discard_reply(c, after)
        #expect(after == before + 1, "requests sent between: \(after - before - 1)")
        // What the server says of each name, asked directly.
        let fromServer = try names.map { name in
            try x.reply("InternAtom(\(name))", { xcb_intern_atom_reply(c, xcb_intern_atom(c, 1, UInt16(name.utf8.count), name), $0) }) {
                $0.pointee.atom
            }
        }
        #expect(atoms == fromServer && !atoms.contains(0))
        let unknown = xcb_get_input_focus(c).sequence
        _ = try x.internAtoms(["_KEYFORM_TEST_ATOM"])
        let next = xcb_get_input_focus(c).sequence
        xcb_discard_reply(c, unknown)
        xcb_discard_reply(c, next)
        #expect(next == unknown + 2)
    }
}
