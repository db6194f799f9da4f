import Foundation
import Testing

/// Key commands through the real binary: shortcuts on non-Latin layouts with physical keys, the
/// overlay as replay reports it, and `keyform check`'s exit statuses.
@Suite("Key commands through keyform replay and check") struct CommandReplayTests {
    func selection(_ line: [String: Any]) -> [Int]? { line["selection"] as? [Int] }

    /// The physical keys of Latin a, z and e: Ctrl+A selects all, Ctrl+Z undoes, Alt+E jumps to
    /// the E-mail field, whatever those keys type on the layout.
    @Test(arguments: [("ru", "фы"), ("il", "שד")])
    func shortcutsAndMnemonicsFollowThePhysicalKey(layout: String, typed: String) throws {
        let run = try keyform(["replay", "--form", demoForm, "--layout", layout,
                               "key:AC01", "key:AC02", "ctrl+key:AC01", "ctrl+key:AB01", "alt+key:AD03", "ctrl+key:AB01"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.jsonLines
        #expect(lines[1]["text"] as? String == typed)
        #expect(selection(lines[2]) == [0, 2])
        #expect(lines[3]["text"] as? String == "")  // one typing run, one undo
        #expect(lines[4]["focus"] as? String == "email")
        #expect(lines[5]["handled"] as? Bool == false)  // nothing to undo in the e-mail field
    }

    /// `ctrl+?` is Ctrl+Shift+7 on a Russian keyboard and Ctrl+Shift+/ on a US one.
    @Test(arguments: [("ru", "AE07"), ("us", "AB10")])
    func ctrlQuestionMatchesWhicheverKeyTypesIt(layout: String, key: String) throws {
        let run = try keyform(["replay", "--form", demoForm, "--layout", layout, "ctrl+shift+key:\(key)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect((run.jsonLines.first?["overlay"] as? [String: Any])?["kind"] as? String == "shortcuts")
    }

    @Test func theOverlayListsTitledCommandsWithTheirKeys() throws {
        let run = try keyform(["replay", "--form", demoForm, "type:Ada", "hold:ctrl", "wait:1000", "release:ctrl"])
        let lines = run.jsonLines
        let overlay = try #require(lines[2]["overlay"] as? [String: Any])
        #expect(overlay["kind"] as? String == "shortcuts")
        let items = try #require(overlay["items"] as? [[String: String]])
        #expect(items.contains { $0 == ["title": "Submit the form", "keys": "Ctrl+Return", "group": "This form"] })
        #expect(items.contains { $0 == ["title": "Select all", "keys": "Ctrl+A", "group": "This field"] })
        #expect(items.contains { $0["title"] == "Show keyboard shortcuts" && $0["keys"] == "Ctrl+?, F1" })
        #expect(lines[3]["overlay"] is NSNull)
    }

    @Test func checkExitsZeroOneOrTwo() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func check(_ json: String) throws -> RunResult {
            let path = dir.appendingPathComponent("form.json").path
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            return try keyform(["check", "--form", path])
        }
        let clean = try check(#"{"fields": [{"id": "a", "type": "text", "label": "_Name"}], "commands": [{"key": "ctrl+Return", "action": "submit"}]}"#)
        #expect(clean.status == 0, "\(clean.stdout)")
        let warned = try check(#"{"fields": [{"id": "a", "type": "text", "label": "_Name"}, {"id": "b", "type": "text", "label": "_Nick"}]}"#)
        #expect(warned.status == 1)
        #expect(warned.stdout.contains("form.json:1:97: warning: mnemonic \"N\""), "\(warned.stdout)")
        let broken = try check(#"{"commands": [{"key": "ctrl+Retrun", "action": "submit"}]}"#)
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("form.json:1:23: error: unknown key \"Retrun\""), "\(broken.stdout)")
        let invalid = try check(#"{"fields": [{"id": "a", "type": "txt"}]}"#)
        #expect(invalid.status == 2)
    }
}
