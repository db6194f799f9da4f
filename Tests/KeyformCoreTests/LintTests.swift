import KeyformCore
import Testing

/// `keyform check`'s findings about commands and mnemonics, each at its place in the file.
@Suite("Form lint") struct LintTests {
    func findings(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let form = try makeForm(json, sourceLocation: sourceLocation)
        let document = try JSONParser.parse(Array(json.utf8))
        return FormLint.findings(for: form, keyNames: BasicKeyNames()).map { $0.description(file: "f.json", document: document) }
    }

    @Test func aCleanFormHasNone() throws {
        #expect(try findings(#"{"fields": [{"id": "a", "type": "text", "label": "_Name"}, {"id": "b", "type": "text", "label": "_Email"}], "commands": [{"key": "ctrl+Return", "action": "submit"}, {"key": "F2", "action": "cancel"}]}"#) == [])
    }

    @Test func twoCommandsOnOneChordAreReported() throws {
        let json = #"""
        {"commands": [
          {"key": "ctrl+l", "action": "submit"},
          {"key": "ctrl+L", "action": "cancel"},
          {"key": "ctrl+shift+l", "action": "cancel"}
        ]}
        """#
        let found = try findings(json)
        #expect(found == [
            "f.json:3:11: warning: Ctrl+L is bound twice in this form, here and in commands[0]; only the first runs (commands[1].key)",
            "f.json:1:1: warning: no field can take focus: a person can only press Escape or Ctrl+Return (fields)",
        ])
    }

    @Test func aKeyThatDoesNotExistIsAnError() throws {
        let found = try findings(#"{"commands": [{"key": "ctrl+Retrun", "action": "submit"}]}"#)
        #expect(found == [#"f.json:1:23: error: unknown key "Retrun" in "ctrl+Retrun" (commands[0].key)"#,
                          #"f.json:1:1: warning: no field can take focus: a person can only press Escape or Ctrl+Return (fields)"#])
    }

    @Test func sharedMnemonicsAreReportedAcrossSections() throws {
        let json = #"""
        {"fields": [
          {"id": "a", "type": "text", "label": "_Name"},
          {"id": "s", "type": "section", "label": "Sec", "fields": [{"id": "b", "type": "text", "label": "Nick_name"}]},
          {"id": "c", "type": "label", "label": "_Note, not a mnemonic"}
        ]}
        """#
        let found = try findings(json)
        #expect(found == [
            #"f.json:3:98: warning: mnemonic "N" of "Nickname" is also used by "Name" (fields[0].label); Alt+N moves between them (fields[1].fields[0].label)"#,
        ])
    }

    /// A field a screen reader could only call "entry": no label, or only a mnemonic marker, and
    /// no placeholder. Sections, text labels and fields with a placeholder are fine.
    @Test func aFieldWithNoAccessibleNameIsReported() throws {
        let json = #"""
        {"fields": [
          {"id": "a", "type": "text"},
          {"id": "b", "type": "text", "placeholder": "Search"},
          {"id": "s", "type": "section", "fields": [{"id": "c", "type": "checkbox", "label": "_"}]},
          {"id": "d", "type": "label", "label": "Read me"},
          {"id": "e", "type": "button", "label": " "}
        ]}
        """#
        #expect(try findings(json) == [
            #"f.json:2:3: warning: text field "a" has no label or placeholder: a screen reader cannot say what it is for (fields[0])"#,
            #"f.json:4:45: warning: checkbox field "c" has no label or placeholder: a screen reader cannot say what it is for (fields[2].fields[0])"#,
            #"f.json:6:3: warning: button field "e" has no label or placeholder: a screen reader cannot say what it is for (fields[4])"#,
        ])
    }

    @Test func aPathThatNamesNothingHasNoPlace() {
        let finding = LintFinding(.warning, path: "", "section \"s\" has no field Tab can reach")
        #expect(finding.description(file: "f.json", document: nil) == #"f.json: warning: section "s" has no field Tab can reach"#)
    }
}
