import Foundation
import Testing

/// A typed password stays in the form's submitted values. (The core's part — never drawn, never
/// copied — is in PasswordSecrecyTests; selections with earlier owners in ClipboardTests; what a
/// form file may do in FormFileTrustTests.)
@Suite("Security: passwords", .serialized) struct SecurityTests {
    static let secret = "Zq8-unguessable"

    /// Everything the program wrote (standard error, the draft and every file strace saw it open
    /// for writing), both selections, the window's properties and the process title, grepped
    /// for the password, with the display lost so the values go to standard error too.
    @Test @MainActor func aTypedPasswordReachesNoOutputFileSelectionOrProcessTitle() throws {
        let directory = try temporaryDirectory()
        let draft = directory.appendingPathComponent("form.draft").path
        let trace = directory.appendingPathComponent("trace").path
        let form = try ScriptedWindow(Strace.arguments(trace) + [keyformBinary, "--form", "-", "--draft", draft, "--no-blink"],
                                      program: Strace.path, stdin: everyTextKindForm, environment: Strace.environment)
        let display = form.server.displayName
        try form.fillEveryTextKind(pin: Self.secret)
        for keys in ["shift+Home", "ctrl+c", "ctrl+a", "ctrl+x", "ctrl+Insert"] { try form.xdotool("key", keys) }
        try form.xdotool("key", "ctrl+z")  // undo the cut, had it cut anything
        // The draft is saved a moment after the typing stops.
        waitUntil("the draft") { (try? String(contentsOfFile: draft, encoding: .utf8))?.contains("Ada") == true }

        for selection in ["clipboard", "primary"] {
            let (_, bytes) = try readSelection(selection, display: display)
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.secret), "\(selection)")
        }
        let keyform = try #require(Strace.child(of: form.process.processIdentifier))
        for file in ["cmdline", "comm", "environ"] {
            let title = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(keyform)/\(file)"))
            #expect(!String(decoding: title, as: UTF8.self).contains(Self.secret), "/proc/PID/\(file)")
        }
        let properties = try runProgram("/usr/bin/xprop", ["-display", display, "-id", String(try form.windowID())])
        #expect(properties.status == 0 && !properties.stdout.contains(Self.secret))

        form.server.stop()
        #expect(form.exitStatus() == 3, "\(form.stderr)")
        #expect(!form.stderr.contains(Self.secret), "\(form.stderr)")
        #expect(try String(contentsOfFile: draft, encoding: .utf8).contains("Ada"))
        let written = try Strace.filesOpenedForWriting(trace: trace)
        #expect(written.contains(draft))
        for path in written {
            let contents = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            #expect(!String(decoding: contents, as: UTF8.self).contains(Self.secret), "\(path)")
        }
    }

    /// The tour types a PIN: neither its output nor its screenshots carry it. (That the pixels show
    /// bullets is PasswordSecrecyTests: a password's text is never in the display list.)
    @Test func theDemoTourShowsNoPassword() throws {
        let directory = try temporaryDirectory()
        let run = try keyform(["--tour-dir", directory.path], environment: ["DISPLAY": ""])
        #expect(run.status == 0, "\(run.stderr)")
        // The output names the screenshots' directory, whose random name may hold "1234" itself.
        let stdout = run.stdout.replacingOccurrences(of: directory.path, with: "")
        let stderr = run.stderr.replacingOccurrences(of: directory.path, with: "")
        #expect(stdout.contains("submitted") && !stdout.contains("1234"), "\(run.stdout)")
        #expect(!stderr.contains("1234"), "\(run.stderr)")
        let shots = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }
        #expect(shots.count == 8)
        for shot in shots {
            let png = try Data(contentsOf: directory.appendingPathComponent(shot))
            #expect(!String(decoding: png, as: UTF8.self).contains("1234"), "\(shot)")
            #expect(Set(Self.chunkTypes(png)).isDisjoint(with: ["tEXt", "zTXt", "iTXt"]), "\(shot) has text chunks")
        }
    }

    /// The types of a PNG's chunks, in order: after the 8-byte signature, each chunk is a length,
    /// a 4-letter type, the data and a CRC.
    static func chunkTypes(_ png: Data) -> [String] {
        let bytes = [UInt8](png)
        var types: [String] = [], offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}
