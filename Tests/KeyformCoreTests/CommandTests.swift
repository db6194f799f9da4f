import KeyformCore
import Testing

/// The responder chain through `keyform replay`'s events: which command a key reaches, and
/// what is available when.
@Suite("Key commands") struct CommandTests {
    static let form = #"""
    {"title": "t", "size": {"width": 400, "height": 600}, "fields": [
      {"id": "name", "type": "text", "label": "_Name"},
      {"id": "skills", "type": "tokens", "label": "S_kills", "value": ["C"]},
      {"id": "go", "type": "button", "label": "_Go", "action": "submit"}
    ], "commands": [
      {"key": "ctrl+Return", "action": "submit", "title": "Send it"},
      {"key": "ctrl+a", "action": "focus:go", "title": "Go to the button"},
      {"key": "ctrl+l", "action": "clear:name", "title": "Clear the name"},
      {"key": "ctrl+l", "action": "cancel", "title": "Never reached"}
    ]}
    """#

    func run(_ events: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try replay(makeForm(Self.form, sourceLocation: sourceLocation), events, sourceLocation: sourceLocation)
    }

    @Test func aKeyTheControlDoesNotUseReachesTheForm() throws {
        let reports = try run(["type:Ada", "ctrl+Return"])
        #expect(reports[1]["result"]?["status"] == .string("submitted"))
    }

    /// Ctrl+A selects all in a text field (the field's command comes first in the chain); on the
    /// button, which has no Ctrl+A, the form's command runs.
    @Test func theFocusedControlComesBeforeTheForm() throws {
        let reports = try run(["type:Ada", "ctrl+a", "focus:skills", "ctrl+a"])
        #expect(reports[1]["selection"] == .array([.number(0), .number(3)]))
        #expect(reports[1]["focus"] == .string("name"))
        // The empty token input has nothing to select: the key goes on to the form.
        #expect(reports[3]["focus"] == .string("go"))
    }

    @Test func theFirstOfTwoCommandsOnOneKeyWins() throws {
        let reports = try run(["type:Ada", "ctrl+l", "ctrl+l"])
        #expect(reports[1]["values"]?["name"] == .string(""))
        #expect(reports[1]["result"] == .null)
        // Nothing left to clear: the first command is not offered, so the second runs.
        #expect(reports[2]["result"]?["status"] == .string("cancelled"))
    }

    @Test func shiftTabArrivesAsISOLeftTab() throws {
        let reports = try run(["Tab", "ISO_Left_Tab", "shift+Tab"])
        #expect(reports.map { $0["focus"] } == [.string("skills"), .string("name"), .string("go")])
    }

    @Test func unknownKeysAreNotHandled() throws {
        let reports = try run(["ctrl+q", "alt+q", "F1", "F1"])
        #expect(reports[0]["handled"] == .bool(false))
        #expect(reports[1]["handled"] == .bool(false))
        #expect(reports[2]["overlay"]?["kind"] == .string("shortcuts"))
        #expect(reports[3]["overlay"] == .null)
    }

    @Test func wordCommandsAndDeletion() throws {
        let reports = try run(["type:one two three", "ctrl+Left", "ctrl+Left", "ctrl+shift+Right", "ctrl+BackSpace",
                               "ctrl+Delete", "End", "ctrl+BackSpace"])
        #expect(reports[1]["selection"] == .array([.number(8), .number(8)]))
        #expect(reports[2]["selection"] == .array([.number(4), .number(4)]))
        #expect(reports[3]["selection"] == .array([.number(4), .number(7)]))
        #expect(reports[4]["text"] == .string("one  three"))
        #expect(reports[5]["text"] == .string("one "))
        #expect(reports[7]["text"] == .string(""))
    }

    @Test func inARightToLeftFormCtrlRightGoesBackAWord() throws {
        let form = try makeForm(#"{"direction": "rtl", "fields": [{"id": "t", "type": "text"}]}"#)
        let reports = try replay(form, ["type:שלום עולם", "ctrl+Right", "ctrl+Left"])
        #expect(reports[1]["selection"] == .array([.number(5), .number(5)]))
        #expect(reports[2]["selection"] == .array([.number(9), .number(9)]))
    }

    @Test func passwordWordsAreTheWholeText() throws {
        let form = try makeForm(#"{"fields": [{"id": "p", "type": "password"}]}"#)
        let reports = try replay(form, ["type:my secret", "ctrl+Left", "ctrl+Right", "ctrl+BackSpace"])
        #expect(reports[1]["selection"] == .array([.number(0), .number(0)]))
        #expect(reports[2]["selection"] == .array([.number(9), .number(9)]))
        #expect(reports[3]["text"] == .string(""))
    }

    /// "Remove all tokens" exists only while there are tokens, and undo brings them back.
    @Test func removeAllTokensExistsWhileThereAreTokens() throws {
        let reports = try run(["focus:skills", "ctrl+shift+Delete", "ctrl+shift+Delete", "ctrl+z"])
        #expect(reports[1]["values"]?["skills"] == .array([]))
        #expect(reports[2]["handled"] == .bool(false))
        #expect(reports[3]["values"]?["skills"] == .array([.string("C")]))
    }

    @Test func copyAndCutNeedASelectionAndNeverTakeAPassword() throws {
        let form = try makeForm(#"{"fields": [{"id": "t", "type": "text"}, {"id": "p", "type": "password"}]}"#)
        var runner = ReplayRunner(session: FormSession(form: form, measurer: FixedWidthMeasurer()), keys: TestKeys())
        var requests: [PlatformRequest] = []
        for event in ["type:abc", "ctrl+c", "ctrl+a", "ctrl+c", "ctrl+x", "focus:p", "type:pin", "ctrl+a", "ctrl+c", "ctrl+x", "ctrl+v"] {
            _ = try runner.run(ReplayEvent(parsing: event))
            requests += runner.lastUpdate.requests
        }
        let clipboard = requests.filter { if case .setSelection(.clipboard, _) = $0 { true } else { false } }
        #expect(clipboard == [.setSelection(.clipboard, "abc"), .setSelection(.clipboard, "abc")])
        #expect(runner.session.text(of: "t") == "")
        #expect(runner.session.text(of: "p") == "pin")
    }
}
