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

    /// GTK's type-ahead keeps a space inside a running search; a space on its own opens the list.
    @Test func aSpaceGoesOnWithATypeAheadSearch() throws {
        let run = try keyform(["replay", "--picker", "Country=Uganda|United Kingdom|United States", "--output", "lines", "type:united s", "Return"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "United States\n")
    }

    @Test func escapeWhileTypingCancelsAtOnce() throws {
        #expect(try result(["--field", "Name", "type:Ada", "Escape"])?["status"] as? String == "cancelled")
    }
}

/// `keyform --forms`: zenity's options, tried with no display through `replay`. What is printed
/// and the exit status are zenity 3.44's (checked against real zenity in `ZenityCompatibilityTests`).
@Suite("zenity's options, through keyform replay") struct ZenityOptionsReplayTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var stdout: String
        var status: Int32 = 0
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // zenity's combo starts with nothing chosen: Down chooses its first item.
        Case(name: "fields in order with their values", arguments: ["--add-entry", "Name:", "--add-combo", "Shell", "--combo-values", "bash|zsh",
                                                                    "--add-password", "user_pin", "--separator", ";",
                                                                    "type:Ada", "Tab", "Down", "Tab", "type:12", "Return"],
             stdout: "Ada;bash;12\n"),
        Case(name: "a combo left alone prints a space", arguments: ["--add-combo", "C", "--combo-values", "a|b", "--add-entry", "E",
                                                                    "Tab", "type:x", "Return"], stdout: " |x\n"),
        Case(name: "a list prints every cell of its row, each followed by a comma",
             arguments: ["--add-list", "Disk", "--list-values", "sda|1T|sdb|2T", "--column-values", "Name|Size", "--add-entry", "Label",
                         "Down", "Tab", "type:data", "Return"], stdout: "sdb,2T,|data\n"),
        Case(name: "a list that is the last field prints its cells without commas",
             arguments: ["--add-entry", "E", "--add-list", "L", "--list-values", "a|b|c|d", "--column-values", "x|y", "Tab", "Down", "ctrl+Return"],
             stdout: "|cd\n"),
        Case(name: "lists and combos take their values in order",
             arguments: ["--add-combo", "A", "--add-list", "B", "--add-combo", "C", "--combo-values", "a1|a2", "--combo-values", "c1",
                         "--list-values", "b1|b2", "Down", "Tab", "Tab", "Down", "ctrl+Return"], stdout: "a1|b1,|c1\n"),
        Case(name: "an empty separator joins the values", arguments: ["--separator=", "--add-entry", "A", "--add-entry", "B",
                                                                      "type:a", "Tab", "type:b", "Return"], stdout: "ab\n"),
        Case(name: "separator escapes are read", arguments: ["--separator", "\\t", "--add-entry", "A", "--add-entry", "B",
                                                             "type:a", "Tab", "type:b", "Return"], stdout: "a\tb\n"),
        Case(name: "--timeout=0 is no timeout", arguments: ["--timeout=0", "--add-entry", "A", "type:a", "Return"], stdout: "a\n"),
        Case(name: "an extra button prints its label and exits 1",
             arguments: ["--extra-button", "Later", "--add-entry", "A", "type:a", "Tab", "Tab", "Tab", "Return"], stdout: "Later\n", status: 1),
        Case(name: "a calendar prints the locale's %x, or --forms-date-format",
             arguments: ["--today", "2026-11-29", "--add-calendar", "A", "--add-calendar", "B", "--forms-date-format=%A %d", "ctrl+Return"],
             stdout: "Sunday 29|Sunday 29\n"),
        Case(name: "options that change nothing Keyform shows are taken",
             arguments: ["--icon-name", "info", "--no-markup", "--name", "n", "--class", "C", "--window-icon=info", "--window-icon", "nothing-such",
                         "--modal", "--show-header", "--default-cancel", "--width", "-1", "--add-entry", "A", "type:a", "Return"],
             stdout: "a\n"),
        Case(name: "Escape cancels with 1", arguments: ["--add-entry", "A", "Escape"], stdout: "", status: 1),
    ]

    @Test(arguments: cases)
    func zenityFormsAnswerAsZenityDoes(_ test: Case) throws {
        let run = try keyform(["replay", "--forms"] + test.arguments, environment: ["LC_ALL": "C"])
        #expect(run.status == test.status, "\(run.stderr)")
        #expect(run.stdout == test.stdout, "\(run.stderr)")
    }

    /// zenity's exit codes from the environment (checked against real zenity by hand: 7, 9, 4, 9).
    static let environmentCodes: [([String], [String: String], Int32)] = [
        (["Tab", "Return"], ["ZENITY_CANCEL": "7", "ZENITY_ESC": "9"], 7), (["Escape"], ["ZENITY_CANCEL": "7", "ZENITY_ESC": "9"], 9),
        (["Tab", "Tab", "Return"], ["DIALOG_OK": "4"], 4), (["Tab", "Tab", "Tab", "Return"], ["ZENITY_ESC": "9"], 9),
    ]

    @Test(arguments: environmentCodes)
    func exitCodesFromTheEnvironment(_ events: [String], _ environment: [String: String], _ status: Int32) throws {
        let run = try keyform(["replay", "--forms", "--add-entry", "A", "--extra-button", "X"] + events, environment: environment)
        #expect(run.status == status, "\(run.stderr)")
    }

    /// `--text` is Pango markup after zenity's escapes: the text, as a screen reader gets it.
    @Test func theTextIsMarkupAfterEscapes() throws {
        let run = try keyform(["accessibility", "--forms", "--text", #"<b>Bold</b> &amp; &lt;plain&gt;\tand\nmore"#, "--add-entry", "A"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""Bold & <plain>\tand\nmore""#), "\(run.stdout)")
    }

    @Test(arguments: [(["--add-scale", "Volume"], "--add-scale is not a zenity --forms option"),
                      (["--sticky"], "--sticky is not a zenity --forms option"),
                      (["--add-entry"], "--add-entry needs a value"),
                      (["--timeout", "soon"], "--timeout takes a whole number"),
                      (["--add-combo", "Many", "--combo-values", Array(repeating: "a", count: 10_001).joined(separator: "|")],
                       "a list or combo at most 10,000 items")])
    func whatZenityDoesNotTakeIsNamed(_ arguments: [String], _ message: String) throws {
        let run = try keyform(["--forms"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}

/// `check`, `render`, `accessibility` and `replay` take the command lines the window takes,
/// zenity's and yad's too, and never open a window.
@Suite("subcommands take zenity and yad command lines") struct ScriptDialogSubcommandTests {
    @Test(arguments: [["check", "--forms", "--add-entry", "A"], ["check", "--form", "--field", "A", "--image", "x.png"],
                      ["accessibility", "--forms", "--add-entry", "A"], ["accessibility", "--form", "--field", "A:CHK"],
                      ["replay", "--forms", "--width", "300", "--add-entry", "A", "Escape"]])
    func aDialogLineIsTakenWithNoWindow(_ arguments: [String]) throws {
        // No display to open a window on: a command that tried would fail with exit 3.
        let run = try keyform(arguments, environment: ["DISPLAY": ":987"])
        #expect([0, 1].contains(run.status), "\(run.stderr)")
    }

    @Test func renderDrawsAZenityForm() throws {
        let directory = try temporaryDirectory()
        let png = directory.appendingPathComponent("zenity.png").path
        let run = try keyform(["render", "--forms", "--add-entry", "Name", "--png", png, "type:Ada"], environment: ["DISPLAY": ":987"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
    }

    @Test(arguments: [["--forms", "--help"], ["--form", "--field", "A", "--help"]])
    func helpOnADialogLineIsKeyformsHelp(_ arguments: [String]) throws {
        let run = try keyform(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("docs/zenity-yad.md"), "\(run.stdout)")
    }

    @Test func checkWithTheFormFileForgottenIsAnError() throws {
        let run = try keyform(["check", "--form"], environment: ["DISPLAY": ":987"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("check --form needs a form file"), "\(run.stderr)")
    }
}
