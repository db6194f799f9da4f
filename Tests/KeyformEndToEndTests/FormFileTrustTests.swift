import Foundation
import Testing

/// A form file is data: it cannot make Keyform read or write another file, or run anything.
/// The format has no include or reference, and only the command line names files (the source
/// scan below keeps it so); strace shows it at run time. Nor can a symlink redirect the draft.
/// (`--output shell` surviving `eval` whatever was typed is ShellOutputTests.)
@Suite("Security: files", .serialized) struct FormFileTrustTests {
    /// A form that names `target` everywhere it holds text: as a path, a URL, `../` climbs, shell
    /// substitutions that would create `target.pwned`, a format string.
    static func hostileForm(naming target: String) -> String {
        let names = [target, "file://\(target)", "../../../..\(target)", "$(touch \(target).pwned)", "`touch \(target).pwned`",
                     "%n%s%s%s", "~/.ssh/id_rsa"].map { "\"\($0)\"" }
        return """
            {"title": \(names[0]), "fields": [
              {"id": "a", "type": "text", "label": \(names[1]), "placeholder": \(names[2]), "value": \(names[3])},
              {"id": "b", "type": "picker", "options": [\(names.joined(separator: ", "))], "value": \(names[4])},
              {"id": "c", "type": "tokens", "value": [\(names[5]), \(names[6])]},
              {"id": "d", "type": "textarea", "label": \(names[0]), "value": \(names[2])}]}
            """
    }

    /// `check`, `replay`, `render` and the window, each under strace: the named file is never
    /// opened or even mentioned, nothing is run, nothing is written but the PNG asked for.
    /// Include-like keys are rejected by name.
    @Test @MainActor func aFormFileOpensNoFileItNamesAndRunsNothing() throws {
        let directory = try temporaryDirectory()
        let target = directory.appendingPathComponent("target-file").path
        try Data("not for forms".utf8).write(to: URL(fileURLWithPath: target))
        let path = try formFile(Self.hostileForm(naming: target))
        let png = directory.appendingPathComponent("out.png").path
        let commands = [["check", "--form", path], ["replay", "--form", path, "type:x", "Tab", "ctrl+Return"],
                        ["render", "--form", path, "--png", png, "Tab"]]
        for (number, arguments) in commands.enumerated() {
            let trace = directory.appendingPathComponent("trace\(number)").path
            let run = try runProgram(Strace.path, Strace.arguments(trace) + [keyformBinary] + arguments, environment: Strace.environment)
            #expect(run.status <= 1, "\(arguments): \(run.stderr)")
            try Self.expectNoTrace(of: target, in: trace, allowedWrites: arguments[0] == "render" ? [png] : [])
        }
        let trace = directory.appendingPathComponent("trace-window").path
        let window = try ScriptedWindow(Strace.arguments(trace) + [keyformBinary, "--form", path, "--no-blink"],
                                        program: Strace.path, environment: Strace.environment)
        try window.xdotool("key", "ctrl+Return")
        #expect(window.exitStatus() == 0, "\(window.stderr)")
        try Self.expectNoTrace(of: target, in: trace, allowedWrites: [])

        for key in ["$ref", "include", "$schema", "import"] {
            let run = try keyform(["check", "--form", "-"], stdin: #"{"\#(key)": "\#(target)", "fields": []}"#)
            #expect(run.status == 2 && run.stderr.contains("unknown key"), "\(key): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.contains("pwned") })
    }

    /// The trace mentions neither `target` nor its `.pwned` sibling, holds one execve (the command
    /// itself), and shows writes only to `allowedWrites`, fontconfig's cache and, in
    /// `make test-sanitize`, the sanitizer runtime's own files.
    static func expectNoTrace(of target: String, in trace: String, allowedWrites: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(!lines.contains { $0.contains(target) }, "followed: \(lines.filter { $0.contains(target) })", sourceLocation: sourceLocation)
        let executions = lines.filter { $0.contains("execve(") }
        #expect(executions.count == 1, "\(executions)", sourceLocation: sourceLocation)
        let written = try Strace.filesOpenedForWriting(trace: trace).filter { path in
            !allowedWrites.contains(path) && !path.contains("/fontconfig/") && !path.hasPrefix("/tmp/tsan.")
                && !path.contains("/.build-sanitizer-logs/")
        }
        #expect(written.isEmpty, "unexpected writes: \(written)", sourceLocation: sourceLocation)
    }

    /// The draft is written to `FILE.PID.tmp`, then renamed: a symlink planted at that predictable
    /// name (a draft in a shared folder) is replaced, never followed into another file.
    @Test @MainActor func aPlantedSymlinkNeverRedirectsTheDraft() throws {
        let directory = try temporaryDirectory()
        let draft = directory.appendingPathComponent("shared.draft").path
        let victim = directory.appendingPathComponent("victim").path
        try Data("untouched".utf8).write(to: URL(fileURLWithPath: victim))
        let form = try ScriptedWindow(["--form", "-", "--draft", draft], stdin: everyTextKindForm)
        let temporary = "\(draft).\(form.process.processIdentifier).tmp"
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: victim)
        try form.type("Ada")
        // The draft is saved a moment after the typing stops.
        waitUntil("the draft") { (try? String(contentsOfFile: draft, encoding: .utf8))?.contains("Ada") == true }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
        #expect(try FileManager.default.attributesOfItem(atPath: draft)[.type] as? FileAttributeType == .typeRegular)
    }

    /// Every source file, Swift or C (but the benchmark tool's), that opens, writes, removes or runs anything,
    /// and what names the file: the command line, never a form. A new one fails the scan until it
    /// is reviewed and listed here and in RELIABILITY.md.
    static let fileAndProcessSites: [String: String] = [
        "keyform/FormOptions.swift": "--form FILE (or the demo form)",
        "keyform/CheckCommand.swift": "--form FILE again, to place its findings",
        "keyform/Draft.swift": "--draft FILE, its FILE.PID.tmp and FILE.kept, rename and unlink",
        "keyform/StandardOutput.swift": "/dev/null in place of a standard descriptor that was closed at start",
        "keyform/RenderCommand.swift": "--png OUT",
        "keyform/DemoTourLauncher.swift": "runs keyform-tour in its place, beside it or in ../libexec/keyform (no display, no form)",
        "keyform/PathCompletion.swift": "opendir of the folder typed into a yad path field, for its names",
        "keyform/YadCommand.swift": "a yad command line's --button and BTN/FBTN commands, as yad runs them (the script's own line, never a form)",
        "keyform-tour/DemoTour.swift": "--tour-dir DIR; runs the keyform that ran it",
        "keyform/FileIO.swift": "contents(atPath:) for the files above name",
        "KeyformAutomation/ChildProcess.swift": "posix_spawn for the tour and PrivateXServer, which name the programs",
        "KeyformCairo/CairoSurface.swift": "writePNG(to:), for the two above and the library's",
        "Keyform/FormSession.swift": "writePNG(to:) at the path the app's code gives, never a form",
        "KeyformAutomation/PrivateXServer.swift": "Xvfb from PATH and its log in the temporary folder (the tour)",
        "KeyformAutomation/PrivateInputMethod.swift": "ibus, fcitx5 or uim (Mozc's through setpriv as nobody), their config and logs in a temporary folder (tests, bench)",
        "KeyformAutomation/AccessibilityBus.swift": "dbus-launch, the AT-SPI bus launcher, dbus-send and gdbus on a private bus (tests, bench)",
        "KeyformAutomation/PrivateScreenReader.swift": "openbox, speech-dispatcher and Orca, their config and speech log in a temporary folder (tests, bench)",
        "KeyformGLib/DBusPeerServer.swift": "the socket screen readers connect to, in a directory it makes (mkdtemp) in XDG_RUNTIME_DIR, removed when the window goes",
        "CXCBOnDemand/shim.h": "dlopen of libxcb-cursor.so.0, libxcb-xinput.so.0 and libxcb-imdkit.so.1, fixed names the loader finds on its own path",
    ]

    @Test func onlyTheCommandLineNamesFilesOrPrograms() throws {
        let pattern = try Regex(#"Process\(\)|posix_spawn|\bg_spawn|\bopendir\(|\bexec[lv]p?e?\(|\bsystem\(|\bpopen\(|\bdlopen\(|\bfopen\(|\bopen\([^)]*O_|"#
                                + #"contents\(atPath|(Data|String)\(contentsOf|FileHandle\(for|createFile\(|createDirectory\(|"#
                                + #"writePNG\(to|\.write\(to: [^&]|\bunlink\(|\brename\(|removeItem\("#)
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { path in
            [".swift", ".h", ".c"].contains { path.hasSuffix($0) } && !path.hasPrefix("keyform-bench/")
        }
        let sites = try files.filter { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8).contains(pattern) }
        #expect(Set(sites) == Set(Self.fileAndProcessSites.keys))
    }
}
