import Glibc
import KeyformEnvironment
import KeyformX11

/// Orca 43 on a desktop's accessibility bus (`AccessibilityBus`), with openbox, speech-dispatcher
/// and a fresh Orca profile, private to one test or benchmark. speech-dispatcher's only voice is
/// its generic module, silent, which logs each utterance as it receives it (`speechLog`,
/// `spoken`, `hear`). speech-dispatcher aborts when ALSA has no device (and Orca then stops
/// handling events), so ALSA's default device is its null one. Nothing of the person's own
/// settings, buses or sound is read or used.
/// Orca cuts itself short (a key's echo cancels what it had queued), and what speech-dispatcher
/// drops from its queue never reaches the module: wait to hear each thing needed said before
/// pressing the next key.
public final class PrivateScreenReader {
    /// The bus's environment with this reader's HOME and runtime folder: what Orca and
    /// speech-dispatcher run with.
    private let environment: [String: String]
    private let speechLog: String
    /// Orca's standard error (its tracebacks), told when it is not heard in time.
    private let orcaErrors: String
    private let bus: AccessibilityBus
    private let folder: String
    private let timeout: Double
    private var windowManager: ChildProcess?
    private var speech: ChildProcess?
    private var orca: ChildProcess?
    /// Lines of `speechLog` already matched by `hear`: each wait looks only after them.
    private var heard = 0
    private var stopped = false

    /// Starts openbox (unless not `windowManager`: the benchmark measures every program without
    /// one), speech-dispatcher and Orca on `bus`, and returns once Orca has said it is on and its
    /// keystroke listeners are on the registry (a form opened then finds them). `timeout` in
    /// seconds bounds each wait.
    public init(bus: AccessibilityBus, windowManager startsWindowManager: Bool = true, timeout: Double) throws {
        (self.bus, self.timeout) = (bus, timeout)
        var template = Array("/tmp/keyform-screen-reader-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw AutomationError.accessibilityFailed("cannot make a folder in /tmp") }
        folder = String(cString: made)
        speechLog = folder + "/run/speech-dispatcher/log/log.log"
        orcaErrors = folder + "/orca-errors.log"
        let home = folder + "/home", runtime = folder + "/run", configuration = folder + "/speechd", profile = folder + "/orca"
        for made in [home, runtime, configuration, configuration + "/modules", profile] { mkdir(made, 0o700) }
        let socket = runtime + "/speechd.sock"
        environment = bus.environment.merging(["HOME": home, "XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": home + "/data",
                                               "SPEECHD_ADDRESS": "unix_socket:" + socket]) { $1 }
        // From here a throw runs deinit, which ends whatever was started and removes the folder.
        try PrivateInputMethod.write("pcm.!default { type null }\n", to: home + "/.asoundrc")
        try PrivateInputMethod.write(Self.speechConfiguration(log: folder), to: configuration + "/speechd.conf")
        try PrivateInputMethod.write(Self.silentModule, to: configuration + "/modules/log.conf")
        try PrivateInputMethod.write(Self.orcaSettings, to: profile + "/user-settings.conf")
        try PrivateInputMethod.write(Self.stacksOnSignal, to: profile + "/orca-customizations.py")
        let quiet = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(quiet) }
        if startsWindowManager {
            windowManager = try ChildProcess(path: "/usr/bin/openbox", arguments: [], environment: environment, standardError: quiet)
        }
        speech = try ChildProcess(path: "/usr/bin/speech-dispatcher",
                                  arguments: ["--run-single", "--timeout", "0", "--config-dir", configuration,
                                              "--communication-method", "unix_socket", "--socket-path", socket],
                                  environment: environment, standardOutput: quiet, standardError: quiet)
        try wait(for: "speech-dispatcher's socket") { access(socket, F_OK) == 0 }
        // `--replace` kills every other Orca of this user, and Orca will not start beside one: as
        // root, it runs in a process namespace of its own, so that it sees only itself and an
        // Orca of another test or benchmark is left alone.
        let orcaCommand = ["/usr/bin/orca", "--replace", "--user-prefs", profile]
        let command = (geteuid() == 0 ? ["/usr/bin/unshare", "--pid", "--mount-proc", "--kill-child"] : []) + orcaCommand
        let errors = open(orcaErrors, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(errors) }
        orca = try ChildProcess(path: command[0], arguments: Array(command.dropFirst()),
                                environment: environment, standardOutput: quiet, standardError: errors)
        try hear("Screen reader on")
        try wait(for: "Orca's keystroke listeners on the registry") { try keystrokeListeners() > 0 }
    }

    /// Which program the reader needs is missing (openbox aside: only the tests start it), or nil.
    public static var missing: String? {
        let programs = ["/usr/bin/orca", "/usr/bin/speech-dispatcher", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/dbus-launch"]
        return programs.first { access($0, X_OK) != 0 }.map { "\($0) is missing" }
    }

    /// Waits until Orca has said something containing `phrase` (case-insensitive; the whole
    /// utterance when `whole`, as a key's echo is) after what the last `hear` matched, and returns
    /// what it said from there up to and including that line. Throws `timedOut` with what it said.
    @discardableResult
    public func hear(_ phrase: String, whole: Bool = false) throws -> [String] {
        let wanted = phrase.lowercased()
        var said: [String] = []
        try wait(for: "Orca to say \"\(phrase)\"; it said \(spoken.dropFirst(heard)); \(diagnosis)") {
            let lines = spoken
            guard let index = lines.indices.dropFirst(heard).first(where: {
                whole ? lines[$0].lowercased() == wanted : lines[$0].lowercased().contains(wanted)
            }) else { return false }
            said = Array(lines[heard...index])
            heard = index + 1
            return true
        }
        return said
    }

    /// Whether Orca still runs, and the end of what it wrote on standard error: what a test that
    /// did not hear it says, so a failure in a run nobody watched can be told apart (Orca gone or
    /// stuck in an error, or simply not told of the keys).
    private var diagnosis: String {
        func tail(_ path: String, _ count: Int = 12) -> String {
            let lines = PrivateInputMethod.contents(of: path).split(separator: "\n").suffix(count)
            return lines.isEmpty ? "nothing" : "\n" + lines.joined(separator: "\n")
        }
        dumpOrcasStacks()
        return "Orca \(orca?.isRunning == true ? "runs" : "is gone"), speech-dispatcher \(speech?.isRunning == true ? "runs" : "is gone"); "
            + "the end of Orca's standard error (with its threads' stacks): \(tail(orcaErrors, 30)); "
            + "the end of speech-dispatcher's log: \(tail(folder + "/speech-dispatcher.log"))"
    }

    /// Has Orca write where each of its threads is to its standard error (`stacksOnSignal`), and
    /// waits until it has, at most a few seconds: where a silent Orca is stuck. Orca's process is
    /// the child of `unshare` when run as root: `unshare` itself would die of SIGUSR1.
    private func dumpOrcasStacks() {
        guard let orca, orca.isRunning else { return }
        let before = PrivateInputMethod.contents(of: orcaErrors).utf8.count
        let root = orca.processIdentifier
        for pid in geteuid() == 0 ? children(of: root) : [root] { kill(pid, SIGUSR1) }
        try? wait(for: "Orca's stacks", within: 5) { PrivateInputMethod.contents(of: orcaErrors).utf8.count > before }
    }

    /// Everything Orca has said, in the parts the generic module speaks a text in (its lines and
    /// sentences: `sentences(of:)`): the texts the module logged receiving (`silentModule`),
    /// without their SSML.
    public var spoken: [String] {
        Self.utterances(inModuleLog: PrivateInputMethod.contents(of: speechLog)).flatMap(Self.sentences(of:))
    }

    /// `text` in the parts speech-dispatcher's generic module hands its synthesizer, as it ran
    /// them one by one: a line, or a sentence of it (a full stop and a space end one), spaces
    /// trimmed, the empty left out.
    public static func sentences(of text: String) -> [String] {
        var parts: [String] = [], part = ""
        var characters = text.makeIterator(), next = characters.next()
        while let character = next {
            next = characters.next()
            if character == "\n" {
                parts.append(part)
                part = ""
                continue
            }
            part.append(character)
            if character == ".", next == " " {
                parts.append(part)
                part = ""
            }
        }
        parts.append(part)
        return parts.map(\.trimmingSpaces).filter { !$0.isEmpty }
    }

    /// The texts of `Requested data (TYPE): |TEXT|` in the generic module's log (a text may go on
    /// over lines until one ends with `|`), each without its markup (`<speak>`, SSML's escapes).
    public static func utterances(inModuleLog log: String) -> [String] {
        let marker = "Requested data ("
        var utterances: [String] = [], reading: String?
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if reading == nil, let start = line.firstRange(of: marker), let open = line[start.upperBound...].firstRange(of: "): |") {
                reading = ""
                reading! += line[open.upperBound...]
            } else if reading != nil {
                reading! += "\n" + line
            } else {
                continue
            }
            if let text = reading, text.hasSuffix("|") {
                utterances.append(plainText(ofSSML: String(text.dropLast())))
                reading = nil
            }
        }
        return utterances
    }

    /// `ssml` without its tags, its five escapes read.
    private static func plainText(ofSSML ssml: String) -> String {
        let escapes = ["lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&"]
        var text = "", inTag = false, escape: String?
        for character in ssml {
            if inTag {
                inTag = character != ">"
            } else if let name = escape {
                if character == ";" {
                    text += escapes[name] ?? "&\(name);"
                    escape = nil
                } else {
                    escape = name + String(character)
                }
            } else if character == "<" {
                inTag = true
            } else if character == "&" {
                escape = ""
            } else {
                text.append(character)
            }
        }
        return text + (escape.map { "&" + $0 } ?? "")
    }

    /// Orca dies, as a crashing reader does.
    public func killOrca() {
        orca?.kill()
        orca?.waitUntilExit()
    }

    /// The AT-SPI registry's process (`at-spi2-registryd`, which the accessibility bus started).
    public func registry() throws -> pid_t {
        let owner = try bus.accessibilityBusCall("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                 "org.freedesktop.DBus.GetConnectionUnixProcessID", ["org.a11y.atspi.Registry"])
        guard let pid = owner.split(whereSeparator: { !$0.isNumber }).first.flatMap({ pid_t($0) }) else {
            throw AutomationError.accessibilityFailed("no registry: \(owner)")
        }
        return pid
    }

    /// Sends `signal` to Orca and every process under it (SIGSTOP: Orca stops answering, as on
    /// a machine too busy to run it for a while; SIGCONT: it goes on). Found from the process
    /// started here (Orca runs in a process namespace of its own, whose numbers the bus would
    /// give), never by name.
    public func signalOrca(_ signal: Int32) {
        guard let orca else { return }
        var pending = [orca.processIdentifier]
        while let pid = pending.popLast() {
            kill(pid, signal)
            pending += children(of: pid)
        }
    }

    /// The processes `pid` started (each of its threads' /proc/PID/task/TID/children).
    private func children(of pid: pid_t) -> [pid_t] {
        taskIdentifiers(of: pid).flatMap { PrivateInputMethod.contents(of: "/proc/\(pid)/task/\($0)/children").split(separator: " ") }
            .compactMap { pid_t(String($0).trimmingSpaces) }
    }

    /// The threads of `pid` (/proc/PID/task).
    private func taskIdentifiers(of pid: pid_t) -> [String] {
        guard let directory = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(directory) }
        var tasks: [String] = []
        while let entry = readdir(directory) {
            let name = entry.name
            if name.first?.isNumber == true { tasks.append(name) }
        }
        return tasks
    }

    /// How many keystroke listeners the registry has (`GetKeystrokeListeners`).
    private func keystrokeListeners() throws -> Int {
        let listeners = try bus.accessibilityBusCall("org.a11y.atspi.Registry", "/org/a11y/atspi/registry/deviceeventcontroller",
                                                     "org.a11y.atspi.DeviceEventController.GetKeystrokeListeners")
        return listeners.split(separator: "/org/a11y/atspi/listeners/", omittingEmptySubsequences: false).count - 1
    }

    /// Polls `condition` until it holds; throws `timedOut` after `seconds` (the reader's
    /// `timeout` unless given).
    private func wait(for what: @autoclosure () -> String, within seconds: Double? = nil, _ condition: () throws -> Bool) throws {
        let deadline = MonotonicClock.now() + (seconds ?? timeout) * 1000
        while try !condition() {
            guard MonotonicClock.now() < deadline else { throw AutomationError.timedOut(what()) }
            usleep(10_000)
        }
    }

    /// speech-dispatcher with one output module, the generic one below, and no symbol tables: it
    /// is handed Orca's words as Orca sends them.
    private static func speechConfiguration(log: String) -> String {
        """
        AddModule "log" "sd_generic" "log.conf"
        DefaultModule log
        AudioOutputMethod "alsa"
        LogDir "\(log)"
        LogLevel 4

        """
    }

    /// The generic module with a synthesizer that says nothing, and its debug log on: it logs
    /// each message as it receives it (`Requested data (TYPE): |TEXT|`, in
    /// `$XDG_RUNTIME_DIR/speech-dispatcher/log/`), before a cancel can reach it. What its
    /// command wrote was the log before, and on a busy machine Orca's next cancel at times killed
    /// the command before it ran, so a key's echo that was sent went unheard.
    private static let silentModule = """
    GenericExecuteSynth "true"
    GenericLanguage "en" "en" "utf-8"
    AddVoice "en" "MALE1" "log"
    Debug 1

    """

    /// Orca's own hook for a user's Python (loaded from the profile): SIGUSR1 has Python write
    /// every thread's stack to standard error, for `dumpOrcasStacks`.
    private static let stacksOnSignal = """
    import faulthandler, signal
    faulthandler.register(signal.SIGUSR1, all_threads=True)

    """

    /// A fresh profile: Orca's defaults (key echo on, tutorial messages off), with no sounds.
    private static let orcaSettings = #"""
    {"general": {"enableSound": false, "enableTutorialMessages": false, "enableKeyEcho": true},
     "profiles": {"default": {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}},
     "pronunciations": {}, "keybindings": {}}
    """#

    /// Orca, speech-dispatcher and openbox go, killed: nothing of them is kept, and Orca on
    /// SIGTERM says goodbye first, to a speech server that may be gone. The bus is the caller's.
    /// Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        for process in [orca, speech, windowManager].compactMap({ $0 }) {
            process.kill()
            process.waitUntilExit()
        }
        _ = try? PrivateInputMethod.run("/bin/rm", ["-rf", folder], environment: [:])
    }

    deinit { stop() }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
