import Foundation
import KeyformAutomation
import Testing

/// A desktop with Orca running on it, private to one test: the accessibility desktop (X server,
/// session bus, AT-SPI bus and registry), openbox, speech-dispatcher, and Orca 43 with a fresh
/// profile. speech-dispatcher's only voice is its generic module running `printf`: everything Orca
/// says goes, one utterance a line, to `speechLog`, which the tests read (`hear`). speech-dispatcher
/// aborts when ALSA has no device (and Orca then stops handling events), so ALSA's default device
/// is its null one. Nothing of the person's own settings, buses or sound is read or used.
/// Orca cuts itself short (a key's echo cancels what it had queued), and what is cancelled
/// before the module ran never reaches the log: a test waits to hear each thing it needs said
/// before it presses the next key.
@MainActor
final class OrcaDesktop {
    let desktop: AccessibilityDesktop
    let speechLog: URL
    private let windowManager: ChildProcess
    private let speech: ChildProcess
    private let orca: ChildProcess
    /// Lines of `speechLog` already matched by `hear`: each wait looks only after them.
    private var heard = 0

    init() throws {
        desktop = try AccessibilityDesktop()
        let folder = try temporaryDirectory()
        speechLog = folder.appendingPathComponent("speech.log")
        FileManager.default.createFile(atPath: speechLog.path, contents: nil)
        let home = folder.appendingPathComponent("home"), runtime = folder.appendingPathComponent("run")
        let configuration = folder.appendingPathComponent("speechd"), profile = folder.appendingPathComponent("orca")
        for made in [home, runtime, configuration.appendingPathComponent("modules"), profile] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try Data("pcm.!default { type null }\n".utf8).write(to: home.appendingPathComponent(".asoundrc"))
        try Data(Self.speechConfiguration(log: folder.path).utf8).write(to: configuration.appendingPathComponent("speechd.conf"))
        try Data(Self.printfModule(log: speechLog.path).utf8).write(to: configuration.appendingPathComponent("modules/log.conf"))
        try Data(Self.orcaSettings.utf8).write(to: profile.appendingPathComponent("user-settings.conf"))
        let socket = runtime.appendingPathComponent("speechd.sock").path
        let environment = desktop.environment.merging(["HOME": home.path, "XDG_RUNTIME_DIR": runtime.path,
                                                       "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                                       "SPEECHD_ADDRESS": "unix_socket:" + socket]) { $1 }
        let quiet = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(quiet) }
        windowManager = try ChildProcess(path: "/usr/bin/openbox", arguments: [], environment: environment, standardError: quiet)
        speech = try ChildProcess(path: "/usr/bin/speech-dispatcher",
                                  arguments: ["--run-single", "--timeout", "0", "--config-dir", configuration.path,
                                              "--communication-method", "unix_socket", "--socket-path", socket],
                                  environment: environment, standardOutput: quiet, standardError: quiet)
        waitUntil("speech-dispatcher's socket") { FileManager.default.fileExists(atPath: socket) }
        // `--replace` kills every other Orca of this user, and Orca will not start beside one: as
        // root (where the tests can), it runs in a process namespace of its own, so that it sees
        // only itself and an Orca of another test run is left alone.
        let orcaCommand = ["/usr/bin/orca", "--replace", "--user-prefs", profile.path]
        let isolated = geteuid() == 0 ? ["/usr/bin/unshare", "--pid", "--mount-proc", "--kill-child"] : []
        orca = try ChildProcess(path: (isolated + orcaCommand)[0], arguments: Array((isolated + orcaCommand).dropFirst()),
                                environment: environment, standardOutput: quiet, standardError: quiet)
        hear("Screen reader on")
        // Orca's keystroke listeners are on the registry once it speaks; a form opened now finds them.
        try waitUntil("Orca's keystroke listeners on the registry") { try keystrokeListeners() > 0 }
    }

    /// Waits until Orca has said something containing `phrase` (case-insensitive; the whole
    /// utterance when `whole`, as a key's echo is) after what the last `hear` matched, and returns
    /// what it said from there up to and including that line.
    @discardableResult
    func hear(_ phrase: String, whole: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        var said: [String] = []
        let matches = { (line: String) in
            whole ? line.compare(phrase, options: .caseInsensitive) == .orderedSame : line.localizedCaseInsensitiveContains(phrase)
        }
        let found = waitUntil("Orca to say \"\(phrase)\"; it said \(spoken.dropFirst(heard))", sourceLocation: sourceLocation) {
            let lines = spoken
            guard let index = lines.indices.dropFirst(heard).first(where: { matches(lines[$0]) }) else { return false }
            said = Array(lines[heard...index])
            heard = index + 1
            return true
        }
        return found ? said : []
    }

    /// Everything Orca has said, one utterance a line.
    var spoken: [String] {
        ((try? String(contentsOf: speechLog, encoding: .utf8)) ?? "").split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// What Orca said after the last `hear`, once it has said `phrase`: for what must not be said
    /// between two steps.
    func said(until phrase: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        hear(phrase, sourceLocation: sourceLocation).joined(separator: " | ")
    }

    /// Orca dies, as a crashing reader does.
    func killOrca() {
        orca.kill()
        orca.waitUntilExit()
    }

    /// The AT-SPI registry's process (`at-spi2-registryd`, which the accessibility bus started).
    func registry() throws -> pid_t {
        let owner = try accessibilityBusCall("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                             "org.freedesktop.DBus.GetConnectionUnixProcessID", ["org.a11y.atspi.Registry"])
        return try #require(owner.split(whereSeparator: { !$0.isNumber }).first.flatMap { pid_t($0) }, "no registry: \(owner)")
    }

    /// Sends `signal` to Orca and every process under it (SIGSTOP: Orca stops answering, as on
    /// a machine too busy to run it for a while; SIGCONT: it goes on). Found from the process
    /// this desktop started (Orca runs in a process namespace of its own, whose numbers the
    /// bus would give), never by name.
    func signalOrca(_ signal: Int32) {
        var pending = [orca.processIdentifier]
        while let pid = pending.popLast() {
            kill(pid, signal)
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                pending += children.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
        }
    }

    /// How many keystroke listeners the registry has (`GetKeystrokeListeners`).
    private func keystrokeListeners() throws -> Int {
        let listeners = try accessibilityBusCall("org.a11y.atspi.Registry", "/org/a11y/atspi/registry/deviceeventcontroller",
                                                 "org.a11y.atspi.DeviceEventController.GetKeystrokeListeners")
        return listeners.components(separatedBy: "/org/a11y/atspi/listeners/").count - 1
    }

    /// What `gdbus call` prints for a method call on the accessibility bus ("" when it fails).
    private func accessibilityBusCall(_ destination: String, _ path: String, _ method: String, _ arguments: [String] = []) throws -> String {
        let address = try runProgram("/usr/bin/gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                                        "--method", "org.a11y.Bus.GetAddress"], environment: desktop.environment)
        guard let bus = address.stdout.split(separator: "'").dropFirst().first else { return "" }
        return try runProgram("/usr/bin/gdbus", ["call", "--address", String(bus), "--dest", destination, "--object-path", path,
                                                 "--method", method] + arguments, environment: desktop.environment).stdout
    }

    /// speech-dispatcher with one output module, the generic one below, and no symbol tables: it
    /// is handed Orca's words as Orca sends them.
    private static func speechConfiguration(log: String) -> String {
        """
        AddModule "log" "sd_generic" "log.conf"
        DefaultModule log
        AudioOutputMethod "alsa"
        LogDir "\(log)"
        """
    }

    /// The generic module's command writes each message on a line of its own (speech-dispatcher
    /// puts it in single quotes, escaping those it holds).
    private static func printfModule(log: String) -> String {
        """
        GenericExecuteSynth "printf '%s\\\\n' \\'$DATA\\' >> \(log)"
        GenericLanguage "en" "en" "utf-8"
        AddVoice "en" "MALE1" "log"
        """
    }

    /// A fresh profile: Orca's defaults (key echo on, tutorial messages off), with no sounds.
    private static let orcaSettings = #"""
    {"general": {"enableSound": false, "enableTutorialMessages": false, "enableKeyEcho": true},
     "profiles": {"default": {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}},
     "pronunciations": {}, "keybindings": {}}
    """#

    /// Orca, speech-dispatcher and openbox go, then the desktop. Killed: nothing of them is kept,
    /// and Orca on SIGTERM says goodbye first, to a speech server that may be gone.
    isolated deinit {
        for process in [orca, speech, windowManager] {
            process.kill()
            process.waitUntilExit()
        }
    }
}
