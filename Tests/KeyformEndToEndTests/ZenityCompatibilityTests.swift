import Foundation
import KeyformAutomation
import Testing

/// zenity scripts, written the way people write them, run under zenity and under Keyform (a
/// `zenity` on the PATH that is `keyform`) with the same keys typed through XTEST: standard output
/// and exit status must be the same. zenity 3.44's forms differ from its later versions in
/// places, and these scripts keep to what both do the same way: entries, passwords, calendars
/// left on today, separators, labels, Escape, the timeout. Return in a zenity entry does nothing,
/// so the keys Tab to OK (past Cancel, in both) and press Return there.
@Suite("zenity --forms scripts under zenity and Keyform", .serialized) struct ZenityCompatibilityTests {
    struct Script: CustomTestStringConvertible, Sendable {
        var name: String
        var title: String
        var script: String
        var keys: [String]
        var testDescription: String { name }
    }

    static let scripts: [Script] = [
        Script(name: "one entry", title: "Name", script: #"zenity --forms --title=Name --add-entry="Your name""#,
               keys: ["type:Ada", "Tab", "Tab", "Return"]),
        Script(name: "login with a password", title: "Login",
               script: #"out=$(zenity --forms --title "Login" --text "Sign in" --add-entry "User" --add-password "Password") || exit $?; echo "user=${out%%|*}""#,
               keys: ["type:ada", "Tab", "type:s3cr|t", "Tab", "Tab", "Return"]),
        Script(name: "a separator of its own", title: "Contact",
               script: #"zenity --forms --title "Contact" --separator "," --add-entry "First" --add-entry "Last" --add-entry "Email""#,
               keys: ["type:Ada", "Tab", "type:Lovelace", "Tab", "type:ada@example.org", "Tab", "Tab", "Return"]),
        Script(name: "read into variables", title: "New user",
               script: #"IFS='|' read -r name mail < <(zenity --forms --title="New user" --add-entry="Name" --add-entry="E-mail"); echo "$name <$mail>""#,
               keys: ["type:Ada Lovelace", "Tab", "type:ada@example.org", "Tab", "Tab", "Return"]),
        Script(name: "labels with colons and underscores", title: "Labels",
               script: #"zenity --forms --title Labels --add-entry "Name:" --add-entry "user_name:""#,
               keys: ["type:a", "Tab", "type:b_c", "Tab", "Tab", "Return"]),
        Script(name: "a field left empty", title: "Optional",
               script: #"zenity --forms --title Optional --add-entry "Required" --add-entry "Optional" --add-entry "Also""#,
               keys: ["type:x", "Tab", "Tab", "type:z", "Tab", "Tab", "Return"]),
        Script(name: "cancelled with Escape", title: "Cancel me",
               script: #"if ! zenity --forms --title "Cancel me" --add-entry "Name"; then echo "cancelled: $?"; fi"#,
               keys: ["type:Ada", "Escape"]),
        Script(name: "cancelled with the Cancel button", title: "Cancel button",
               script: #"zenity --forms --title "Cancel button" --add-entry Name; echo "status $?""#,
               keys: ["type:Ada", "Tab", "Return"]),
        Script(name: "a calendar left on today", title: "Due",
               script: #"zenity --forms --title Due --add-entry Task --add-calendar "Due date""#,
               keys: ["type:Write", "Tab", "Tab", "Tab", "Return"]),
        Script(name: "a date format", title: "Date",
               script: #"zenity --forms --title Date --add-calendar Day --forms-date-format="%Y-%m-%d""#,
               keys: ["Tab", "Tab", "Return"]),
        Script(name: "labels on the buttons", title: "Buttons",
               script: #"zenity --forms --title Buttons --ok-label "Send" --cancel-label "Back" --add-entry Note"#,
               keys: ["type:hi", "Tab", "Tab", "Return"]),
        Script(name: "a size and a text", title: "Sized",
               script: #"zenity --forms --title Sized --width 400 --height 300 --text "Tell us" --add-entry "Town""#,
               keys: ["type:Paris", "Tab", "Tab", "Return"]),
        Script(name: "the timeout", title: "Hurry",
               script: #"zenity --forms --title Hurry --timeout 1 --add-entry Name; echo "status $?""#,
               keys: []),
    ]

    @Test(arguments: scripts)
    @MainActor func keyformAnswersAsZenityDoes(_ script: Script) throws {
        let zenity = try Self.run(script, asKeyform: false)
        let keyform = try Self.run(script, asKeyform: true)
        #expect(keyform.status == zenity.status, "zenity: \(zenity), keyform: \(keyform)")
        #expect(keyform.stdout == zenity.stdout, "zenity: \(zenity), keyform: \(keyform)")
    }

    /// Runs the script under bash on its own Xvfb with `zenity` the real one or Keyform; waits for
    /// the window by its title, focuses it, types the keys and waits for the script to end.
    @MainActor static func run(_ script: Script, asKeyform: Bool) throws -> (status: Int32, stdout: String, stderr: String) {
        let server = try PrivateXServer(width: 1280, height: 800, timeout: patience)
        defer { server.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        if asKeyform {
            try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("zenity").path, withDestinationPath: keyformBinary)
            path = directory.path + ":" + path
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script.script]
        // No accessibility bus for GTK to look for: it would only slow zenity's start.
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": server.displayName, "PATH": path, "NO_AT_BRIDGE": "1"]) { $1 }
        let out = directory.appendingPathComponent("out"), err = directory.appendingPathComponent("err")
        for file in [out, err] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let xdotool = { (arguments: [String]) throws in
            let run = try runProgram("/usr/bin/timeout", [String(Int(patience)), "xdotool"] + arguments, environment: ["DISPLAY": server.displayName])
            #expect(run.status == 0, "xdotool \(arguments): \(run.stderr)")
        }
        if !script.keys.isEmpty {
            try xdotool(["search", "--sync", "--onlyvisible", "--name", "^\(script.title)$", "windowfocus", "--sync", "%1"])
        }
        for key in script.keys {
            if key.hasPrefix("type:") { try xdotool(["type", "--delay", "20", String(key.dropFirst(5))]) } else { try xdotool(["key", "--delay", "50", key]) }
        }
        waitUntil("the script to end") { !process.isRunning }
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        let text = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return (process.terminationStatus, text(out), text(err))
    }
}
