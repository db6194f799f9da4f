import Foundation
import KeyformAutomation
import KeyformCairo
import Testing

/// Window manners on a desktop: under openbox, another window taking the focus greys Keyform's
/// focus (its ring, its focused border), and activating Keyform again restores it; every key
/// and click sets `_NET_WM_USER_TIME`, which openbox reads to prevent focus stealing.
@Suite("The active and the inactive window under openbox", .serialized) struct ActiveWindowTests {
    /// How many pixels of the light palette's accent (the focused field's 2 px border) and of its
    /// inactive grey the window shows.
    static func focusPixels(_ shot: CairoSurface) -> (accent: Int, grey: Int) {
        var (accent, grey) = (0, 0)
        for y in 0..<200 {
            for x in 0..<520 {
                guard let p = shot.rgb(x: x, y: y) else { continue }
                if (p.red, p.green, p.blue) == (0x1c, 0x71, 0xd8) { accent += 1 }
                if (p.red, p.green, p.blue) == (0x77, 0x76, 0x7b) { grey += 1 }
            }
        }
        return (accent, grey)
    }

    @MainActor func xprop(_ server: PrivateXServer, _ arguments: String...) throws -> String {
        let run = try runProgram("/usr/bin/xprop", arguments, environment: ["DISPLAY": server.displayName])
        #expect(run.status == 0, "xprop: \(run.stderr)")
        return run.stdout
    }

    /// Starts openbox on `server` and waits until it manages the screen (it has set
    /// `_NET_SUPPORTING_WM_CHECK`) and has finished starting (it holds the focus). `focusNew`:
    /// whether it gives a new window the focus.
    @MainActor func windowManager(on server: PrivateXServer, focusNew: Bool = true) throws -> ChildProcess {
        var arguments: [String] = []
        if !focusNew {
            let config = try temporaryDirectory().appendingPathComponent("rc.xml")
            try Data(#"<openbox_config xmlns="http://openbox.org/3.4/rc"><focus><focusNew>no</focusNew></focus></openbox_config>"#.utf8)
                .write(to: config)
            arguments = ["--config-file", config.path]
        }
        let openbox = try ChildProcess(path: "/usr/bin/openbox", arguments: arguments, environment: ["DISPLAY": server.displayName])
        // openbox names itself on the root before it has finished starting; it ends by giving the
        // focus to a window of its own. Until then the focus is still PointerRoot, and a window
        // opened then starts active (`focusIsElsewhere`) whatever `focusNew` says.
        _ = try waitUntil("openbox to manage the screen and hold the focus") {
            try xprop(server, "-root", "_NET_SUPPORTING_WM_CHECK").contains("window id")
                && xdotool(["getwindowfocus"], display: server.displayName).status == 0
        }
        return openbox
    }

    /// Type, let another window take the focus, click the form's empty background to bring it
    /// back, type on: the field that had focus keeps it, so nothing is dropped. The same steps
    /// under zenity, whose answer Keyform's must match.
    @Test(arguments: ["zenity", "keyform"])
    @MainActor func aClickOnTheBackgroundBringsTheFormBackWithItsField(program: String) throws {
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let openbox = try windowManager(on: server)
        defer { openbox.terminate(); openbox.waitUntilExit() }
        let directory = try temporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("zenity").path, withDestinationPath: keyformBinary)
        let zenity = program == "zenity" ? "/usr/bin/zenity" : directory.appendingPathComponent("zenity").path
        let form = try ScriptedWindow(["--forms", "--title", "Full", "--add-entry", "Name", "--add-entry", "Mail"], program: zenity,
                                      environment: ["NO_AT_BRIDGE": "1"], wmClass: program, server: server)
        let focused = { try xdotool(["getwindowfocus"], display: server.displayName).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        _ = try waitUntil("the form to have the focus") { try focused() == String(form.window) }
        try form.type("abc")
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        let other = try ChildProcess(path: keyformBinary, arguments: ["--title", "Other", "--field", "Other", "--no-blink"],
                                     environment: ["DISPLAY": server.displayName], standardOutput: null)
        defer { other.terminate(); other.waitUntilExit() }
        _ = try waitUntil("the other window to take the focus") { try focused() != String(form.window) }
        // Out of the way of the form's top left corner, where the click goes.
        try form.xdotool("search", "--name", "^Other$", "windowmove", "%@", "600", "450")
        try form.xdotool("mousemove", "--window", String(form.window), "3", "3", "click", "1")
        _ = try waitUntil("the click to bring the form back") { try focused() == String(form.window) }
        try form.type("def")
        for key in ["Tab", "Tab", "Tab", "Return"] { try form.xdotool("key", key) }  // past Mail and Cancel to OK
        #expect(form.exitStatus() == 0, "\(program): \(form.stderr)")
        #expect(form.stdout == "abcdef|\n", "\(program)")
    }

    @Test @MainActor func anotherWindowTakingFocusGreysTheFocus() throws {
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let openbox = try windowManager(on: server)
        defer { openbox.terminate(); openbox.waitUntilExit() }
        let form = try LiveForm(arguments: ["--form", demoForm, "--theme", "light"], server: server)
        let (driver, window) = (form.driver, form.window)
        _ = try driver.screenshot(of: window, when: { Self.focusPixels($0).accent > 100 && Self.focusPixels($0).grey == 0 },
                                  "the name field is not focused in blue")

        // A second window that takes keys, opened and focused by openbox as any new window.
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        let other = try ChildProcess(path: keyformBinary, arguments: ["--field", "Other", "--no-blink"], environment: ["DISPLAY": server.displayName],
                                     standardOutput: null)
        defer { other.terminate(); other.waitUntilExit() }
        try Self.expectGreyedThenBlueOnActivation(window, driver: driver, display: server.displayName,
                                                  greyed: "another window took the focus", blue: "activated again")
        driver.key(0xff1b)  // Escape: it has the keys again
        #expect(form.finish().status == 1)
    }

    /// A window the window manager does not give the focus (as focus-stealing prevention does)
    /// opens in the inactive colours, and turns blue at its first activation. Found by xdotool,
    /// not by the driver, which would give it the focus.
    @Test @MainActor func aWindowOpenedWithoutTheFocusStartsInactive() throws {
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let openbox = try windowManager(on: server, focusNew: false)
        defer { openbox.terminate(); openbox.waitUntilExit() }
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        let form = try ChildProcess(path: keyformBinary, arguments: ["--form", demoForm, "--theme", "light", "--no-blink"],
                                    environment: ["DISPLAY": server.displayName], standardOutput: null)
        defer { form.terminate(); form.waitUntilExit() }
        var found: UInt32?
        _ = try waitUntil("Keyform's window to show") {
            let search = try xdotool(["search", "--onlyvisible", "--classname", "keyform"], display: server.displayName)
            found = search.stdout.split(separator: "\n").first.flatMap { UInt32($0) }
            return found != nil
        }
        let window = try #require(found)
        let driver = try XTestDriver(displayName: server.displayName)
        try Self.expectGreyedThenBlueOnActivation(window, driver: driver, display: server.displayName,
                                                  greyed: "opened without the focus", blue: "activated")
    }

    /// Waits until Keyform's focus is drawn grey, has the window manager activate the window,
    /// and waits until it is blue again; `greyed` and `blue` say when, for the failures.
    @MainActor static func expectGreyedThenBlueOnActivation(_ window: UInt32, driver: XTestDriver, display: String,
                                                            greyed: String, blue: String) throws {
        _ = try driver.screenshot(of: window, when: { focusPixels($0).grey > 100 && focusPixels($0).accent == 0 },
                                  "\(greyed), yet Keyform's focus is not greyed")
        let activate = try xdotool(["windowactivate", String(window)], display: display)
        #expect(activate.status == 0, "xdotool windowactivate: \(activate.stderr)")
        _ = try driver.screenshot(of: window, when: { focusPixels($0).accent > 100 && focusPixels($0).grey == 0 },
                                  "\(blue), Keyform's focus is not blue")
    }

    /// `_NET_WM_USER_TIME` lives on the window `_NET_WM_USER_TIME_WINDOW` names (as in GTK):
    /// unset until the person does something, then the server time of the last key or click.
    @Test @MainActor func userTimeFollowsTheLastKey() throws {
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let form = try LiveForm(arguments: ["--form", demoForm], server: server)
        let named = try xprop(server, "-id", String(form.window), "_NET_WM_USER_TIME_WINDOW")
        let timeWindow = try #require(named.split(separator: "#").last?.trimmingCharacters(in: .whitespacesAndNewlines), "\(named)")
        func userTime() throws -> UInt32? {
            let text = try xprop(server, "-id", timeWindow, "_NET_WM_USER_TIME")
            guard text.contains("=") else { return nil }
            return text.split(separator: "=").last.flatMap { UInt32(String($0).trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        #expect(try userTime() == nil, "set before the person did anything")
        form.driver.type("A")
        form.driver.sync()
        let first = try #require(try userTime(), "no _NET_WM_USER_TIME after a key")
        #expect(first > 0)
        // A later key: a later (or, within the same millisecond, the same) server time.
        form.driver.type("d")
        form.driver.sync()
        #expect(try #require(try userTime()) >= first)
        form.driver.key(0xff1b)
        #expect(form.finish().status == 1)
    }
}
