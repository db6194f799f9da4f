import Foundation
import KeyformAutomation
import KeyformCairo
import Testing

/// No answer lost, with the real process and its real file descriptors: a result that cannot be
/// written, a draft that cannot be kept, a signal, a cancel.
@Suite("No answer lost", .serialized) struct NoAnswerLostTests {
    static let arguments = ["--title", "Full", "--field", "Name"]

    func draftPath() throws -> String { try temporaryDirectory().appendingPathComponent("f.draft").path }

    func draftText(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// How standard output fails: a full disk, a reader that is gone, a standard output closed.
    enum BrokenOutput: String, CaseIterable, Sendable { case full, closedPipe, closed }

    /// A submit whose values cannot be written exits 4 (never 0 or 1), prints them on standard
    /// error and keeps the draft, which then holds the values as submitted.
    @Test(arguments: BrokenOutput.allCases)
    @MainActor func aSubmitWhoseOutputFailsExits4AndKeepsTheValues(_ broken: BrokenOutput) throws {
        let path = try draftPath()
        let pipe = Pipe()
        let form: ScriptedWindow
        switch broken {
        case .full:
            form = try ScriptedWindow(Self.arguments + ["--draft", path], standardOutput: FileHandle(forWritingAtPath: "/dev/full"))
        case .closedPipe:
            form = try ScriptedWindow(Self.arguments + ["--draft", path], standardOutput: pipe.fileHandleForWriting)
            try pipe.fileHandleForReading.close()
            try pipe.fileHandleForWriting.close()
        case .closed:
            form = try ScriptedWindow(["-c", #"exec "$0" "$@" >&-"#, keyformBinary] + Self.arguments + ["--draft", path, "--no-blink"],
                                      program: "/bin/sh")
        }
        try form.type("Ada")
        waitUntil("the draft") { draftText(path) == #"{"name":"Ada"}"# + "\n" }
        try form.type(" L")
        try form.xdotool("key", "Return")
        #expect(form.exitStatus() == 4, "\(form.stderr)")
        let reason = ["full": "No space left on device", "closedPipe": "Broken pipe", "closed": "Bad file descriptor"][broken.rawValue]!
        #expect(form.stderr == "keyform: cannot write the values to standard output: \(reason); the values are saved in \(path) and here (passwords left out):\n"
                + #"{"name":"Ada L"}"# + "\n", "\(form.stderr)")
        #expect(draftText(path) == #"{"name":"Ada L"}"# + "\n")
    }

    /// The draft's place is checked before the window opens: a path that can take no file, and
    /// one that is not a regular file (a FIFO would block the start), stop it with exit 2.
    @Test(arguments: [("file/x.draft", "cannot save the draft DIR/file/x.draft: Not a directory"),
                      ("missing/x.draft", "cannot save the draft DIR/missing/x.draft: No such file or directory"),
                      ("fifo", "the draft DIR/fifo is not a regular file"),
                      ("folder", "the draft DIR/folder is not a regular file")])
    func aDraftThatCannotBeKeptStopsTheStart(name: String, message: String) throws {
        let directory = try temporaryDirectory().path
        FileManager.default.createFile(atPath: "\(directory)/file", contents: Data())
        #expect(mkfifo("\(directory)/fifo", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: "\(directory)/folder", withIntermediateDirectories: false)
        let run = try keyform(Self.arguments + ["--draft", "\(directory)/\(name)"], environment: ["DISPLAY": ":987"])
        #expect(run.status == 2)
        #expect(run.stderr == "keyform: \(message.replacingOccurrences(of: "DIR", with: directory))\n", "\(run.stderr)")
    }

    /// A draft's folder that goes away while the window is open: the save fails, is said once on
    /// standard error and in the window (in the error colour at the title's row, where it was
    /// not before), and is never reported as done; the values then go to standard error.
    @Test @MainActor func aDraftSaveThatFailsIsNeverReportedAsDone() throws {
        let folder = try temporaryDirectory()
        let path = folder.appendingPathComponent("f.draft").path
        let form = try ScriptedWindow(Self.arguments + ["--draft", path, "--theme", "light"])
        let errorInk = { (shot: CairoSurface) -> Int in
            var count = 0
            for y in 0..<40 {
                for x in 0..<800 {  // nil past the window's width
                    guard let p = shot.rgb(x: x, y: y) else { continue }
                    if abs(Int(p.red) - 0xc0) < 24 && abs(Int(p.green) - 0x1c) < 24 && abs(Int(p.blue) - 0x28) < 24 { count += 1 }
                }
            }
            return count
        }
        #expect(errorInk(try form.driver.screenshot(window: form.window)) == 0)
        try FileManager.default.removeItem(at: folder)
        try form.type("Ada")
        waitUntil("the failed save") { form.stderr.contains("cannot save the draft") }
        _ = try form.driver.screenshot(of: form.window, when: { errorInk($0) > 20 }, "the window does not say the draft was not saved")
        kill(form.process.processIdentifier, SIGTERM)
        #expect(form.diedBy(SIGTERM))
        #expect(form.stderr == "keyform: cannot save the draft \(path): No such file or directory\n"
                + "keyform: stopped by SIGTERM; the values entered so far (passwords left out):\n" + #"{"name":"Ada"}"# + "\n",
                "\(form.stderr)")
    }

    /// A draft with a value the form no longer takes is kept aside before any save replaces it.
    @Test func aDraftNotWhollyRestoredIsKeptAside() throws {
        let path = try draftPath()
        let text = #"{"name": "Ada", "gone": "a field the form no longer has"}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try keyform(Self.arguments + ["--draft", path], environment: ["DISPLAY": ":987"])
        #expect(run.status == 3)
        #expect(run.stderr.contains("keyform: the draft as it was is kept in \(path).kept\n"), "\(run.stderr)")
        #expect(draftText(path + ".kept") == text)
    }

    /// Ctrl+C in a terminal sends SIGINT to the script and the dialog alike: the dialog dies by
    /// it, and so bash stops the script, with zenity and with Keyform.
    @Test(arguments: ["zenity", "keyform"])
    @MainActor func ctrlCStopsTheCallingScript(program: String) throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("zenity").path, withDestinationPath: keyformBinary)
        let zenity = program == "zenity" ? "/usr/bin/zenity" : directory.appendingPathComponent("zenity").path
        // A process group of its own (Foundation may have made one already), so that SIGINT can
        // go to the group, and every signal delivered and at its default action, as in a
        // terminal (the test runner blocks some).
        let launcher = """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            if os.getpgrp() != os.getpid(): os.setsid()
            os.execvp(sys.argv[1], sys.argv[1:])
            """
        let form = try ScriptedWindow(["-c", launcher, "bash", "-c", "\(zenity) --forms --title Full --add-entry Name; echo CONTINUED"],
                                      program: "/usr/bin/python3", environment: ["NO_AT_BRIDGE": "1"], wmClass: program)
        try form.type("Ada")
        kill(-form.process.processIdentifier, SIGINT)  // the process group, as the terminal does
        #expect(form.diedBy(SIGINT), "\(program)")
        #expect(!form.stdout.contains("CONTINUED"), "\(program)")
    }

    /// A signal ignored when Keyform started (`nohup`, a background job) stays ignored.
    @Test @MainActor func anIgnoredSigintStaysIgnored() throws {
        let form = try ScriptedWindow(["-c", #"trap "" INT; exec "$0" "$@""#, keyformBinary] + Self.arguments + ["--no-blink"],
                                      program: "/bin/sh")
        kill(form.process.processIdentifier, SIGINT)
        try form.type("Ada")
        try form.xdotool("key", "Return")
        #expect(form.exitStatus() == 0, "\(form.stderr)")
        #expect(form.stdout == #"{"name":"Ada"}"# + "\n")
    }
}

/// What a script reads from a number field is a number, in every output, through the real program.
@Suite struct NumberOutputTests {
    static let form = #"{"fields": [{"id": "n", "type": "number", "label": "Count"}, {"id": "x", "type": "text"}]}"#

    @Test(arguments: [("json", #"{"n":12,"x":""}"# + "\n"), ("shell", "n='12'\nx=''\n"), ("lines", "12|\n")])
    func aNumberFieldPrintsItsCanonicalNumber(output: String, printed: String) throws {
        let run = try keyform(["replay", "--form", "-", "--output", output, "type:00012", "ctrl+Return"], stdin: Self.form)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == printed)
    }

    /// `$((00012))` is 10 in bash: an exponent or any text that is no plain number is refused.
    @Test(arguments: ["1e3", "0x10", "12abc"])
    func whatIsNoNumberIsRefused(typed: String) throws {
        let run = try keyform(["replay", "--form", "-", "--output", "json", "type:\(typed)", "ctrl+Return"], stdin: Self.form)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr == "keyform: the events neither submitted nor cancelled the form\n", "\(run.stderr)")
    }
}
