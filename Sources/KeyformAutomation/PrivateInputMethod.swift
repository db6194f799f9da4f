import CXCB
import Glibc
import KeyformEnvironment
import KeyformX11

/// An input method framework on a private X server, as a desktop session runs it, but private:
/// its own session bus (`dbus-launch`) and its own config, cache and runtime folders, so the
/// settings it is given land in private files (ibus's in a private dconf database), nothing of
/// the person's input methods is seen or touched, and nothing needs restoring afterwards. For the
/// end-to-end tests and the benchmark.
///
/// `init` starts the framework with its XIM server (`ibus-daemon -d -x -r`, `fcitx5 -d`, `uim-xim`), waits
/// until the root window's XIM_SERVERS lists it and its selection has an owner, and turns the
/// engine on; clients started with `clientEnvironment` (`XMODIFIERS=@im=NAME`) then type through
/// it. `stop()` or `deinit` ends every process it started, by id, and removes its folders.
public final class PrivateInputMethod {
    public enum Framework {
        /// ibus with `engine` on (`ibus engine`); `settings` are `(schema, key, value)` for
        /// `gsettings set`, made before the daemon starts; `panel`: ibus's own panel (its
        /// candidate window), else `--panel=disable` (with the panel, `settings` must make
        /// `engine` the first of org.freedesktop.ibus.general's preload-engines).
        case ibus(engine: String, settings: [(String, String, String)] = [], panel: Bool = false)
        /// fcitx5 with `inputMethod` (an addon's name: `hangul`) on from the first key; `onTheSpot`:
        /// drawing its composition in the client (its XIM option "Use On The Spot Style"), else
        /// in a window of its own, as it ships; `disabled`: addons turned off (`--disable`).
        case fcitx5(inputMethod: String, onTheSpot: Bool = true, disabled: [String] = [])
        /// uim's XIM server (`uim-xim`) with `inputMethod` (`anthy`) its default, under `locale`,
        /// which must exist (`make test-deps` generates ja_JP.UTF-8); clients get it too.
        case uim(inputMethod: String, locale: String = "ja_JP.UTF-8")

        /// What `XMODIFIERS` names it: `@im=ibus`, `@im=fcitx`.
        public var serverName: String {
            switch self {
            case .ibus: return "ibus"
            case .fcitx5: return "fcitx"
            case .uim: return "uim"
            }
        }

        var programs: [String] {
            switch self {
            case .ibus: return ["/usr/bin/ibus-daemon", "/usr/bin/ibus", "/usr/libexec/ibus-x11", "/usr/bin/dbus-launch", "/usr/bin/gsettings"]
            case .fcitx5(let inputMethod, _, _):
                return ["/usr/bin/fcitx5", "/usr/bin/dbus-launch", "/usr/share/fcitx5/inputmethod/\(inputMethod).conf",
                        "/usr/lib/x86_64-linux-gnu/fcitx5/libxim.so"]
            case .uim(let inputMethod, _):
                return ["/usr/bin/uim-xim", "/usr/bin/dbus-launch", "/usr/share/uim/\(inputMethod).scm"]
            }
        }

        /// The command name of its XIM server's process.
        public var ximServerProgram: String {
            switch self {
            case .ibus: return "ibus-x11"
            case .fcitx5: return "fcitx5"
            case .uim: return "uim-xim"
            }
        }

        /// Mozc's server refuses to run as root (so do its ibus engine and fcitx5 addon, which start it).
        var refusesRoot: Bool {
            switch self {
            case .ibus(let engine, _, _): return engine.hasPrefix("mozc")
            case .fcitx5(let inputMethod, _, _): return inputMethod == "mozc"
            case .uim: return false
            }
        }

        /// Why it cannot run on this machine at all (a program missing), or nil when it can.
        public var missing: String? {
            if let program = programs.first(where: { access($0, F_OK) != 0 }) { return "\(program) is missing (make test-deps installs it)" }
            guard case let .uim(_, locale) = self else { return nil }
            guard let made = newlocale(1 << LC_CTYPE, locale, nil) else { return "the locale \(locale) is missing (make test-deps generates it)" }
            freelocale(made)
            return nil
        }
    }

    /// The variables a client needs: the display, `XMODIFIERS`, and the private folders and bus.
    public private(set) var clientEnvironment: [String: String] = [:]
    public let framework: Framework
    private let folder: String
    /// Set in every process of the session (the bus and what it starts inherit it), so that
    /// `stop` finds them all, and only them.
    private let marker = "KEYFORM_PRIVATE_INPUT_METHOD"
    private let timeout: Double
    private var stopped = false
    /// Who the framework runs as: as root, one that refuses root runs as `nobody`, the rest as
    /// this process.
    private let user: String?
    /// A server that does not fork (uim-xim), reaped when it is stopped.
    private var foreground: ChildProcess?

    public init(display: String, framework: Framework, timeout: Double) throws {
        if let missing = framework.missing { throw AutomationError.inputMethodFailed(missing) }
        (self.framework, self.timeout) = (framework, timeout)
        user = getuid() == 0 && framework.refusesRoot ? "nobody" : nil
        var template = Array("/tmp/keyform-input-method-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw AutomationError.inputMethodFailed("cannot make a folder in /tmp") }
        folder = String(cString: made)
        // Debian's programs, as a session runs them: ibus's Python engines (Anthy) need the
        // system's python3, not one a PATH of the person's puts first.
        var environment = ["DISPLAY": display, "XMODIFIERS": "@im=" + framework.serverName, marker: folder, "HOME": folder,
                           "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
                           "XDG_CONFIG_HOME": folder + "/config", "XDG_CACHE_HOME": folder + "/cache",
                           "XDG_DATA_HOME": folder + "/data", "XDG_RUNTIME_DIR": folder + "/run", "NO_AT_BRIDGE": "1"]
        for sub in ["config", "cache", "data", "run"] { mkdir(folder + "/" + sub, 0o700) }
        // From here a throw runs deinit, which ends whatever was started and removes the folder.
        clientEnvironment = environment
        try handFolderToUser()
        let bus = try run("/usr/bin/dbus-launch", ["--sh-syntax"])
        guard let address = Self.shellValue("DBUS_SESSION_BUS_ADDRESS", in: bus.output) else {
            throw AutomationError.inputMethodFailed("dbus-launch gave no bus address: \(bus.output)")
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        clientEnvironment = environment
        switch framework {
        case let .ibus(engine, settings, _):
            if engine == "mozc-jp" {
                // Mozc under ibus starts in direct input unless its own file says otherwise.
                mkdir(folder + "/config/mozc", 0o700)
                try Self.write("engines {\n  name: \"mozc-jp\"\n  longname: \"Mozc\"\n  layout: \"default\"\n  layout_variant: \"\"\n"
                          + "  layout_option: \"\"\n  rank: 80\n}\nactive_on_launch: True\n", to: folder + "/config/mozc/ibus_config.textproto")
            }
            for (schema, key, value) in settings {
                let set = try run("/usr/bin/gsettings", ["set", schema, key, value])
                guard set.status == 0 else { throw AutomationError.inputMethodFailed("gsettings set \(schema) \(key) \(value): \(set.output)") }
            }
        case let .fcitx5(inputMethod, onTheSpot, _):
            try writeFcitx5Config(inputMethod, onTheSpot: onTheSpot)
        case let .uim(inputMethod, locale):
            try Self.write("(define default-im-name '\(inputMethod))\n", to: folder + "/.uim")
            environment["LANG"] = locale
            environment["LC_ALL"] = locale
            clientEnvironment = environment
        }
        try handFolderToUser()
        try start(replacing: nil)
    }

    /// Whether a client on the framework's own bus (GTK's module, not XIM) has an input context
    /// with focus: the module connects after its window shows, and keys typed before that are
    /// not the input method's (the engine is turned on for a context when it takes focus).
    /// fcitx5 lists its XIM clients' contexts too, by their program's name: only `frontend:dbus` counts.
    public func hasFocusedInputContext(for program: String) throws -> Bool {
        switch framework {
        case .ibus:
            return try run("/usr/bin/gdbus", ["call", "--address", ibusAddress(), "--dest", "org.freedesktop.IBus", "--object-path", "/org/freedesktop/IBus",
                                              "--method", "org.freedesktop.DBus.Properties.Get", "org.freedesktop.IBus", "CurrentInputContext"])
                .output.contains("InputContext_")
        case .fcitx5:
            // A line a context, `  IC [...] program:zenity frontend:dbus cap:... focus:1`, the
            // lines joined with `\n` as gdbus prints a string.
            return try run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.fcitx.Fcitx5", "--object-path", "/controller",
                                              "--method", "org.fcitx.Fcitx.Controller1.DebugInfo"])
                .output.split(separator: "\\n").contains {
                    $0.contains("program:\(program) ") && $0.contains(" frontend:dbus ") && $0.hasSuffix("focus:1")
                }
        case .uim:
            return true
        }
    }

    /// The address of ibus's own bus.
    private func ibusAddress() throws -> String {
        try run("/usr/bin/ibus", ["address"]).output.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Whether a D-Bus name has an owner on the bus `bus` names (gdbus's `--session`, `--address A`).
    private func hasOwner(_ name: String, on bus: [String]) throws -> Bool {
        try run("/usr/bin/gdbus", ["call"] + bus + ["--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                                    "--method", "org.freedesktop.DBus.NameHasOwner", name]).output.contains("true")
    }

    /// `path` with `arguments` as a command that runs as `user`.
    public func command(_ path: String, _ arguments: [String]) -> (path: String, arguments: [String]) {
        guard let user else { return (path, arguments) }
        return ("/usr/bin/setpriv", ["--reuid=\(user)", "--regid=nogroup", "--clear-groups", "--", path] + arguments)
    }

    /// Runs a program of the framework's to its end, as `user`, in its environment.
    private func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let (path, arguments) = command(path, arguments)
        return try Self.run(path, arguments, environment: clientEnvironment)
    }

    /// The folder and what is written in it become `user`'s.
    private func handFolderToUser() throws {
        guard let user else { return }
        let chown = try Self.run("/bin/chown", ["-R", "\(user):nogroup", folder], environment: [:])
        guard chown.status == 0 else { throw AutomationError.inputMethodFailed("chown \(user) \(folder): \(chown.output)") }
    }

    /// Starts the framework again, replacing what is left of it, as after its XIM server died.
    public func restart() throws {
        try start(replacing: try Self.ximServerWindow(framework.serverName, display: clientEnvironment["DISPLAY"] ?? ""))
    }

    /// Starts the daemon and waits until its XIM server (a new one, not `old`) is listed and
    /// owns its selection; for ibus then turns the engine on.
    private func start(replacing old: xcb_window_t?) throws {
        let display = clientEnvironment["DISPLAY"] ?? ""
        let status: Int32
        switch framework {
        case let .ibus(_, _, panel):
            status = try startDaemon("/usr/bin/ibus-daemon", ["-d", "-x", "-r", panel ? "--panel=/usr/libexec/ibus-ui-gtk3" : "--panel=disable"])
        case let .fcitx5(_, _, disabled):
            status = try startDaemon("/usr/bin/fcitx5", ["-d", "-r"] + (disabled.isEmpty ? [] : ["--disable", disabled.joined(separator: ",")]))
        case .uim:
            // It stays in the foreground: started, not waited for.
            foreground = try startProgram("/usr/bin/uim-xim", [])
            status = 0
        }
        guard status == 0 else {
            throw AutomationError.inputMethodFailed("\(framework.serverName) exited with status \(status): \(Self.contents(of: folder + "/daemon.log"))")
        }
        let deadline = MonotonicClock.now() + timeout * 1000
        while true {
            let owner = try Self.ximServerWindow(framework.serverName, display: display)
            if let owner, owner != old { break }
            guard MonotonicClock.now() < deadline else { throw AutomationError.timedOut("XIM_SERVERS to list a running \(framework.serverName)") }
            usleep(20_000)
        }
        // GTK's fcitx module, started before fcitx5 is on the session bus, connects later, and
        // its window's focus is then not told: clients start once it is there.
        while case .fcitx5 = framework, try !hasOwner("org.fcitx.Fcitx5", on: ["--session"]) {
            guard MonotonicClock.now() < deadline else { throw AutomationError.timedOut("fcitx5 to be on the session bus") }
            usleep(50_000)
        }
        guard case let .ibus(engine, _, panel) = framework else { return }
        // Its panel shows nothing it was asked to before it is on ibus's bus.
        while panel, try !hasOwner("org.freedesktop.IBus.Panel", on: ["--address", ibusAddress()]) {
            guard MonotonicClock.now() < deadline else { throw AutomationError.timedOut("ibus's panel to start") }
            usleep(50_000)
        }
        // The engine list may still be loading: ask until it takes. The panel turns on the first
        // of its preload-engines itself, and asking meanwhile makes it start the engine again
        // under the client (its composition lost): with the panel, the settings choose, and
        // this only waits.
        while try run("/usr/bin/ibus", ["engine"]).output.split(separator: "\n").first.map(String.init) != engine {
            if !panel { _ = try run("/usr/bin/ibus", ["engine", engine]) }
            guard MonotonicClock.now() < deadline else { throw AutomationError.timedOut("ibus to turn on the \(engine) engine") }
            usleep(50_000)
        }
    }

    /// Runs a program that forks a daemon and exits; the daemon keeps what it was given for its
    /// output (fcitx5 does not let go of it), so that is a log file, not a pipe to wait on.
    private func startDaemon(_ path: String, _ arguments: [String]) throws -> Int32 {
        try startProgram(path, arguments).terminationStatus
    }

    /// Starts a program with its output to the log file.
    private func startProgram(_ path: String, _ arguments: [String]) throws -> ChildProcess {
        let log = open(folder + "/daemon.log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard log >= 0 else { throw AutomationError.inputMethodFailed("cannot write \(folder)/daemon.log") }
        defer { close(log) }
        let (path, arguments) = command(path, arguments)
        return try ChildProcess(path: path, arguments: arguments, environment: clientEnvironment, standardOutput: log, standardError: log)
    }

    /// fcitx5's profile (one group: the US keyboard and `inputMethod`, which new input contexts
    /// start in) and its XIM frontend's style.
    private func writeFcitx5Config(_ inputMethod: String, onTheSpot: Bool) throws {
        let config = folder + "/config/fcitx5"
        mkdir(config, 0o700)
        mkdir(config + "/conf", 0o700)
        let files = [
            "profile": """
                [Groups/0]
                Name=Default
                Default Layout=us
                DefaultIM=\(inputMethod)

                [Groups/0/Items/0]
                Name=keyboard-us
                Layout=

                [Groups/0/Items/1]
                Name=\(inputMethod)
                Layout=

                [GroupOrder]
                0=Default

                """,
            "config": "[Behavior]\nActiveByDefault=True\nShareInputState=No\n",
            "conf/xim.conf": "UseOnTheSpot=\(onTheSpot ? "True" : "False")\n",
        ]
        for (name, text) in files { try Self.write(text, to: config + "/" + name) }
    }

    static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ChildProcessError("cannot write \(path)", code: errno) }
        defer { close(fd) }
        _ = text.utf8CString.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
    }

    deinit { stop() }

    /// Ends ibus's daemon (`ibus exit`), then every process of the session still there, and
    /// removes its folders. Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        stopProcesses(clientEnvironment)
        _ = try? Self.run("/bin/rm", ["-rf", folder], environment: [:])
    }

    private func stopProcesses(_ environment: [String: String]) {
        if case .ibus = framework, environment["DBUS_SESSION_BUS_ADDRESS"] != nil {
            _ = try? run("/usr/bin/ibus", ["exit"])
        }
        // The bus and what it started (dconf, portals) have no way out but a signal.
        for pid in processes() { kill(pid, SIGTERM) }
        let giveUp = MonotonicClock.now() + 2_000
        while !processes().isEmpty && MonotonicClock.now() < giveUp { usleep(20_000) }
        for pid in processes() { kill(pid, SIGCONT); kill(pid, SIGKILL) }
        foreground?.waitUntilExit()
    }

    /// The processes of this session whose command name is `name` (`ibus-x11`, the XIM server),
    /// or all of them.
    public func processes(named name: String? = nil) -> [pid_t] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var found: [pid_t] = []
        let wanted = Array("\(marker)=\(folder)".utf8)
        while let entry = readdir(proc) {
            let entryName = entry.name
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

    static func contents(of path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = Glibc.read(fd, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
