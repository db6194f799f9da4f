import ArgumentParser
import Glibc
import KeyformAutomation
import KeyformCore
import KeyformX11

/// `keyform` with no display: the demo on a private Xvfb, driven with real keys through XTEST —
/// typing, Tab, Shift+Tab, the picker, submitting — with a numbered screenshot after each step.
@MainActor
struct DemoTour {
    let directory: String

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
        try Self.makeDirectories(directory)
        let output = try ChildProcess.pipe()
        defer { close(output.read) }
        let child: ChildProcess
        do {
            // Only the child may hold the write end, so that the pipe ends when the child does.
            defer { close(output.write) }
            child = try ChildProcess(path: CommandLine.executablePath, arguments: ["--form", DemoForm.path ?? "", "--no-blink"],
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
        let values = String(decoding: FileIO.read(from: output.read, limit: InputLimits.draftFileBytes).bytes ?? [], as: UTF8.self)
        print("submitted (passwords left out): \(Self.withoutPasswords(values))")
        return child.terminationStatus
    }

    /// The form's JSON output less its password fields: the tour's output is a log people paste
    /// into bug reports, and a password reaches no log, only the form's own standard output.
    private static func withoutPasswords(_ output: String) -> String {
        guard let path = DemoForm.path, let bytes = FileIO.contents(atPath: path, limit: InputLimits.formFileBytes).bytes,
              let form = try? FormFile.parse(bytes, fileName: path),
              let root = try? JSONParser.parse(Array(output.utf8)), case .object(let members) = root.kind else { return "?" }
        let secret = passwordIDs(form.fields)
        return JSONValue.object(members.compactMap { member in
            secret.contains(member.key) ? nil : JSONValue(member.value).map { (member.key, $0) }
        }).serialized
    }

    /// `mkdir -p`: the folder and any missing parents.
    private static func makeDirectories(_ path: String) throws {
        var folder = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            folder += (folder.isEmpty || folder.hasSuffix("/") ? "" : "/") + component
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                standardError("keyform: --tour-dir \(path): cannot create \(folder): \(String(cString: strerror(errno)))")
                throw ExitCode(ExitStatus.badInput)
            }
        }
    }

    private static func passwordIDs(_ fields: [Field]) -> Set<String> {
        fields.reduce(into: []) { ids, field in
            if field.kind.isSecret { ids.insert(field.id) }
            ids.formUnion(passwordIDs(field.fields))
        }
    }
}
