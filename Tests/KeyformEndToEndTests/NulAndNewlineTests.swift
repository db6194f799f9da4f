import Foundation
import Testing

/// A NUL character reaches no value: Pango would hide it (and complain on standard error) while
/// it was still submitted. Form files, standard input and drafts that hold one are refused with
/// exit 2, naming the place. A one-line field never holds a line break: a value given with one
/// is joined with spaces, as a paste into the field is.
@Suite("NUL and line breaks in values") struct NulAndNewlineTests {
    static let form = #"""
        {"fields": [{"id": "name", "type": "text"}, {"id": "pin", "type": "password"},
                    {"id": "skills", "type": "tokens"}, {"id": "notes", "type": "textarea"}]}
        """#

    func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: ["check", "replay", "render"])
    func anEscapedNulInAFormFileIsRefusedNamingThePlace(command: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try write(#"{"fields": [{"id": "name", "type": "text", "value": "Ada\u0000"}]}"#, to: "form.json", in: directory)
        let png = directory.appendingPathComponent("out.png").path
        let run = try keyform([command, "--form", path] + (command == "render" ? ["--png", png] : []))
        #expect(run.status == 2)
        #expect(run.stderr.contains("form.json:1:53: a NUL character (\\u0000) is not allowed (fields[0].value)"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aFormOnStandardInputToo() throws {
        let run = try keyform(["replay", "--form", "-", "Tab"], stdin: #"{"title": "\u0000"}"#)
        #expect(run.status == 2)
        #expect(run.stderr.contains("<stdin>:1:11: a NUL character (\\u0000) is not allowed (title)"), "\(run.stderr)")
    }

    /// Events read from standard input may hold any byte; one with a NUL is named, the NUL shown.
    @Test func anEventWithANulIsRefusedNamingIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try write(Self.form, to: "form.json", in: directory)
        let run = try keyform(["replay", "--form", path], stdin: "type:Ada\ntype:a\u{0}b\n")
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"event 2 "type:a\0b": an event may not hold a NUL character"#), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// A draft is the person's: one that holds a NUL is refused, named, and left as it is.
    @Test func aDraftWithANulIsRefusedAndKept() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = try write(Self.form, to: "form.json", in: directory)
        let draftText = #"{"name": "Ada", "skills": ["C", "Swift\u0000"]}"#
        let draft = try write(draftText, to: "form.draft", in: directory)
        let run = try keyform(["--form", form, "--draft", draft], environment: ["DISPLAY": ":987"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("form.draft:1:33: a NUL character (\\u0000) is not allowed (skills[1])"), "\(run.stderr)")
        #expect(try String(contentsOfFile: draft, encoding: .utf8) == draftText)
    }

    /// `--value` and a form's `value` with line breaks: joined in one-line fields, kept in a text area.
    @Test func lineBreaksInOneLineFieldsAreJoinedAsAPasteIs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try write(#"""
            {"fields": [{"id": "name", "type": "text", "value": "Ada\r\nLovelace"}, {"id": "pin", "type": "password"},
                        {"id": "skills", "type": "tokens", "value": ["C\nSwift"]}, {"id": "notes", "type": "textarea", "value": "a\nb"}]}
            """#, to: "form.json", in: directory)
        let run = try keyform(["replay", "--form", path, "--value", "pin=12\n34", "wait:0"])
        #expect(run.status == 0, "\(run.stderr)")
        let values = try #require(run.jsonLines.last?["values"] as? [String: Any])
        #expect(values["name"] as? String == "Ada Lovelace")
        #expect(values["pin"] as? String == "12 34")
        #expect(values["skills"] as? [String] == ["C Swift"])
        #expect(values["notes"] as? String == "a\nb")
    }

    /// A draft's line breaks likewise, in the window that restores it.
    @Test @MainActor func lineBreaksInADraftAreJoinedInOneLineFields() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let draft = try write(#"{"name": "Ada\nLovelace", "skills": ["C\r\nSwift"], "notes": "a\nb"}"#, to: "form.draft", in: directory)
        let form = try ScriptedWindow(["--form", "-", "--draft", draft], stdin: Self.form)
        try form.xdotool("key", "ctrl+Return")
        #expect(form.exitStatus() == 0, "\(form.stderr)")
        #expect(form.stdout == #"{"name":"Ada Lovelace","pin":"","skills":["C Swift"],"notes":"a\nb"}"# + "\n")
    }
}
