import Foundation
import Testing

/// Nothing from outside can make keyform read without end: a form file, a form or events on
/// standard input and a draft are each read up to a limit (README › Limits), and one byte past it
/// is exit 2 (3 for the window, which still runs) with a message that names the limit. Endless
/// sources prove that reading stops there: without a limit these tests would run out of memory.
@Suite("Input limits") struct InputLimitTests {
    /// `keyform ARGUMENTS` with standard input from a shell command (`< /dev/zero`, `yes |`).
    func keyform(_ arguments: String, input: String) throws -> RunResult {
        try runProgram("/bin/sh", ["-c", "\(input) '\(keyformBinary)' \(arguments)"], environment: ["DISPLAY": ":987"])
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func anEndlessFormFileStopsAtTheLimit(file: String) throws {
        let run = try KeyformEndToEndTests.keyform(["check", "--form", file], environment: ["DISPLAY": ":987"])
        #expect(run.status == 2)
        #expect(run.stderr == "keyform: \(file) is larger than 16 MiB, the most a form file may be\n")
    }

    @Test(arguments: ["exec <", "yes |"], ["check", "replay Tab", "render --png /dev/null"])
    func anEndlessFormOnStandardInputStopsAtTheLimit(input: String, command: String) throws {
        let source = input == "exec <" ? "exec < /dev/zero;" : input
        let run = try keyform("\(command) --form -", input: source)
        #expect(run.status == 2)
        #expect(run.stderr == "keyform: <stdin> is larger than 16 MiB, the most a form file may be\n")
    }

    static let eventFloods: [(input: String, message: String)] = [
        ("exec < /dev/zero;", "event 1 on standard input is longer than 16 MiB, the most an event may be"),
        ("yes Tab |", "standard input holds more than 1,000,000 events, the most replay reads"),
        // 100,000-byte lines: fewer than the most events, more than the most bytes of them.
        (#"yes "type:$(head -c 99995 /dev/zero | tr '\0' a)" |"#, "standard input holds more than 64 MiB of events, the most replay reads"),
    ]

    @Test(arguments: eventFloods)
    func endlessEventsOnStandardInputStopAtTheLimit(input: String, message: String) throws {
        for command in ["replay", "render --png /dev/null"] {
            let run = try keyform("\(command) --form '\(demoForm)'", input: input)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr == "keyform: \(message)\n", "\(command)")
            #expect(run.stdout.isEmpty, "\(command)")
        }
    }

    /// The draft is read before the display is opened, up to its limit: past it the start stops
    /// with exit 2 and the draft is left as it is (a submit would have removed it). A device is
    /// no draft at all.
    @Test func aDraftOverTheLimitStopsTheStart() throws {
        let draft = try temporaryDirectory().appendingPathComponent("form.draft").path
        FileManager.default.createFile(atPath: draft, contents: nil)
        #expect(truncate(draft, 64 << 20 | 1) == 0)  // sparse: nothing written
        let run = try KeyformEndToEndTests.keyform(["--form", demoForm, "--draft", draft], environment: ["DISPLAY": ":987"])
        #expect(run.status == 2)
        #expect(run.stderr == "keyform: the draft \(draft) is larger than 64 MiB, the most a draft may be\n", "\(run.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: draft)[.size] as? Int == 64 << 20 | 1)
        let device = try KeyformEndToEndTests.keyform(["--form", demoForm, "--draft", "/dev/zero"], environment: ["DISPLAY": ":987"])
        #expect(device.status == 2)
        #expect(device.stderr == "keyform: the draft /dev/zero is not a regular file\n", "\(device.stderr)")
    }

    /// A long label passes no `check`: it would take seconds and gigabytes to lay out.
    @Test func aFormOverALimitIsRefusedByCheckAtItsPlace() throws {
        let path = try formFile(#"{"fields": [{"id": "a", "type": "label", "label": "\#(String(repeating: "x", count: 1 << 20))"}]}"#)
        let run = try KeyformEndToEndTests.keyform(["check", "--form", path])
        #expect(run.status == 2)
        #expect(run.stderr == "\(path):1:51: text longer than 16 KiB, the most a title, label, option or other text may hold (fields[0].label)\n")
    }

    /// `render` draws an image of the window's size: 3.5 GB at 30000×30000.
    @Test(arguments: [
        (["--size", "30000x30000"], "--size takes WIDTHxHEIGHT, each from 1 to 8192"),
        (["resize:8193x600"], #"event 1 "resize:8193x600": resize takes WxH, each from 1 to 8192"#),
    ])
    func aWindowOverTheLimitIsRefused(arguments: [String], message: String) throws {
        for command in ["replay", "render"] {
            let png = try temporaryDirectory().appendingPathComponent("out.png").path
            let run = try KeyformEndToEndTests.keyform([command, "--form", demoForm] + (command == "render" ? ["--png", png] : []) + arguments)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr.contains(message), "\(command): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: png))
        }
    }

    /// A draft value past a limit is left out, and said so: it is the person's text, so the draft
    /// as it was is kept aside, never overwritten.
    @Test func aDraftValueOverTheLimitIsLeftOutWithAMessage() throws {
        let draft = try temporaryDirectory().appendingPathComponent("form.draft")
        let text = Data(#"{"name": "\#(String(repeating: "x", count: 16 << 20 | 1))", "email": "ada@example.org"}"#.utf8)
        try text.write(to: draft)
        let run = try KeyformEndToEndTests.keyform(["--form", demoForm, "--draft", draft.path], environment: ["DISPLAY": ":987"])
        #expect(run.status == 3)
        #expect(run.stderr.hasPrefix(#"keyform: the draft's value of "name" is left out: "name" takes at most 16 MiB of text"# + "\n"),
                "\(run.stderr.prefix(300))")
        #expect(try Data(contentsOf: draft.appendingPathExtension("kept")) == text)
    }
}
