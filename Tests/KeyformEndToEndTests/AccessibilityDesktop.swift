import Foundation
import KeyformAutomation
import Testing

/// What a desktop session sets up for a screen reader, private to one test: an X server, a
/// session bus (`dbus-launch`), the AT-SPI bus launcher with its registry, and
/// `org.a11y.Status.IsEnabled` on, as GNOME sets it when Orca starts (or, for tests of GSettings
/// alone, only the X server, the session bus and its dconf). Every process a test runs
/// on it gets `environment`, and so finds this bus and no other.
@MainActor
final class AccessibilityDesktop {
    let server: PrivateXServer
    /// `DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`, `XDG_CONFIG_HOME`, and `XDG_RUNTIME_DIR` when asked.
    let environment: [String: String]
    /// Programs run with every signal unblocked (`ChildProcess`), so SIGTERM ends them: a
    /// test runner's thread blocks it, and a program started from there would never exit.
    private let sessionBus: pid_t
    private let launcher: ChildProcess?

    /// `screenReader`: whether `IsEnabled` starts on; `accessibilityBus`: whether the AT-SPI bus
    /// launcher runs at all; `runtimeDirectory`: whether there is an `XDG_RUNTIME_DIR`, as in a
    /// desktop session (where the window reads GSettings). The bus has it too, so the dconf it
    /// starts marks a changed database there, where its readers look.
    init(screenReader: Bool = true, accessibilityBus: Bool = true, runtimeDirectory: Bool = false) throws {
        server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        // Settings of its own (dconf, which the bus starts, keeps them there): the launcher
        // takes IsEnabled from `toolkit-accessibility`, which pyatspi turns on, and the
        // person's own settings are neither read nor changed.
        var folders = ["XDG_CONFIG_HOME": try temporaryDirectory().path]
        if runtimeDirectory { folders["XDG_RUNTIME_DIR"] = try temporaryDirectory().path }
        // An empty DISPLAY: dbus-launch starts the bus and leaves no helper watching an X server.
        let launch = try Self.output(of: "/usr/bin/dbus-launch", ["--sh-syntax"], environment: folders.merging(["DISPLAY": ""]) { $1 })
        let address = try #require(Self.shellValue("DBUS_SESSION_BUS_ADDRESS", in: launch), "dbus-launch said \(launch)")
        sessionBus = try #require(Self.shellValue("DBUS_SESSION_BUS_PID", in: launch).flatMap { pid_t($0) })
        environment = folders.merging(["DISPLAY": server.displayName, "DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
        guard accessibilityBus else {
            launcher = nil
            return
        }
        let quiet = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(quiet) }
        launcher = try ChildProcess(path: "/usr/libexec/at-spi-bus-launcher", arguments: ["--launch-immediately"],
                                    environment: environment, standardError: quiet)
        // Until the launcher owns its name, nobody could ask it anything.
        let wait = try runProgram("/usr/bin/gdbus", ["wait", "--session", "--timeout", String(Int(patience)), "org.a11y.Bus"],
                                  environment: environment)
        #expect(wait.status == 0, "org.a11y.Bus never came: \(wait.stderr)")
        try setScreenReader(on: screenReader)
    }

    /// What Orca's start and stop do: `org.a11y.Status.IsEnabled` on or off.
    func setScreenReader(on: Bool) throws {
        let run = try runProgram("/usr/bin/dbus-send", [
            "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties.Set",
            "string:org.a11y.Status", "string:IsEnabled", "variant:boolean:\(on)",
        ], environment: environment)
        #expect(run.status == 0, "setting IsEnabled: \(run.stderr)")
    }

    /// Runs the pyatspi client (Tests/Accessibility/atspi_client.py) against the application of
    /// process `pid`, with the steps of `scenario`; returns what it printed, one JSON object a line.
    func client(pid: pid_t, scenario: String) throws -> RunResult {
        let file = try temporaryDirectory().appendingPathComponent("scenario.json")
        try Data(scenario.utf8).write(to: file)
        let script = packageRoot.appendingPathComponent("Tests/Accessibility/atspi_client.py").path
        return try runProgram("/usr/bin/python3", [script, String(pid), file.path], environment: environment)
    }

    enum Bus: String { case session, accessibility }

    /// The processes connected to `bus`, as the bus reports them (Tests/Accessibility/bus_peers.py).
    func peers(on bus: Bus) throws -> Set<pid_t> {
        let script = packageRoot.appendingPathComponent("Tests/Accessibility/bus_peers.py").path
        let run = try runProgram("/usr/bin/python3", [script, bus.rawValue], environment: environment)
        #expect(run.status == 0, "listing the \(bus) bus: \(run.stderr)")
        return Set(run.stdout.split(separator: "\n").compactMap { pid_t($0) })
    }

    /// A program running on this desktop, its window focused so keys sent through XTEST go to it.
    @MainActor
    final class Application {
        let process: ChildProcess
        let driver: XTestDriver
        private let outputPath: String

        /// `environment` is added to the desktop's.
        init(_ path: String, _ arguments: [String], wmClass: String, on desktop: AccessibilityDesktop,
             environment: [String: String] = [:]) throws {
            outputPath = try temporaryDirectory().appendingPathComponent("out").path
            let output = open(outputPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
            defer { close(output) }
            process = try ChildProcess(path: path, arguments: arguments, environment: desktop.environment.merging(environment) { $1 },
                                       standardOutput: output)
            driver = try XTestDriver(displayName: desktop.server.displayName)
            _ = try driver.waitForWindow(wmClass: wmClass, timeout: patience)
        }

        var pid: pid_t { process.processIdentifier }

        /// Its open sockets (the X server's, a bus's) and its threads, as /proc lists them.
        var sockets: Int {
            entries("fd").filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)"))?.hasPrefix("socket:") == true }.count
        }
        var threads: Int { entries("task").count }

        private func entries(_ folder: String) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/\(folder)")) ?? []
        }

        /// Waits for it to exit; its status and what it printed.
        func finish(sourceLocation: SourceLocation = #_sourceLocation) -> (status: Int32, stdout: String) {
            waitUntil("the application to exit", sourceLocation: sourceLocation) { !process.isRunning }
            process.kill()
            let stdout = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            return (process.terminationStatus, stdout)
        }

        isolated deinit {
            process.kill()
            process.waitUntilExit()
        }
    }

    /// What a program printed, run to its end with every signal unblocked.
    private static func output(of path: String, _ arguments: [String], environment: [String: String]) throws -> String {
        let file = try temporaryDirectory().appendingPathComponent("out").path
        let output = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let child = try ChildProcess(path: path, arguments: arguments, environment: environment, standardOutput: output)
        close(output)
        child.waitUntilExit()
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    /// `NAME='value';` in dbus-launch's shell output.
    static func shellValue(_ name: String, in output: String) -> String? {
        for line in output.split(separator: "\n") where line.hasPrefix(name + "=") {
            return String(line.dropFirst(name.count + 1).prefix { $0 != ";" }).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        return nil
    }

    /// The launcher and the bus go (and with them the accessibility bus and its registry), then X.
    isolated deinit {
        launcher?.terminate()
        launcher?.waitUntilExit()
        kill(sessionBus, SIGTERM)
        server.stop()
    }
}
