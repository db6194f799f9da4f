import Foundation
import KeyformAutomation
import Testing

/// A dialog script the way people write them, for running under a GTK dialog program (zenity,
/// yad) and under Keyform standing in for it, with the same keys typed through XTEST
/// (`ZenityCompatibilityTests`, `YadCompatibilityTests`).
struct DialogScript: CustomTestStringConvertible, Sendable {
    var name: String
    /// The window's title, to find it by.
    var title: String
    var script: String
    var keys: [String]
    /// Where the programs' keyboards differ, the keys that fill the same values in Keyform.
    var keyformKeys: [String]? = nil
    /// What the real program prints, where the test says it: so that the two cannot agree by
    /// both failing alike.
    var expected: String? = nil
    /// Where a script from a public repository comes from: `owner/repository path`.
    var source = ""
    var testDescription: String { name }

    /// Runs the script under bash on its own Xvfb with `program` the real one or Keyform (a
    /// `program` on the PATH that is `keyform`); waits for the window by its title, focuses it,
    /// types the keys (`keyformKeys` for Keyform when given) and waits for the script to end.
    @MainActor func run(as program: String, keyform asKeyform: Bool) throws -> (status: Int32, stdout: String, stderr: String) {
        let script = self, keys = asKeyform ? keyformKeys ?? self.keys : self.keys
        let server = try PrivateXServer(width: 1280, height: 800, timeout: patience)
        defer { server.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        if asKeyform {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(program).path, withDestinationPath: keyformBinary)
            path = directory.path + ":" + path
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script.script]
        // No accessibility bus for GTK to look for: it would only slow the GTK program's start.
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": server.displayName, "PATH": path, "NO_AT_BRIDGE": "1"]) { $1 }
        let out = directory.appendingPathComponent("out"), err = directory.appendingPathComponent("err")
        for file in [out, err] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        // yad reads fields' values from standard input when none follow its options: give it none.
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let xdotool = { (arguments: [String]) throws in
            let run = try runProgram("/usr/bin/timeout", [String(Int(patience)), "xdotool"] + arguments, environment: ["DISPLAY": server.displayName])
            #expect(run.status == 0, "xdotool \(arguments): \(run.stderr)")
        }
        if !keys.isEmpty {
            // The title as a regular expression of itself: a "." or "(" in it is text.
            let pattern = script.title.map { "\\^$.|?*+()[]{}".contains($0) ? "\\\($0)" : String($0) }.joined()
            try xdotool(["search", "--sync", "--onlyvisible", "--name", "^\(pattern)$", "windowfocus", "--sync", "%1"])
        }
        for key in keys {
            if key.hasPrefix("type:") { try xdotool(["type", "--delay", "20", String(key.dropFirst(5))]) } else { try xdotool(["key", "--delay", "50", key]) }
        }
        waitUntil("the script to end") { !process.isRunning }
        // A dialog the keys did not end: its display goes first, which ends a GTK program that
        // a shell waiting on it would outlive SIGTERM for.
        if process.isRunning { server.stop(); process.terminate(); process.waitUntilExit() }
        let text = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, text(out), text(err))
    }
}
