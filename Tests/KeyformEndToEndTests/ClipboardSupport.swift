import CXCB
import Foundation
@testable import KeyformX11
import Testing

/// A client of its own on a display already running (a second keyform window next to a
/// `LiveForm`, an xclip), with standard output going to a file so any amount of it is fine.
/// It ends when it is done or when the display's server stops (the `LiveForm` going away).
@MainActor
final class FormProcess {
    let process = Process()
    let outputURL: URL

    /// `keyform --form FORM`.
    convenience init(display: String, form: String) throws {
        try self.init(display: display, program: keyformBinary, arguments: ["--form", form, "--no-blink"])
    }

    /// Runs `program`; `input`, if any, is written to its standard input, which is then closed.
    init(display: String, program: String, arguments: [String], input: String? = nil) throws {
        outputURL = try temporaryDirectory().appendingPathComponent("out")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        let pipe = Pipe()
        process.standardInput = pipe
        try process.run()
        if let input { pipe.fileHandleForWriting.write(Data(input.utf8)) }
        try pipe.fileHandleForWriting.close()
    }

    /// Waits for the program to exit; returns its status and standard output.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) -> (status: Int32, stdout: String) {
        waitUntil("\(process.executableURL?.lastPathComponent ?? "it") to exit", sourceLocation: sourceLocation) { !process.isRunning }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let output = (try? Data(contentsOf: outputURL)) ?? Data()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    isolated deinit {
        try? FileManager.default.removeItem(at: outputURL.deletingLastPathComponent())
    }
}

/// The window whose title is `title` (`xdotool search` waits for it to be mapped).
func windowNamed(_ title: String, display: String) throws -> UInt32 {
    let run = try runProgram("/usr/bin/timeout", [String(Int(patience)), "xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(title)$"],
                             environment: ["DISPLAY": display])
    return try #require(run.stdout.split(separator: "\n").first.flatMap { UInt32($0) }, "no window \(title): \(run.stderr)")
}

/// A form file in a temporary directory.
func formFile(_ json: String) throws -> String {
    let url = try temporaryDirectory().appendingPathComponent("form.json")
    try Data(json.utf8).write(to: url)
    return url.path
}

/// `xclip -o`: the selection's content as `target`, with the exit status (a refused target or
/// no owner fails). Bounded: an owner that never answers cannot hang the test.
func readSelection(_ selection: String, target: String = "UTF8_STRING", display: String) throws -> (status: Int32, bytes: Data) {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out")
    let run = try runProgram("/bin/sh", ["-c", "timeout \(Int(patience)) xclip -o -selection \(selection) -t '\(target)' > \(out.path)"],
                             environment: ["DISPLAY": display])
    return (run.status, (try? Data(contentsOf: out)) ?? Data())
}

func readText(_ selection: String, display: String) throws -> String? {
    let (status, bytes) = try readSelection(selection, display: display)
    return status == 0 ? String(decoding: bytes, as: UTF8.self) : nil
}

/// `xclip -i`: xclip takes the selection and serves it until another client takes it (or the
/// server stops); returns once it owns the selection. xclip runs in the foreground (`-quiet`):
/// forking into the background, it would keep Foundation's `Process` from seeing it exit.
@MainActor @discardableResult
func writeSelection(_ selection: String, _ text: String, display: String) throws -> FormProcess {
    let owner = try SelectionWatch(selection, display: display)
    let xclip = try FormProcess(display: display, program: "/usr/bin/xclip", arguments: ["-i", "-quiet", "-selection", selection],
                                input: text)
    try owner.waitForChange()
    return xclip
}

/// Who owns a selection, from a connection of our own: a test waits for a client to take it.
@MainActor
final class SelectionWatch {
    private let x: XConnection
    private let atom: xcb_atom_t
    private var before: xcb_window_t = 0

    /// Remembers the owner now.
    init(_ selection: String, display: String) throws {
        x = try XConnection(displayName: display)
        let name = selection == "clipboard" ? "CLIPBOARD" : "PRIMARY"
        let x = self.x
        let cookie = xcb_intern_atom(x.connection, 0, UInt16(name.utf8.count), name)
        atom = try x.reply("InternAtom", { xcb_intern_atom_reply(x.connection, cookie, $0) }) { $0.pointee.atom }
        before = try owner()
    }

    func owner() throws -> xcb_window_t {
        let cookie = xcb_get_selection_owner(x.connection, atom)
        return try x.reply("GetSelectionOwner", { xcb_get_selection_owner_reply(x.connection, cookie, $0) }) { $0.pointee.owner }
    }

    /// Waits until another client than the one remembered owns the selection.
    func waitForChange(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try waitUntil("the selection's owner to change", sourceLocation: sourceLocation) { try owner() != before }
    }
}

/// Sees pastes land in a form: the owner's answer arrives in a property of the form's window,
/// which the form deletes as it reads it (ICCCM). Once it is deleted, a ping finds the text
/// pasted and drawn.
@MainActor
final class PasteWatch {
    private let x: XConnection
    private let properties: [xcb_atom_t]

    /// Watches `window` from now on.
    init(display: String, window: UInt32) throws {
        x = try XConnection(displayName: display)
        let atoms = try SelectionAtoms(connection: x)
        properties = [atoms.pasteProperty(.clipboard), atoms.pasteProperty(.primary)]
        xcb_change_window_attributes(x.connection, window, XCB_CW_EVENT_MASK.rawValue, [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue])
        let cookie = xcb_get_input_focus(x.connection)
        try x.reply("GetInputFocus", { [x] in xcb_get_input_focus_reply(x.connection, cookie, $0) }) { _ in }
    }

    /// Waits until the form has read the text of a paste (not one it serves itself).
    func waitForPaste(sourceLocation: SourceLocation = #_sourceLocation) throws {
        var read = false
        try waitUntil("a paste to arrive", sourceLocation: sourceLocation) {
            while let event = xcb_poll_for_event(x.connection) {
                defer { free(event) }
                guard event.pointee.response_type & 0x7f == XCB_PROPERTY_NOTIFY else { continue }
                let notify = UnsafeRawPointer(event).load(as: xcb_property_notify_event_t.self)
                read = read || (notify.state == UInt8(XCB_PROPERTY_DELETE.rawValue) && properties.contains(notify.atom))
            }
            try x.checkConnection()
            return read
        }
    }
}

/// A client that takes a selection and never answers for it: an owner that hangs.
@MainActor
final class SilentOwner {
    private let x: XConnection

    init(display: String, selection: String) throws {
        x = try XConnection(displayName: display)
        let window = x.generateID()
        xcb_create_window(x.connection, 0, window, x.screen.root, 0, 0, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), 0, 0, nil)
        let cookie = xcb_intern_atom(x.connection, 0, UInt16(selection.utf8.count), selection)
        let atom = try x.reply("InternAtom", { xcb_intern_atom_reply(x.connection, cookie, $0) }) { $0.pointee.atom }
        xcb_set_selection_owner(x.connection, window, atom, xcb_timestamp_t(XCB_CURRENT_TIME))
        x.flush()
    }
}

/// A clipboard manager as the freedesktop specification has it, in a few lines: it owns
/// CLIPBOARD_MANAGER, and on SAVE_TARGETS takes a copy of the CLIPBOARD text (UTF8_STRING,
/// small texts only), takes CLIPBOARD over and answers. It works only while `serve` runs.
@MainActor
final class ClipboardManagerStub {
    private let x: XConnection
    private let window: xcb_window_t
    private let atoms: SelectionAtoms
    private var saveRequest: xcb_selection_request_event_t?
    private(set) var saved: [UInt8]?

    init(display: String) throws {
        x = try XConnection(displayName: display)
        window = x.generateID()
        xcb_create_window(x.connection, 0, window, x.screen.root, 0, 0, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), 0, 0, nil)
        atoms = try SelectionAtoms(connection: x)
        xcb_set_selection_owner(x.connection, window, atoms.clipboardManager, xcb_timestamp_t(XCB_CURRENT_TIME))
        x.flush()
    }

    /// Serves the protocol while `condition` holds.
    func serve(while condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        waitUntil("the clipboard manager's clients to finish", sourceLocation: sourceLocation) {
            while let event = xcb_poll_for_event(x.connection) {
                defer { free(event) }
                handle(event)
            }
            x.flush()
            return !condition()
        }
    }

    private func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        let raw = UnsafeRawPointer(event)
        switch Int32(event.pointee.response_type & 0x7f) {
        case XCB_SELECTION_REQUEST:
            let request = raw.load(as: xcb_selection_request_event_t.self)
            if request.selection == atoms.clipboardManager && request.target == atoms.saveTargets {
                saveRequest = request
                xcb_convert_selection(x.connection, window, atoms.clipboard, atoms.utf8String, atoms.clipboardProperty, request.time)
            } else if request.selection == atoms.clipboard, request.target == atoms.utf8String, let saved {
                x.setProperty(request.property, of: request.requestor, type: atoms.utf8String, bytes: saved[...])
                x.notifySelection(requestor: request.requestor, selection: request.selection, target: request.target,
                                  property: request.property, time: request.time)
            } else {
                x.notifySelection(requestor: request.requestor, selection: request.selection, target: request.target,
                                  property: xcb_atom_t(XCB_NONE), time: request.time)
            }
        case XCB_SELECTION_NOTIFY:
            let notify = raw.load(as: xcb_selection_notify_event_t.self)
            guard notify.selection == atoms.clipboard, let request = saveRequest else { return }
            if notify.property != xcb_atom_t(XCB_NONE) {
                saved = (try? x.property(notify.property, of: window, delete: true))?.bytes
                xcb_set_selection_owner(x.connection, window, atoms.clipboard, xcb_timestamp_t(XCB_CURRENT_TIME))
            }
            x.notifySelection(requestor: request.requestor, selection: request.selection, target: request.target,
                              property: saved == nil ? xcb_atom_t(XCB_NONE) : request.property, time: request.time)
            saveRequest = nil
        default:
            break
        }
    }
}
