import Foundation
import KeyformAutomation
import KeyformCairo
import KeyformCore
import KeyformX11
import Testing

/// The real window on a private Xvfb, with keys sent through the X server by xdotool (XTEST),
/// as a person's keyboard would send them.
@MainActor
final class LiveForm {
    let server: PrivateXServer
    let process = Process()
    let output = Pipe()
    let driver: XTestDriver
    let window: UInt32

    /// `server`: one already started (an input method running on it); `environment` is added to
    /// the form's; `program`: `keyform`, or a program built on the `Keyform` library.
    init(layout: String = "us", arguments: [String] = ["--form", demoForm], server: PrivateXServer? = nil,
         environment: [String: String] = [:], program: String = keyformBinary) throws {
        self.server = try server ?? PrivateXServer(width: 800, height: 600, timeout: patience)
        try Self.xkbmap(layout, display: self.server.displayName)
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments + ["--no-blink"]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": self.server.displayName]) { $1 }
            .merging(environment) { $1 }
        process.standardOutput = output
        try process.run()
        driver = try XTestDriver(displayName: self.server.displayName)
        window = try driver.waitForWindow(wmClass: "keyform", timeout: patience)
    }

    /// Switches the server's keyboard layout, as `setxkbmap` in a desktop session does.
    func xkbmap(_ layout: String) throws { try Self.xkbmap(layout, display: server.displayName) }

    static func xkbmap(_ layout: String, display: String) throws {
        let run = try runProgram("/usr/bin/setxkbmap", ["-display", display, layout])
        #expect(run.status == 0, "setxkbmap \(layout): \(run.stderr)")
    }

    /// `xdotool type` / `xdotool key …`, then a ping: the window has handled the keys and painted.
    func xdotool(_ arguments: String...) throws {
        let run = try KeyformEndToEndTests.xdotool(arguments, display: server.displayName)
        #expect(run.status == 0, "xdotool \(arguments): \(run.stderr)")
        driver.sync()
    }

    /// Waits for the form to exit; returns its status and standard output.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) -> (status: Int32, stdout: String) {
        waitUntil("keyform to exit", sourceLocation: sourceLocation) { !process.isRunning }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    func values(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    /// Waits for the form to exit, expects it submitted, and returns the values it printed.
    func submittedValues(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let (status, stdout) = finish()
        #expect(status == 0, "the form did not submit", sourceLocation: sourceLocation)
        return try values(stdout)
    }

    isolated deinit {
        if process.isRunning { process.terminate() }
        server.stop()
    }
}

@Suite("The window under Xvfb", .serialized) struct WindowTests {
    /// Eight Tabs from the name field reach Submit in the demo's tab order.
    static let tabsFromNameToSubmit = Array(repeating: "Tab", count: 8)

    @Test @MainActor func typingShiftTabAndReturnOnTheLastFieldSubmit() throws {
        let form = try LiveForm()
        try form.xdotool("type", "--delay", "5", "Ada")
        try form.xdotool("key", "Tab")
        try form.xdotool("type", "--delay", "5", "ada@example.org")
        try form.xdotool("key", "shift+Tab")  // back to the name, its text selected (GTK's rule)
        try form.xdotool("type", "--delay", "5", "Grace")
        for _ in Self.tabsFromNameToSubmit { try form.xdotool("key", "Tab") }
        try form.xdotool("key", "Return")
        let values = try form.submittedValues()
        #expect(values["name"] as? String == "Grace")
        #expect(values["email"] as? String == "ada@example.org")
        #expect(values["years"] as? String == "0")
        #expect(values["skills"] as? [String] == ["Swift"])
    }

    @Test @MainActor func russianLayoutTypesCyrillicAndTabStillMoves() throws {
        let form = try LiveForm(layout: "ru")
        try form.xdotool("type", "--delay", "5", "Ада")
        try form.xdotool("key", "Tab")
        try form.xdotool("type", "--delay", "5", "почта")
        try form.xdotool("key", "shift+Tab")
        try form.xdotool("key", "End")
        try form.xdotool("type", "--delay", "5", "!")
        for _ in Self.tabsFromNameToSubmit { try form.xdotool("key", "Tab") }
        try form.xdotool("key", "Return")
        let values = try form.submittedValues()
        #expect(values["name"] as? String == "Ада!")
        #expect(values["email"] as? String == "почта")
    }

    @Test @MainActor func hebrewLayoutTypesRightToLeftText() throws {
        let form = try LiveForm(layout: "il")
        try form.xdotool("type", "--delay", "5", "שלום")
        try form.xdotool("key", "Left")  // visual motion: in a right-to-left word, Left moves forwards
        for _ in Self.tabsFromNameToSubmit { try form.xdotool("key", "Tab") }
        try form.xdotool("key", "Return")
        #expect(try form.submittedValues()["name"] as? String == "שלום")
    }

    /// Up in a wrapped text area goes to the line drawn above, at the caret's x, in the window
    /// as in replay (both measure with Pango); a Up by logical lines would go to the start.
    @Test @MainActor func upInAWrappedTextAreaGoesToTheLineDrawnAbove() throws {
        let arguments = ["--textarea", "notes:Notes"]
        let text = (1...30).map { "word\($0)" }.joined(separator: " ")
        let form = try LiveForm(arguments: arguments)
        try form.xdotool("type", "--delay", "2", text)
        try form.xdotool("key", "Up")
        try form.xdotool("type", "X")
        try form.xdotool("key", "ctrl+Return")
        let typed = try #require(try form.submittedValues()["notes"] as? String)
        let replayed = try keyform(["replay"] + arguments + ["type:" + text, "Up", "type:X"])
        #expect(typed == (replayed.jsonLines.last?["values"] as? [String: Any])?["notes"] as? String)
        let offset = typed.distance(from: typed.startIndex, to: try #require(typed.firstIndex(of: "X")))
        #expect(offset > 0 && offset < text.count - 20, "X at \(offset) of \(typed.count)")
    }

    @Test @MainActor func aLayoutSwitchWhileOpenTakesEffectAndDeadKeysCompose() throws {
        let form = try LiveForm(layout: "us")
        try form.xdotool("type", "--delay", "5", "Jos")
        try form.xkbmap("de")
        try form.xdotool("key", "dead_acute", "e")
        for _ in Self.tabsFromNameToSubmit { try form.xdotool("key", "Tab") }
        try form.xdotool("key", "Return")
        #expect(try form.submittedValues()["name"] as? String == "José")
    }

    @Test @MainActor func escapeWithNothingBeingEditedCancels() throws {
        let form = try LiveForm()
        try form.xdotool("key", "Escape")  // ends editing the name
        try form.xdotool("key", "Escape")  // nothing being edited: cancel
        let (status, stdout) = form.finish()
        #expect(status == 1)
        #expect(stdout.isEmpty)
    }

    /// The focused field's ring is drawn where the layout says, in the accent colour.
    @Test @MainActor func screenshotShowsTheFocusRingOnTheFocusedField() throws {
        let form = try LiveForm()
        try form.xdotool("key", "Tab")  // from the name to the email field
        let shot = try form.driver.screenshot(window: form.window)
        let session = FormSession(form: try FormFile.parse([UInt8](FileManager.default.contents(atPath: demoForm)!), fileName: demoForm),
                                  measurer: PangoTextMeasurer())
        let email = try #require(session.controlFrame(of: "email"))
        let name = try #require(session.controlFrame(of: "name"))
        let ring = try shot.pixel(x: Int(email.midX), y: Int(email.minY) - 2)
        let noRing = try shot.pixel(x: Int(name.midX), y: Int(name.minY) - 2)
        #expect(ring.blue > 200 && ring.red < 190, "ring pixel \(ring)")
        #expect(noRing.blue < 250 && abs(Int(noRing.blue) - Int(noRing.red)) < 12, "unfocused pixel \(noRing)")
        try form.xdotool("key", "Escape")
        try form.xdotool("key", "Escape")
        #expect(form.finish().status == 1)
    }
}

extension CairoSurface {
    /// One pixel of an image surface, as 0–255 channels.
    func pixel(x: Int, y: Int) throws -> (red: UInt8, green: UInt8, blue: UInt8) {
        let (red, green, blue) = try #require(rgb(x: x, y: y))
        return (red, green, blue)
    }
}
