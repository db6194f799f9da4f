import Foundation
import KeyformCairo
import KeyformCore
import Testing

/// CLIPBOARD and PRIMARY between the real window and other X clients (xclip), under Xvfb.
@Suite("Selections, wheel and windows under Xvfb", .serialized) struct ClipboardTests {
    static let form = """
        {"title": "Clip", "size": {"width": 400, "height": 420},
         "fields": [{"id": "name", "type": "text", "label": "Name"}, {"id": "email", "type": "text", "label": "Email"},
                    {"id": "pin", "type": "password", "label": "PIN"}, {"id": "notes", "type": "textarea", "label": "Notes"}],
         "commands": [{"key": "ctrl+Return", "action": "submit", "title": "Submit"}]}
        """

    @Test @MainActor func copyOffersEveryTextTargetAndPrimaryHasTheSelection() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        // "ë" is not on the us layout. xdotool binds it to a spare key and unbinds it at once, so
        // a client that reads the new keymap late sees the key unbound (a race every toolkit
        // has); our driver keeps borrowed keys bound until it goes away.
        form.driver.type("Zoë Ada")
        form.driver.sync()
        let clipboard = try SelectionWatch("clipboard", display: display)
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "ctrl+c")
        try clipboard.waitForChange()
        #expect(try readText("clipboard", display: display) == "Zoë Ada")
        #expect(try readText("primary", display: display) == "Zoë Ada")
        let targets = String(decoding: try readSelection("clipboard", target: "TARGETS", display: display).bytes, as: UTF8.self)
        for target in ["TARGETS", "UTF8_STRING", "STRING", "TEXT", "TIMESTAMP", "MULTIPLE"] {
            #expect(targets.split(separator: "\n").contains(Substring(target)), "TARGETS: \(targets)")
        }
        let latin1 = try readSelection("clipboard", target: "STRING", display: display)
        #expect(latin1.status == 0 && latin1.bytes == Data([0x5a, 0x6f, 0xeb, 0x20, 0x41, 0x64, 0x61]))

        try form.xdotool("key", "Tab")
        try form.xkbmap("ru")
        try form.xdotool("type", "--delay", "5", "Ада")
        try form.xkbmap("us")
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "ctrl+c")
        #expect(try readSelection("clipboard", target: "STRING", display: display).status != 0, "STRING cannot carry Cyrillic")
        #expect(String(decoding: try readSelection("clipboard", target: "TEXT", display: display).bytes, as: UTF8.self) == "Ада")
        try form.xdotool("key", "Escape")
        try form.xdotool("key", "Escape")
        #expect(form.finish().status == 1)
    }

    @Test @MainActor func ctrlVPastesFromAnotherClientJoiningLinesInAOneLineField() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        try writeSelection("clipboard", "line one\nline two", display: display)
        let pastes = try PasteWatch(display: display, window: form.window)
        try form.xdotool("key", "ctrl+v")
        try pastes.waitForPaste()  // before Tab, or it would land in the next field
        for _ in 0..<3 { try form.xdotool("key", "Tab") }  // to the notes
        try form.xdotool("key", "ctrl+v")
        try pastes.waitForPaste()
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(values["name"] as? String == "line one line two")
        #expect(values["notes"] as? String == "line one\nline two")
    }

    /// A paste that holds control characters (a NUL, a terminal's escape sequence and bell) loses
    /// them, so a script that echoes the answer sends its terminal nothing but text; a text area
    /// keeps its tabs and line breaks.
    @Test @MainActor func pastedControlCharactersAreDropped() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        let pastes = try PasteWatch(display: display, window: form.window)
        try writeSelection("clipboard", "a\u{0}b\u{1b}[31mred\u{7}", display: display)
        try form.xdotool("key", "ctrl+v")
        try pastes.waitForPaste()
        for _ in 0..<3 { try form.xdotool("key", "Tab") }  // to the notes
        try writeSelection("clipboard", "x\ty\u{1b}z\r\nw", display: display)
        try form.xdotool("key", "ctrl+v")
        try pastes.waitForPaste()
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(values["name"] as? String == "ab[31mred")
        #expect(values["notes"] as? String == "x\tyz\nw")
    }

    @Test @MainActor func middleClickPastesPrimaryWhereItLands() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        try form.xdotool("type", "--delay", "5", "Grace")
        try form.xdotool("key", "shift+Home")
        #expect(try readText("primary", display: display) == "Grace")
        try writeSelection("primary", "Hopper", display: display)
        let pastes = try PasteWatch(display: display, window: form.window)
        let email = try Self.frame(of: "email", in: Self.form)
        form.driver.click(x: email.midX, y: email.midY, button: 2)
        try pastes.waitForPaste()
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(values["name"] as? String == "Grace")
        #expect(values["email"] as? String == "Hopper")
    }

    /// 10 MiB come in through INCR and go out the same way, and keys work all along: a key
    /// typed while the paste arrives lands before or after it, never lost.
    @Test @MainActor func tenMegabytesPasteAndCopyIncrementallyAndKeysStillWork() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        let big = String(repeating: "0123456789abcdef", count: 10 * 1024 * 1024 / 16)
        try writeSelection("clipboard", big, display: display)
        try form.xdotool("key", "ctrl+v")
        try form.xdotool("type", "--delay", "5", "!")
        let name = try Self.frame(of: "name", in: Self.form)
        // The pasted text shows beyond the "!" once it has arrived.
        try waitUntil("the paste to show") { try Self.hasText(form, in: name, from: 40) }
        try form.xdotool("key", "End")
        try form.xdotool("type", "--delay", "5", "?")
        let clipboard = try SelectionWatch("clipboard", display: display)
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "ctrl+c")
        try clipboard.waitForChange()
        let copied = try readSelection("clipboard", display: display)
        #expect(copied.status == 0)
        #expect(copied.bytes.count == big.utf8.count + 2)
        #expect(copied.bytes.first == UInt8(ascii: "!") || copied.bytes.dropLast().last == UInt8(ascii: "!"))
        #expect(copied.bytes.last == UInt8(ascii: "?"))
        try form.xdotool("key", "Escape")
        try form.xdotool("key", "Escape")
        #expect(form.finish().status == 1)
    }

    @Test @MainActor func passwordTextReachesNeitherSelection() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        try writeSelection("clipboard", "clipboard before", display: display)
        try writeSelection("primary", "primary before", display: display)
        for _ in 0..<2 { try form.xdotool("key", "Tab") }  // to the PIN
        try form.xdotool("type", "--delay", "5", "secret")
        try form.xdotool("key", "shift+Home")
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "ctrl+c")
        try form.xdotool("key", "ctrl+x")
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["pin"] as? String == "secret")
        // Read once the form has handled every key and gone: had it taken a selection, that
        // selection would now have no owner at all.
        #expect(try readText("clipboard", display: display) == "clipboard before")
        #expect(try readText("primary", display: display) == "primary before")
    }

    /// An owner that never answers: keys work while the paste waits, the paste is given up after
    /// its timeout and said so, and the next paste works.
    @Test @MainActor func aSilentOwnerNeitherBlocksTheFormNorTheNextPaste() throws {
        let form = try ScriptedWindow(["--form", try formFile(Self.form)])
        let display = form.server.displayName
        let silent = try SilentOwner(display: display, selection: "CLIPBOARD")
        try form.xdotool("key", "ctrl+v")
        try form.type("still here")
        let clipboard = try SelectionWatch("clipboard", display: display)
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "ctrl+c")
        try clipboard.waitForChange()
        try form.xdotool("key", "Tab")
        withExtendedLifetime(silent) {
            waitUntil("the paste to be given up") {
                form.stderr == "keyform: nothing pasted: the owner of CLIPBOARD did not answer within 2 s\n"
            }
        }
        try writeSelection("clipboard", "after", display: display)
        let pastes = try PasteWatch(display: display, window: try form.windowID())
        try form.xdotool("key", "ctrl+v")
        try pastes.waitForPaste()
        let values = try form.submit()
        #expect(values["name"] as? String == "still here")
        #expect(values["email"] as? String == "after")
    }

    @Test @MainActor func theClipboardOutlivesKeyformWithAClipboardManager() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        let manager = try ClipboardManagerStub(display: display)
        try form.xdotool("type", "--delay", "5", "Keep me")
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "ctrl+c")
        // No ping after the Escape that cancels: as it exits, the form hands the clipboard over
        // to the manager, which must be served meanwhile.
        form.driver.key(Key.escape.keysym)
        manager.serve { form.process.isRunning }
        #expect(form.finish().status == 1)
        #expect(manager.saved == Array("Keep me".utf8))
        let xclip = try FormProcess(display: display, program: "/usr/bin/xclip", arguments: ["-o", "-selection", "clipboard"])
        manager.serve { xclip.process.isRunning }
        #expect(xclip.finish().stdout == "Keep me")
    }

    /// The form gives a manager that never answers a moment (two seconds), then exits.
    @Test @MainActor func aManagerThatNeverAnswersDoesNotKeepTheFormFromExiting() throws {
        let form = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = form.server.displayName
        let manager = try SilentOwner(display: display, selection: "CLIPBOARD_MANAGER")
        try form.xdotool("type", "--delay", "5", "x")
        try form.xdotool("key", "ctrl+a")
        try form.xdotool("key", "ctrl+c")
        try form.xdotool("key", "Escape")
        try form.xdotool("key", "Escape")
        #expect(withExtendedLifetime(manager) { form.finish().status } == 1)
    }

    static let second = """
        {"title": "Second", "size": {"width": 240, "height": 160},
         "fields": [{"id": "other", "type": "text", "label": "Other"}],
         "commands": [{"key": "ctrl+Return", "action": "submit", "title": "Submit"}]}
        """

    /// Two forms on one display: keys reach only the focused one, each keeps its own selections
    /// and gives PRIMARY up when the other takes it, and they paste from each other.
    @Test @MainActor func twoWindowsOnOneDisplayDoNotInterfere() throws {
        let first = try LiveForm(arguments: ["--form", try formFile(Self.form)])
        let display = first.server.displayName
        let second = try FormProcess(display: display, form: try formFile(Self.second))
        let window = try windowNamed("Second", display: display)
        try first.xdotool("windowmove", String(window), "450", "0")
        try first.xdotool("windowfocus", "--sync", String(window))
        try first.xdotool("type", "--delay", "5", "beta")
        try first.xdotool("key", "ctrl+a")  // PRIMARY: "beta", from the second window
        try first.xdotool("key", "ctrl+c")  // CLIPBOARD: "beta"
        first.driver.sync(window: window)
        try first.xdotool("windowfocus", "--sync", String(first.window))
        try first.xdotool("type", "--delay", "5", "alpha")
        try first.xdotool("key", "ctrl+a")  // PRIMARY: "alpha", from the first window
        try first.xdotool("key", "End")
        let firstPastes = try PasteWatch(display: display, window: first.window)
        try first.xdotool("key", "ctrl+v")  // the second window's CLIPBOARD
        try firstPastes.waitForPaste()

        try first.xdotool("windowfocus", "--sync", String(window))
        // The second window lost PRIMARY to the first: a middle click pastes the first's text.
        let other = try Self.frame(of: "other", in: Self.second)
        let secondPastes = try PasteWatch(display: display, window: window)
        try first.xdotool("mousemove", "--window", String(window), String(Int(other.maxX) - 4), String(Int(other.midY)), "click", "2")
        try secondPastes.waitForPaste()
        try first.xdotool("key", "ctrl+Return")
        let (secondStatus, secondStdout) = second.finish()
        #expect(secondStatus == 0)
        #expect(try first.values(secondStdout)["other"] as? String == "betaalpha")

        try first.xdotool("windowfocus", "--sync", String(first.window))
        try first.xdotool("key", "ctrl+Return")
        #expect(try first.submittedValues()["name"] as? String == "alphabeta")
    }

    /// Whether the window shows dark text pixels in `field` from `offset` points past its start.
    @MainActor static func hasText(_ form: LiveForm, in field: Rect, from offset: Double) throws -> Bool {
        let shot = try form.driver.screenshot(window: form.window)
        return try stride(from: field.minX + offset, to: field.maxX - 8, by: 1).contains { x in
            try shot.pixel(x: Int(x), y: Int(field.midY)).red < 128
        }
    }

    /// The window's frame of field `id` in `json`, as the real window lays it out.
    static func frame(of id: String, in json: String, scrolledBy dy: Double = 0) throws -> Rect {
        let session = FormSession(form: try FormFile.parse(Array(json.utf8), fileName: "form.json"), measurer: PangoTextMeasurer())
        if dy != 0 { session.handle(.scroll(dx: 0, dy: dy)) }
        return try #require(session.controlFrame(of: id))
    }
}
