import Foundation
import KeyformAutomation
import KeyformCore
import KeyformX11

/// `keyform` with no display: the demo on a private Xvfb, driven with real keys through XTEST —
/// typing, Tab, Shift+Tab, the picker, submitting — with a numbered screenshot after each step.
@MainActor
struct DemoTour {
    /// The `keyform` to show the demo with, and the demo form.
    let keyform: String
    let form: String
    let directory: String
    /// The ids of the form's password fields, left out of what the tour prints.
    let secrets: Set<String>

    /// A step: what it does, then the screenshot's name.
    private struct Step {
        var name: String
        var keys: [TourKey]
    }

    private enum TourKey {
        case type(String)
        case key(Key, Modifiers = [])
        static let tab = TourKey.key(.tab)
        static let shiftTab = TourKey.key(.isoLeftTab, [.shift])
        static let returnKey = TourKey.key(.returnKey)
    }

    private let steps: [Step] = [
        Step(name: "start", keys: []),
        Step(name: "typed-name-and-email", keys: [.type("Ada Lovelace"), .tab, .type("ada@example.org")]),
        Step(name: "picker-open", keys: [.tab, .key(.space), .key(.down), .key(.down), .key(.down), .key(.down), .key(.down)]),
        Step(name: "team-size-shown", keys: [.returnKey, .tab, .type("4")]),
        Step(name: "shift-tab-back-to-picker", keys: [.shiftTab]),
        Step(name: "address-section", keys: [.tab, .tab, .type("London"), .tab, .type("W1A 1AA")]),
        Step(name: "skills-token", keys: [.tab, .type("X11"), .returnKey]),
        Step(name: "scrolled-to-the-end", keys: [.tab, .type("Keyboard first, always."), .tab, .type("1234"), .tab]),
    ]

    /// How long (seconds) the tour waits for its form's window, or for it to submit, before it
    /// calls it hung: a guard, never a measure, so a machine busy with sanitizers passes too.
    private static let patience = 60.0

    /// Runs the tour and returns the form's exit status.
    func run() throws -> Int32 {
        let server = try PrivateXServer(width: 800, height: 600)
        defer { server.stop() }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            standardError("keyform: --tour-dir \(directory): cannot create it: \((error as NSError).localizedDescription)")
            return ExitStatus.badInput
        }
        let output = try ChildProcess.pipe()
        defer { close(output.read) }
        let child: ChildProcess
        do {
            // Only the child may hold the write end, so that the pipe ends when the child does.
            defer { close(output.write) }
            child = try ChildProcess(path: keyform, arguments: ["--form", form, "--no-blink"],
                                     environment: ["DISPLAY": server.displayName], standardOutput: output.write)
        }

        let driver = try XTestDriver(displayName: server.displayName)
        let window = try driver.waitForWindow(wmClass: "keyform", timeout: Self.patience)
        print("keyform: demo tour on a private Xvfb (\(server.displayName)), screenshots in \(directory)/")
        for (number, step) in steps.enumerated() {
            for key in step.keys {
                switch key {
                case .type(let text): driver.type(text)
                case .key(let key, let modifiers): driver.key(key.keysym, modifiers: modifiers)
                }
            }
            driver.sync()
            let path = "\(directory)/\(number < 9 ? "0" : "")\(number + 1)-\(step.name).png"
            try driver.screenshot(window: window).writePNG(to: path)
            print("  \(path)")
        }
        driver.key(Key.returnKey.keysym, modifiers: [])  // Return on the Submit button
        driver.sync()
        let deadline = MonotonicClock.now() + Self.patience * 1000
        while child.isRunning && MonotonicClock.now() < deadline { usleep(20_000) }
        guard !child.isRunning else {
            child.terminate()
            child.waitUntilExit()
            standardError("keyform: the demo tour's form did not submit within \(Int(Self.patience)) s")
            return ExitStatus.noDisplay
        }
        let values = (try? FileHandle(fileDescriptor: output.read).read(upToCount: InputLimits.draftFileBytes)) ?? nil
        print("submitted (passwords left out): \(withoutPasswords(String(decoding: values ?? Data(), as: UTF8.self)))")
        return child.terminationStatus
    }

    /// The form's JSON output less its password fields: the tour's output is a log people paste
    /// into bug reports, and a password reaches no log, only the form's own standard output.
    private func withoutPasswords(_ output: String) -> String {
        guard let root = try? JSONParser.parse(Array(output.utf8)), case .object(let members) = root.kind else { return "?" }
        return JSONValue.object(members.compactMap { member in
            secrets.contains(member.key) ? nil : JSONValue(member.value).map { (member.key, $0) }
        }).serialized
    }
}

/// Exit codes of the command line contract (docs/architecture.md › Command line), those the
/// tour gives.
enum ExitStatus {
    static let badInput: Int32 = 2
    static let noDisplay: Int32 = 3
}

func standardError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
