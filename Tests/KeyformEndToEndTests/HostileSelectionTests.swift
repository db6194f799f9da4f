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

    /// Pastes that lie (issue #62): an owner that answers with an ATOM, one whose SelectionNotify
    /// names the form's WM_NAME, one whose INCR announces 4 GiB and never ends. Nothing is
    /// pasted, WM_NAME stays, the endless transfer stops at the value limit, and the form goes on.
    @Test(arguments: [LyingOwner.Lie.notText, .otherProperty, .endless])
    @MainActor func aLyingPasteIsRefused(_ lie: LyingOwner.Lie) throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        let owner = try LyingOwner(display: display, lie: lie)
        try form.xdotool("key", "ctrl+v")
        // Until the form stops deleting what the owner writes (or far past the limit).
        var deletes = -1
        while owner.deletes != deletes && owner.chunks < 200 {
            deletes = owner.deletes
            owner.serve()
            form.driver.sync()
            owner.serve()
        }
        #expect(owner.answered)
        // 16 MiB in chunks of 256 KiB, and the one past it.
        #expect(owner.chunks <= 16 * 4 + 2, "the form read \(owner.chunks) chunks")
        if lie == .endless { #expect(owner.chunks > 16 * 4, "the transfer stopped at \(owner.chunks) chunks") }
        let hostile = try XConnection(displayName: display)
        let title = try hostile.property(XCB_ATOM_WM_NAME.rawValue, of: form.window, delete: false)
        #expect(title.map { String(decoding: $0.bytes, as: UTF8.self) } == "Held")
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

/// An owner of CLIPBOARD that lies in its answers.
@MainActor
final class LyingOwner {
    enum Lie: Sendable { case notText, otherProperty, endless }

    private let x: XConnection
    private let window: xcb_window_t
    private let atoms: SelectionAtoms
    private let lie: Lie
    /// The requestor's window and property an endless transfer writes into.
    private var transfer: (window: xcb_window_t, property: xcb_atom_t)?
    private(set) var answered = false
    private(set) var chunks = 0
    /// How many times the requestor deleted the property: each asks for the next chunk.
    private(set) var deletes = 0

    init(display: String, lie: Lie) throws {
        x = try XConnection(displayName: display)
        self.lie = lie
        window = x.generateID()
        xcb_create_window(x.connection, 0, window, x.screen.root, 0, 0, 1, 1, 0, UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), 0, 0, nil)
        atoms = try SelectionAtoms(connection: x)
        let watch = try SelectionWatch("clipboard", display: display)
        xcb_set_selection_owner(x.connection, window, atoms.clipboard, xcb_timestamp_t(XCB_CURRENT_TIME))
        x.flush()
        try watch.waitForChange()
    }

    /// Answers what has come so far: a round trip first, so every event the server made before
    /// it is here.
    func serve() {
        let cookie = xcb_get_input_focus(x.connection)
        _ = try? x.reply("GetInputFocus", { [x] in xcb_get_input_focus_reply(x.connection, cookie, $0) }) { _ in }
        while let event = xcb_poll_for_event(x.connection) {
            defer { free(event) }
            let raw = UnsafeRawPointer(event)
            switch Int32(event.pointee.response_type & 0x7f) {
            case XCB_SELECTION_REQUEST: answer(raw.load(as: xcb_selection_request_event_t.self))
            case XCB_PROPERTY_NOTIFY:
                let notify = raw.load(as: xcb_property_notify_event_t.self)
                guard let transfer, notify.window == transfer.window, notify.atom == transfer.property,
                      notify.state == UInt8(XCB_PROPERTY_DELETE.rawValue) else { continue }
                deletes += 1
                chunks += 1
                x.setProperty(transfer.property, of: transfer.window, type: atoms.utf8String, bytes: Self.chunk[...])
            default: break
            }
        }
        x.flush()
    }

    private static let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 256 * 1024)

    private func answer(_ request: xcb_selection_request_event_t) {
        answered = true
        var property = request.property
        switch lie {
        case .notText:
            x.setProperty(request.property, of: request.requestor, type: XCB_ATOM_ATOM.rawValue, words: [XCB_ATOM_WM_NAME.rawValue])
        case .otherProperty:
            property = XCB_ATOM_WM_NAME.rawValue
        case .endless:
            _ = xcb_change_window_attributes(x.connection, request.requestor, XCB_CW_EVENT_MASK.rawValue, [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue])
            transfer = (request.requestor, request.property)
            x.setProperty(request.property, of: request.requestor, type: atoms.incr, words: [0xffff_ffff])
        }
        x.notifySelection(requestor: request.requestor, selection: request.selection, target: request.target, property: property,
                          time: request.time)
    }
}
