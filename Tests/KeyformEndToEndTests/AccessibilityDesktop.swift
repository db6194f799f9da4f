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
    /// The session bus, the AT-SPI bus and its registry (`AccessibilityBus`).
    let bus: AccessibilityBus
    /// `DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`, `XDG_CONFIG_HOME`, and `XDG_RUNTIME_DIR` when asked.
    let environment: [String: String]

    /// `screenReader`: whether `IsEnabled` starts on; `accessibilityBus`: whether the AT-SPI bus
    /// launcher runs at all; `runtimeDirectory`: whether there is an `XDG_RUNTIME_DIR`, as in a
    /// desktop session (where the window reads GSettings). The bus has it too, so the dconf it
    /// starts marks a changed database there, where its readers look.
    init(screenReader: Bool = true, accessibilityBus: Bool = true, runtimeDirectory: Bool = false) throws {
        server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        var folders = ["XDG_CONFIG_HOME": try temporaryDirectory().path]
        if runtimeDirectory { folders["XDG_RUNTIME_DIR"] = try temporaryDirectory().path }
        bus = try AccessibilityBus(display: server.displayName, folders: folders, screenReader: screenReader,
                                   launcher: accessibilityBus, timeout: patience)
        environment = bus.environment
    }

    /// What Orca's start and stop do: `org.a11y.Status.IsEnabled` on or off.
    func setScreenReader(on: Bool) throws {
        try bus.setScreenReader(on: on)
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
        private let outputPath: String, errorsPath: String

        /// `environment` is added to the desktop's.
        init(_ path: String, _ arguments: [String], wmClass: String, on desktop: AccessibilityDesktop,
             environment: [String: String] = [:]) throws {
            let folder = try temporaryDirectory()
            outputPath = folder.appendingPathComponent("out").path
            errorsPath = folder.appendingPathComponent("err").path
            let output = open(outputPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600), errors = open(errorsPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
            defer { close(output); close(errors) }
            process = try ChildProcess(path: path, arguments: arguments, environment: desktop.environment.merging(environment) { $1 },
                                       standardOutput: output, standardError: errors)
            driver = try XTestDriver(displayName: desktop.server.displayName)
            _ = try driver.waitForWindow(wmClass: wmClass, process: process.processIdentifier, timeout: patience)
        }

        var pid: pid_t { process.processIdentifier }

        /// What it wrote to standard error so far.
        var stderr: String { (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "" }

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

    /// The launcher and the bus go (and with them the accessibility bus and its registry), then X.
    isolated deinit {
        bus.stop()
        server.stop()
    }
}
