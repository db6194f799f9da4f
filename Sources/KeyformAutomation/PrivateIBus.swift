import CXCB
import Glibc
import KeyformX11

/// ibus on a private X server, as a desktop session runs it, but private: its own session bus
/// (`dbus-launch`) and its own config, cache and runtime folders, so the engine settings it is
/// given (`gsettings`) land in a private dconf database, nothing of the person's ibus is seen or
/// touched, and nothing needs restoring afterwards. For the end-to-end tests and the benchmark.
///
/// `init` starts the daemon with its XIM server (`ibus-daemon -d -x -r`), waits until the root
/// window's XIM_SERVERS lists it and its selection has an owner, and turns `engine` on; clients started with `clientEnvironment`
/// (`XMODIFIERS=@im=ibus`) then type through it. `stop()` or `deinit` ends every process it
/// started, by id, and removes its folders.
public final class PrivateIBus {
    /// The variables a client needs: the display, `XMODIFIERS`, and the private folders and bus.
    public private(set) var clientEnvironment: [String: String] = [:]
    private let folder: String
    /// Set in every process of the session (the bus and what it starts inherit it), so that
    /// `stop` finds them all, and only them.
    private let marker: String
    private var stopped = false

    /// Why ibus cannot run on this machine at all (a program missing), or nil when it can.
    public static var missing: String? {
        let programs = ["/usr/bin/ibus-daemon", "/usr/bin/ibus", "/usr/bin/dbus-launch", "/usr/bin/gsettings", "/usr/libexec/ibus-x11"]
        return programs.first { access($0, X_OK) != 0 }.map { "\($0) is missing (make deps installs ibus, ibus-hangul and dbus-x11)" }
    }

    private let engine: String
    private let panel: Bool
    private let timeout: Double

    /// - Parameters:
    ///   - settings: `(schema, key, value)` for `gsettings set`, before the daemon starts.
    ///   - panel: run ibus's own panel (its candidate window), else `--panel=disable`.
    public init(display: String, engine: String, settings: [(String, String, String)] = [], panel: Bool = false,
                timeout: Double) throws {
        if let missing = Self.missing { throw AutomationError.inputMethodFailed(missing) }
        (self.engine, self.panel, self.timeout) = (engine, panel, timeout)
        var template = Array("/tmp/keyform-ibus-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw AutomationError.inputMethodFailed("cannot make a folder in /tmp") }
        folder = String(cString: made)
        marker = "KEYFORM_PRIVATE_IBUS"
        var environment = ["DISPLAY": display, "XMODIFIERS": "@im=ibus", marker: folder, "HOME": folder,
                           "XDG_CONFIG_HOME": folder + "/config", "XDG_CACHE_HOME": folder + "/cache",
                           "XDG_DATA_HOME": folder + "/data", "XDG_RUNTIME_DIR": folder + "/run",
                           "GTK_IM_MODULE": "ibus", "NO_AT_BRIDGE": "1"]
        for sub in ["config", "cache", "data", "run"] { mkdir(folder + "/" + sub, 0o700) }
        // From here a throw runs deinit, which ends whatever was started and removes the folder.
        clientEnvironment = environment
        let bus = try Self.run("/usr/bin/dbus-launch", ["--sh-syntax"], environment: environment)
        guard let address = Self.shellValue("DBUS_SESSION_BUS_ADDRESS", in: bus.output) else {
            throw AutomationError.inputMethodFailed("dbus-launch gave no bus address: \(bus.output)")
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        clientEnvironment = environment
        for (schema, key, value) in settings {
            let set = try Self.run("/usr/bin/gsettings", ["set", schema, key, value], environment: environment)
            guard set.status == 0 else { throw AutomationError.inputMethodFailed("gsettings set \(schema) \(key) \(value): \(set.output)") }
        }
        try startDaemon(replacing: nil)
    }

    /// Starts ibus-daemon again, replacing what is left of it (`-r`), as after its XIM server died.
    public func restart() throws {
        try startDaemon(replacing: try Self.ximServerWindow("ibus", display: clientEnvironment["DISPLAY"] ?? ""))
    }

    /// Starts the daemon and waits until its XIM server (a new one, not `old`) is listed and
    /// owns its selection, then turns the engine on.
    private func startDaemon(replacing old: xcb_window_t?) throws {
        let environment = clientEnvironment, display = environment["DISPLAY"] ?? ""
        let daemon = try Self.run("/usr/bin/ibus-daemon", ["-d", "-x", "-r", panel ? "--panel=/usr/libexec/ibus-ui-gtk3" : "--panel=disable"],
                                  environment: environment)
        guard daemon.status == 0 else { throw AutomationError.inputMethodFailed("ibus-daemon: \(daemon.output)") }
        let deadline = MonotonicClock.now() + timeout * 1000
        while true {
            let owner = try Self.ximServerWindow("ibus", display: display)
            if let owner, owner != old { break }
            guard MonotonicClock.now() < deadline else { throw AutomationError.timedOut("XIM_SERVERS to list a running ibus") }
            usleep(20_000)
        }
        // The engine list may still be loading: ask until it takes.
        while try Self.run("/usr/bin/ibus", ["engine"], environment: environment).output.split(separator: "\n").first.map(String.init) != engine {
            _ = try Self.run("/usr/bin/ibus", ["engine", engine], environment: environment)
            guard MonotonicClock.now() < deadline else { throw AutomationError.timedOut("ibus to turn on the \(engine) engine") }
            usleep(50_000)
        }
    }

    deinit { stop() }

    /// Ends the daemon (`ibus exit`), then every process of the session still there, and removes
    /// its folders. Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        stopProcesses(clientEnvironment)
        _ = try? Self.run("/bin/rm", ["-rf", folder], environment: [:])
    }

    private func stopProcesses(_ environment: [String: String]) {
        if environment["DBUS_SESSION_BUS_ADDRESS"] != nil {
            _ = try? Self.run("/usr/bin/ibus", ["exit"], environment: environment)
        }
        let giveUp = MonotonicClock.now() + 2_000
        while !processes().isEmpty && MonotonicClock.now() < giveUp { usleep(20_000) }
        for pid in processes() { kill(pid, SIGCONT); kill(pid, SIGKILL) }
    }

    /// The processes of this session whose command name is `name` (`ibus-x11`, the XIM server),
    /// or all of them.
    public func processes(named name: String? = nil) -> [pid_t] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var found: [pid_t] = []
        let wanted = Array("\(marker)=\(folder)".utf8)
        while let entry = readdir(proc) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(entryName), pid != getpid() else { continue }
            if let name, Self.contents(of: "/proc/\(pid)/comm").split(separator: "\n").first.map(String.init) != name { continue }
            // A zombie has no environment left: it is gone already.
            let environment = Array(Self.contents(of: "/proc/\(pid)/environ").utf8).split(separator: 0)
            if environment.contains(where: { $0.elementsEqual(wanted) }) { found.append(pid) }
        }
        return found
    }

    /// The window of the XIM server `@server=NAME` when the root window's XIM_SERVERS lists it
    /// and a client owns its selection (a server that died leaves the list as it was).
    public static func ximServerWindow(_ name: String, display: String) throws -> xcb_window_t? {
        let x = try XConnection(displayName: display)
        let c = x.connection
        func atom(_ name: String) throws -> xcb_atom_t {
            let cookie = xcb_intern_atom(c, 0, UInt16(name.utf8.count), name)
            return try x.reply("InternAtom", { xcb_intern_atom_reply(c, cookie, $0) }) { $0.pointee.atom }
        }
        let servers = try atom("XIM_SERVERS"), wanted = try atom("@server=" + name)
        let cookie = xcb_get_property(c, 0, x.screen.root, servers, XCB_ATOM_ATOM.rawValue, 0, 1024)
        let listed = try x.reply("GetProperty", { xcb_get_property_reply(c, cookie, $0) }) { reply in
            let count = Int(xcb_get_property_value_length(reply)) / 4
            let atoms = UnsafeRawPointer(xcb_get_property_value(reply)).assumingMemoryBound(to: xcb_atom_t.self)
            return UnsafeBufferPointer(start: atoms, count: count).contains(wanted)
        }
        guard listed else { return nil }
        let owner = xcb_get_selection_owner(c, wanted)
        let window = try x.reply("GetSelectionOwner", { xcb_get_selection_owner_reply(c, owner, $0) }) { $0.pointee.owner }
        return window == xcb_window_t(XCB_NONE) ? nil : window
    }

    /// Runs a program to its end; its standard output and error together.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        let pipe = try ChildProcess.pipe()
        let child: ChildProcess
        do {
            defer { close(pipe.write) }
            child = try ChildProcess(path: path, arguments: arguments, environment: environment,
                                     standardOutput: pipe.write, standardError: pipe.write)
        } catch {
            close(pipe.read)
            throw error
        }
        defer { close(pipe.read) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Until every writer is gone: a daemon that forks keeps it only if it does not close it.
        while true {
            let count = read(pipe.read, &buffer, buffer.count)
            if count > 0 { output += buffer[..<count] } else if count == 0 || errno != EINTR { break }
        }
        return (child.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// `NAME='value';` from `dbus-launch --sh-syntax`.
    static func shellValue(_ name: String, in output: String) -> String? {
        for line in output.split(separator: "\n") where line.hasPrefix(name + "=") {
            var value = line.dropFirst(name.count + 1)
            if value.hasSuffix(";") { value = value.dropLast() }
            if value.hasPrefix("'") && value.hasSuffix("'") && value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }

    private static func contents(of path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = Glibc.read(fd, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
