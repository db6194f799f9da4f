import Foundation
import KeyformAutomation
import KeyformX11
import Testing

/// A `keyform` window on its own Xvfb, as a script runs it: standard output and error kept, any
/// environment, and the server can be killed under it.
@MainActor
final class ScriptedWindow {
    let server: PrivateXServer
    let process = Process()
    let directory: URL
    let driver: XTestDriver
    /// The form's window.
    let window: UInt32

    /// Runs `keyform ARGUMENTS --no-blink`, or `program ARGUMENTS` (a shell running a script), and
    /// waits for its window by `wmClass`, on `server` or an Xvfb of its own. Standard output goes
    /// to a file `stdout` reads, or to `standardOutput` when given.
    init(_ arguments: [String], program: String? = nil, stdin: String? = nil, environment: [String: String] = [:],
         standardOutput: FileHandle? = nil, wmClass: String = "keyform", server: PrivateXServer? = nil) throws {
        self.server = try server ?? PrivateXServer(width: 800, height: 600, timeout: patience)
        directory = try temporaryDirectory()
        process.executableURL = URL(fileURLWithPath: program ?? keyformBinary)
        process.arguments = program == nil ? arguments + ["--no-blink"] : arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["DISPLAY": self.server.displayName]) { $1 }) { $1 }
        for name in ["out", "err"] { FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil) }
        process.standardOutput = try standardOutput ?? FileHandle(forWritingTo: directory.appendingPathComponent("out"))
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("err"))
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        driver = try XTestDriver(displayName: self.server.displayName)
        window = try driver.waitForWindow(wmClass: wmClass, timeout: patience)
    }

    func xdotool(_ arguments: String...) throws {
        let run = try KeyformEndToEndTests.xdotool(arguments, display: server.displayName)
        #expect(run.status == 0, "xdotool \(arguments): \(run.stderr)")
        driver.sync()
    }

    func type(_ text: String) throws { try xdotool("type", "--delay", "5", text) }

    /// Waits for the form to exit and returns its status; nil, and a failure, if it still runs
    /// after `patience`.
    func exitStatus(sourceLocation: SourceLocation = #_sourceLocation) -> Int32? {
        waitUntil("keyform to exit", sourceLocation: sourceLocation) { !process.isRunning }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Waits for the process to end and says whether `signal` ended it (it did not exit).
    func diedBy(_ signal: Int32, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        waitUntil("the process to end", sourceLocation: sourceLocation) { !process.isRunning }
        return !process.isRunning && process.terminationReason == .uncaughtSignal && process.terminationStatus == signal
    }

    var stdout: String { text("out") }
    var stderr: String { text("err") }

    private func text(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    isolated deinit {
        if process.isRunning {
            process.terminate()
            if exitStatus() == nil { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Nothing typed is lost: drafts, a killed X server, signals, timeouts, refused submits.
@Suite("Scripts and the window under Xvfb", .serialized) struct ScriptWindowTests {
    static let form = #"""
    {"title": "Report", "fields": [
      {"id": "name", "type": "text", "label": "_Name"},
      {"id": "pin", "type": "password", "label": "_PIN"},
      {"id": "mail", "type": "email", "label": "_Mail", "required": true}]}
    """#

    func draftPath() throws -> String { try temporaryDirectory().appendingPathComponent("report.draft").path }

    func draft(at path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test @MainActor func killingTheXServerWritesTheDraftAndExits3() throws {
        let path = try draftPath()
        let form = try ScriptedWindow(["--form", "-", "--draft", path], stdin: Self.form)
        try form.type("Ada")
        try form.xdotool("key", "Tab")
        try form.type("1234")
        form.server.stop()  // SIGTERM to Xvfb; returns once it is gone
        #expect(form.exitStatus() == 3, "\(form.stderr)")
        #expect(try draft(at: path) as? [String: String] == ["name": "Ada", "mail": ""])
        #expect(form.stderr.contains("saved in \(path)"), "\(form.stderr)")
    }

    @Test @MainActor func withoutADraftTheValuesGoToStandardError() throws {
        let form = try ScriptedWindow(["--form", "-", "--output", "shell"], stdin: Self.form)
        try form.type("it's me")
        try form.xdotool("key", "Tab")
        try form.type("1234")
        form.server.stop()
        #expect(form.exitStatus() == 3)
        #expect(form.stderr.contains("name='it'\\''s me'\nmail=''\n"), "\(form.stderr)")
        #expect(!form.stderr.contains("1234"))
        #expect(form.stdout.isEmpty)
    }

    /// The draft is saved, then Keyform ends by the signal as zenity does, so a calling shell
    /// sees a death by it (`NoAnswerLostTests` runs both under bash).
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    @MainActor func aTerminationSignalWritesTheDraftThenEndsByIt(signal: Int32) throws {
        let path = try draftPath()
        let form = try ScriptedWindow(["--form", "-", "--draft", path], stdin: Self.form)
        try form.type("Grace")
        kill(form.process.processIdentifier, signal)
        #expect(form.diedBy(signal), "\(form.stderr)")
        #expect(try draft(at: path)["name"] as? String == "Grace")
        let name = [SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGINT: "SIGINT"][signal]!
        #expect(form.stderr.contains("stopped by \(name); the values are saved in \(path)"), "\(form.stderr)")
    }

    /// Text typed into a token field and not yet made a token is among the values saved.
    @Test @MainActor func aSignalKeepsTheTextNotYetAToken() throws {
        let form = try ScriptedWindow(["--tokens", "Tags", "--field", "Name"])
        try form.type("half typed")
        kill(form.process.processIdentifier, SIGTERM)
        #expect(form.diedBy(SIGTERM), "\(form.stderr)")
        #expect(form.stderr.hasSuffix(#"{"tags":["half typed"],"name":""}"# + "\n"), "\(form.stderr)")
    }

    @Test @MainActor func theDraftIsSavedWhileTypingRestoredNextTimeAndRemovedOnSubmit() throws {
        let path = try draftPath()
        do {
            let form = try ScriptedWindow(["--form", "-", "--draft", path], stdin: Self.form)
            try form.type("Ada")
            // The save comes a moment after the typing stops.
            waitUntil("the draft") { (try? draft(at: path)) as? [String: String] == ["name": "Ada", "mail": ""] }
            form.server.stop()
            #expect(form.exitStatus() == 3)
            #expect(FileManager.default.fileExists(atPath: path), "a form whose display went keeps its draft")
        }
        let form = try ScriptedWindow(["--form", "-", "--draft", path, "--value", "name=Someone else"], stdin: Self.form)
        try form.xdotool("key", "End")
        try form.type(" Lovelace")
        try form.xdotool("key", "Tab")
        try form.xdotool("key", "Tab")
        try form.type("ada@example.org")
        try form.xdotool("key", "Return")
        #expect(form.exitStatus() == 0, "\(form.stderr)")
        #expect(form.stdout == #"{"name":"Ada Lovelace","pin":"","mail":"ada@example.org"}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: path), "a submitted form removes its draft")
    }

    /// The person chose to discard what was typed: the next start must not bring it back.
    @Test @MainActor func aCancelRemovesTheDraft() throws {
        let path = try draftPath()
        let form = try ScriptedWindow(["--form", "-", "--draft", path], stdin: Self.form)
        try form.type("Ada")
        waitUntil("the draft") { FileManager.default.fileExists(atPath: path) }
        try form.xdotool("key", "Escape")
        #expect(form.exitStatus() == 1)
        #expect(!FileManager.default.fileExists(atPath: path), "a cancelled form removes its draft")
    }

    @Test @MainActor func anInvalidSubmitKeepsTheWindowOpenUntilFixed() throws {
        let form = try ScriptedWindow(["--form", "-"], stdin: Self.form)
        try form.type("Ada")
        try form.xdotool("key", "Tab")
        try form.xdotool("key", "Tab")
        // Each Return is handled before `xdotool` returns (the window answers a ping after it): a
        // submit would have printed the values by then.
        try form.xdotool("key", "Return")  // on the last field: submit, refused
        #expect(form.stdout.isEmpty, "submitted with an empty required field")
        try form.type("ada@")  // the focus is on the mail field
        try form.xdotool("key", "Return")
        #expect(form.stdout.isEmpty, "submitted an invalid address")
        try form.type("example.org")
        try form.xdotool("key", "Return")
        #expect(form.exitStatus() == 0)
        #expect(form.stdout.contains(#""mail":"ada@example.org""#))
    }

    /// As zenity: exit 5. What was entered is not thrown away: it goes to standard error, as on
    /// SIGTERM (passwords left out).
    @Test @MainActor func theTimeoutExits5WithTheValuesOnStandardError() throws {
        let form = try ScriptedWindow(["--form", "-", "--timeout", "1", "--value", "name=Ada", "--value", "pin=1234"], stdin: Self.form)
        #expect(form.exitStatus() == 5)
        #expect(form.stderr.contains("timed out after 1 s"), "\(form.stderr)")
        #expect(form.stderr.contains(#"{"name":"Ada","mail":""}"#), "\(form.stderr)")
        #expect(form.stdout.isEmpty)
    }
}
