import Foundation
import Testing

/// The dialog of issue #15 through the real binary with no display: a quick form's buttons and
/// their labels, and the keys that end a dialog.
@Suite("A finished dialog, through keyform replay") struct DialogReplayTests {
    func result(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any]? {
        let run = try keyform(["replay"] + arguments)
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        return run.jsonLines.last?["result"] as? [String: Any]
    }

    @Test func aOneFieldQuickFormIsOneReturn() throws {
        let result = try result(["--field", "Name", "type:Ada", "Return"])
        #expect(result?["status"] as? String == "submitted")
        #expect((result?["values"] as? [String: Any])?["name"] as? String == "Ada")
    }

    /// Tab from the last field reaches Cancel first (the row reads Cancel, OK), and Return presses it.
    @Test func aQuickFormHasCancelBeforeOK() throws {
        #expect(try result(["--field", "Name", "Tab", "Return"])?["status"] as? String == "cancelled")
        #expect(try result(["--field", "Name", "Tab", "Tab", "Return"])?["status"] as? String == "submitted")
    }

    /// The labels given are the buttons' (their mnemonics press them).
    @Test(arguments: [("alt+b", "cancelled"), ("alt+s", "submitted")])
    func theButtonsTakeTheLabelsGiven(_ key: String, _ status: String) throws {
        let result = try result(["--field", "Name", "--ok-label", "_Send", "--cancel-label", "_Back", key])
        #expect(result?["status"] as? String == status)
    }

    @Test func escapeWhileTypingCancelsAtOnce() throws {
        #expect(try result(["--field", "Name", "type:Ada", "Escape"])?["status"] as? String == "cancelled")
    }
}

/// `keyform --forms`: zenity's options translated, tried with no display through `replay`.
@Suite("zenity's options, through keyform replay") struct ZenityOptionsReplayTests {
    @Test func zenityFieldsInOrderWithTheirValues() throws {
        let run = try keyform(["replay", "--forms", "--add-entry", "Name:", "--add-combo", "Shell", "--combo-values", "bash|zsh",
                               "--add-password", "user_pin", "--separator", ";", "type:Ada", "Tab", "Down", "Tab", "type:12", "Return"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Ada;zsh;12\n")
    }

    @Test(arguments: [(["--add-scale", "Volume"], "--add-scale is not a zenity --forms option"),
                      (["--add-combo", "Shell"], "Shell: a combo or list needs --combo-values or --list-values"),
                      (["--combo-values", "a|b"], "--combo-values must follow --add-combo or --add-list")])
    func whatKeyformDoesNotTakeIsNamed(_ arguments: [String], _ message: String) throws {
        let run = try keyform(["--forms"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
