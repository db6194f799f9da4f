import Glibc

/// What a desktop session sets up for a screen reader, on an X server of its own: a session bus
/// (`dbus-launch`), the AT-SPI bus launcher with its registry, and `org.a11y.Status.IsEnabled`
/// on, as GNOME sets it when Orca starts. Every program started with `environment` finds this
/// bus and no other. For the end-to-end tests and the benchmark (with `PrivateScreenReader`).
public final class AccessibilityBus {
    /// `DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`, and the `folders` it was given.
    public let environment: [String: String]
    /// Programs run with every signal unblocked (`ChildProcess`), so SIGTERM ends them: a
    /// test runner's thread blocks it, and a program started from there would never exit.
    private let sessionBus: pid_t
    private let launcher: ChildProcess?
    private var stopped = false

    /// `folders`: `XDG_CONFIG_HOME` (and `XDG_RUNTIME_DIR`) of its own, where dconf, which the
    /// bus starts, keeps its settings: the launcher takes IsEnabled from `toolkit-accessibility`,
    /// and the person's own settings are neither read nor changed. `screenReader`: whether
    /// `IsEnabled` starts on; `launcher`: whether the AT-SPI bus launcher runs at all.
    public init(display: String, folders: [String: String], screenReader: Bool = true, launcher startsLauncher: Bool = true,
                timeout: Double) throws {
        // An empty DISPLAY: dbus-launch starts the bus and leaves no helper watching an X server.
        let launch = try PrivateInputMethod.run("/usr/bin/dbus-launch", ["--sh-syntax"], environment: folders.merging(["DISPLAY": ""]) { $1 })
        guard let address = PrivateInputMethod.shellValue("DBUS_SESSION_BUS_ADDRESS", in: launch.output),
              let pid = PrivateInputMethod.shellValue("DBUS_SESSION_BUS_PID", in: launch.output).flatMap({ pid_t($0) }) else {
            throw AutomationError.accessibilityFailed("dbus-launch said \(launch.output)")
        }
        sessionBus = pid
        environment = folders.merging(["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
        guard startsLauncher else {
            launcher = nil
            return
        }
        let quiet = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(quiet) }
        launcher = try ChildProcess(path: "/usr/libexec/at-spi-bus-launcher", arguments: ["--launch-immediately"],
                                    environment: environment, standardOutput: quiet, standardError: quiet)
        // Until the launcher owns its name, nobody could ask it anything.
        let wait = try PrivateInputMethod.run("/usr/bin/gdbus", ["wait", "--session", "--timeout", String(Int(timeout)), "org.a11y.Bus"],
                                              environment: environment)
        guard wait.status == 0 else { throw AutomationError.accessibilityFailed("org.a11y.Bus never came: \(wait.output)") }
        try setScreenReader(on: screenReader)
    }

    /// What Orca's start and stop do: `org.a11y.Status.IsEnabled` on or off.
    public func setScreenReader(on: Bool) throws {
        let set = try PrivateInputMethod.run("/usr/bin/dbus-send", [
            "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties.Set",
            "string:org.a11y.Status", "string:IsEnabled", "variant:boolean:\(on)",
        ], environment: environment)
        guard set.status == 0 else { throw AutomationError.accessibilityFailed("setting IsEnabled: \(set.output)") }
    }

    /// What `gdbus call` prints for a method call on the accessibility bus ("" when it fails).
    public func accessibilityBusCall(_ destination: String, _ path: String, _ method: String, _ arguments: [String] = []) throws -> String {
        let address = try PrivateInputMethod.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                                                   "--method", "org.a11y.Bus.GetAddress"], environment: environment)
        guard address.status == 0, let bus = address.output.split(separator: "'").dropFirst().first else { return "" }
        let call = try PrivateInputMethod.run("/usr/bin/gdbus", ["call", "--address", String(bus), "--dest", destination, "--object-path", path,
                                                                "--method", method] + arguments, environment: environment)
        return call.status == 0 ? call.output : ""
    }

    /// The launcher goes (and with it the accessibility bus and its registry), then the session
    /// bus. Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        launcher?.terminate()
        launcher?.waitUntilExit()
        kill(sessionBus, SIGTERM)
    }

    deinit { stop() }
}
