import Foundation
import Testing

/// yad's `--form` options through `keyform replay`, with no display: the events come on standard
/// input (the arguments after the options are the fields' values, as in yad). What is printed and
/// the exit status are yad 0.40's (checked against real yad in `YadCompatibilityTests`).
@Suite("yad's --form options, through keyform replay") struct YadReplayTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: [String]
        var events: [String]
        var stdout: String
        var status: Int32 = 0
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "every value followed by the separator", arguments: ["--field", "Name", "--field", "Mail"],
             events: ["type:Ada", "Tab", "type:a@b", "Return"], stdout: "Ada|a@b|\n"),
        Case(name: "values as arguments", arguments: ["--field", "A", "--field", "B:CHK", "x", "TRUE"], events: ["Return"],
             stdout: "x|TRUE|\n"),
        Case(name: "a check box is TRUE or FALSE, any case in", arguments: ["--field", "A:CHK", "--field", "B:CHK", "true", "no"],
             events: ["space", "ctrl+Return"], stdout: "FALSE|FALSE|\n"),
        Case(name: "a combo's ^ item is chosen", arguments: ["--field", "Shell:CB", "bash!^zsh!fish"], events: ["Return"],
             stdout: "zsh|\n"),
        Case(name: "a combo with no ^ starts on its first item", arguments: ["--field", "Shell:CB", "bash!zsh"],
             events: ["Down", "ctrl+Return"], stdout: "zsh|\n"),
        Case(name: "an item separator of one's own", arguments: ["--item-separator", ",", "--field", "S:CB", "--field", "N:NUM",
                                                                 "a,^b", "2,0..9,1"],
             events: ["Tab", "Up", "ctrl+Return"], stdout: "b|3|\n"),
        Case(name: "a number with its precision, kept in its range, its minimum when empty",
             arguments: ["--field", "A:NUM", "--field", "B:NUM", "--field", "C:NUM", "--field", "D:NUM", "5!0..10!1!2", "50!0..10", "", "!3..9"],
             events: ["Return"], stdout: "5.00|10|0|3|\n"),
        Case(name: "an editable combo starts on its ^ item", arguments: ["--field", "Editor:CBE", "vim!^emacs"],
             events: ["ctrl+a", "type:nano", "Return"], stdout: "nano|\n"),
        // yad's DT is an entry (its calendar opens only to a click): its text prints as it stands.
        Case(name: "a date is the text typed, in the script's format", arguments: ["--date-format", "%d/%m/%Y", "--field", "Due:DT"],
             events: ["type:24/12/2026", "Return"], stdout: "24/12/2026|\n"),
        Case(name: "a date given is shown and printed as given", arguments: ["--date-format", "%d.%m.%Y", "--field", "A:DT", "--field", "B:DT",
                                                                             "--field", "C:DT", "24.12.2026", "2026-12-25", ""],
             events: ["ctrl+Return"], stdout: "24.12.2026|2026-12-25||\n"),
        Case(name: "a date printed as %x by default", arguments: ["--field", "A:DT", "12/24/26"], events: ["Return"],
             stdout: "12/24/26|\n"),
        Case(name: "a text area's lines escaped", arguments: ["--field", "Notes:TXT", #"one\ttab"#],
             events: ["Return", "type:two\\", "ctrl+Return"], stdout: #"one\ttab\ntwo\\|"# + "\n"),
        // Ctrl+Tab leaves a text area as in yad; were it ignored, Tab would reach Cancel instead of OK.
        Case(name: "Ctrl+Tab and Ctrl+Shift+Tab leave a text area", arguments: ["--field", "Notes:TXT", "--field", "Name"],
             events: ["type:one", "ctrl+Tab", "type:Ada", "ctrl+shift+Tab", "type:!", "ctrl+Tab", "Tab", "Tab", "Return"],
             stdout: "one!|Ada|\n"),
        Case(name: "read-only, hidden, a label and a button",
             arguments: ["--field", "Id:RO", "--field", "PIN:H", "--field", "Note:LBL", "--field", "Help:BTN", "--field", "Last", "7"],
             events: ["type:1234", "Tab", "Tab", "type:z", "Return"], stdout: "7|1234|||z|\n"),
        // A field's command that starts with @ is waited for; its N:VALUE lines set fields, up to
        // an empty line. %1 is the first field's text quoted for the shell, its " escaped first.
        Case(name: "a full button's @command sets fields from what it prints",
             arguments: ["--field", "Name", "--field", "Fill:FBTN", "--field", "Echo", "--field", "On:CHK", "--field", "N:NUM",
                         #"it"s"#, #"@printf "3:%1\n 4:TRUE\n5:7\n\n1:not\n""#],
             events: ["Tab", "space", "ctrl+Return"], stdout: #"it"s||'it"s'|TRUE|7|"# + "\n"),
        Case(name: "a button field whose command fails sets nothing", arguments: ["--field", "A", "--field", "Fill:BTN", "x", "@sh -c 'echo 1:y; exit 1'"],
             events: ["Tab", "Return", "ctrl+Return"], stdout: "x||\n"),
        Case(name: "a label whose colon is not a type", arguments: ["--field", "Name:"], events: ["type:a", "Return"], stdout: "a|\n"),
        Case(name: "--separator, empty too", arguments: ["--separator=", "--field", "A", "--field", "B", "x", "y"], events: ["Return"],
             stdout: "xy\n"),
        Case(name: "--focus-field selects the field's text", arguments: ["--focus-field", "2", "--field", "A", "--field", "B", "x", "y"],
             events: ["type:Q", "Return"], stdout: "x|Q|\n"),
        Case(name: "a disabled field", arguments: ["--field", "A", "--field", "B", "@disabled@", "y"], events: ["Return"],
             stdout: "|y|\n"),
        Case(name: "Escape is 252", arguments: ["--field", "A"], events: ["Escape"], stdout: "", status: 252),
        Case(name: "--no-escape: Escape does nothing", arguments: ["--no-escape", "--field", "A"], events: ["Escape", "type:x", "Return"],
             stdout: "x|\n"),
        Case(name: "--escape-ok: Escape answers as Return does", arguments: ["--escape-ok", "--response", "4", "--field", "A"],
             events: ["type:x", "Escape"], stdout: "x|\n", status: 4),
        Case(name: "--escape-ok wins over --no-escape", arguments: ["--escape-ok", "--no-escape", "--field", "A"], events: ["Escape"],
             stdout: "|\n"),
        Case(name: "Cancel is 1", arguments: ["--field", "A"], events: ["Tab", "Return"], stdout: "", status: 1),
        Case(name: "the timeout is 70", arguments: ["--timeout", "1", "--field", "A"], events: ["wait:1500"], stdout: "", status: 70),
        Case(name: "an even button prints and exits with its code", arguments: ["--button", "Later!gtk-later:3", "--button", "Save:2",
                                                                                "--field", "A", "x"],
             events: ["Tab", "Tab", "space"], stdout: "x|\n", status: 2),
        Case(name: "an odd button exits with its code, printing nothing",
             arguments: ["--button", "gtk-ok:0", "--button", "Later:3", "--field", "A", "x"], events: ["Tab", "Tab", "space"], stdout: "", status: 3),
        Case(name: "buttons stand in the order given", arguments: ["--button", "Save:0", "--button", "gtk-cancel:1", "--field", "A", "x"],
             events: ["Tab", "space"], stdout: "x|\n"),
        Case(name: "a button of a label alone is numbered by its place, from 0",
             arguments: ["--button", "Zero", "--button", "One", "--button", "Two", "--field", "A", "x"],
             events: ["Tab", "Tab", "Tab", "space"], stdout: "x|\n", status: 2),
        Case(name: "a button that runs a command runs it, and the form goes on",
             arguments: ["--button", "Help:true", "--button", "Done:0", "--field", "A", "x"], events: ["Tab", "space", "Tab", "space"], stdout: "x|\n"),
        Case(name: "--always-print-result prints for an odd button", arguments: ["--always-print-result", "--field", "A", "x"],
             events: ["Tab", "space"], stdout: "x|\n", status: 1),
        Case(name: "--response is Return's code", arguments: ["--response", "3", "--field", "A", "x"], events: ["Return"], stdout: "", status: 3),
        Case(name: "--no-buttons: Return still answers", arguments: ["--no-buttons", "--field", "A", "x"], events: ["Tab", "Return"],
             stdout: "x|\n"),
        Case(name: "--quoted-output quotes for the shell", arguments: ["--quoted-output", "--field", "A", "--field", "B:NUM", "--field", "C:CHK",
                                                                        "--field", "D:LBL", "it's", "2"],
             events: ["Return"], stdout: #"'it'\''s'|'2'|'FALSE'|''|"# + "\n"),
        Case(name: "--num-output prints a combo's item number", arguments: ["--num-output", "--field", "S:CB", "a!^b!c"], events: ["Return"],
             stdout: "2|\n"),
        Case(name: "--output-by-row reads the columns row by row",
             arguments: ["--columns", "2", "--output-by-row", "--field", "A", "--field", "B", "--field", "C", "a", "b", "c"], events: ["Return"],
             stdout: "a|c|b|\n"),
        Case(name: "a label with a colon that is no type is an entry", arguments: ["--field", "Time (hh:mm)", "--field", "Name:"],
             events: ["type:10:30", "Tab", "type:x", "Return"], stdout: "10:30|x|\n"),
        Case(name: "file and folder fields are their paths, typed",
             arguments: ["--field", "A:FL", "--field", "B:SFL", "--field", "C:DIR", "--field", "D:CDIR", "--field", "E:MFL", "--field", "F:MDIR",
                         "/etc/hosts", "", "/tmp"],
             events: ["Tab", "type:out.txt", "ctrl+Return"], stdout: "/etc/hosts|out.txt|/tmp||||\n"),
        Case(name: "font, colour and scale fields with yad's defaults", arguments: ["--field", "F:FN", "--field", "C:CLR", "--field", "S:SCL",
                                                                                  "--field", "T:SCL", "", "", "", "40"],
             events: ["ctrl+Return"], stdout: "Sans 12|#000000|0|40|\n"),
        Case(name: "a combo with no items prints (null), as yad's printf does", arguments: ["--field", "A:CB", "--field", "B:CB", "", "x!y"],
             events: ["ctrl+Return"], stdout: "(null)|x|\n"),
        Case(name: "a number read as yad reads it: spaces before, text after", arguments: ["--field", "A:NUM", "--field", "B:NUM", " 5", "7abc!0..9"],
             events: ["Return"], stdout: "5|7|\n"),
        Case(name: "options that only shape yad's window change nothing",
             arguments: ["--columns=2", "--borders=10", "--fixed", "--on-top", "--skip-taskbar", "--undecorated", "--image", "dialog-question",
                         "--buttons-layout=center", "--sticky", "--name", "n", "--class", "C", "--align=right", "--scroll", "--geometry", "400x300+0+0",
                         "--text-align=center", "--image-on-top", "--mouse", "--selectable-labels", "--kill-parent", "--print-xid", "--timeout", "0",
                         "--window-icon", "info", "--date-format", "%Q", "--field", "A", "x"],
             events: ["Return"], stdout: "x|\n"),
    ]

    @Test(arguments: cases)
    func yadFormsAnswerAsYadDoes(_ test: Case) throws {
        let run = try keyform(["replay", "--form"] + test.arguments, stdin: test.events.joined(separator: "\n") + "\n")
        #expect(run.status == test.status, "\(run.stderr)")
        #expect(run.stdout == test.stdout, "\(run.stderr)")
    }

    /// A button field's command runs in the background with the fields' values, and the form
    /// goes on: it writes the name typed into a file, which the test waits for.
    @Test func aButtonFieldRunsItsCommandWithTheValues() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let run = try keyform(["replay", "--form", "--field", "Name", "--field", "Save:BTN", "", #"sh -c "echo %1 > \#(out)""#],
                              stdin: "type:Ada Lovelace\nTab\nspace\nctrl+Return\n")
        #expect(run.status == 0 && run.stdout == "Ada Lovelace||\n", "\(run.stderr)")
        #expect(waitUntil("the command's file") { (try? String(contentsOfFile: out, encoding: .utf8)) == "Ada Lovelace\n" })
    }

    /// Path fields complete as a shell does: the typed folder's entries that start with what
    /// follows the last `/`, in a list under the field; folders end in `/` and list their own
    /// entries next; a folder field lists folders only; `.` names once a `.` is typed; `~` is
    /// $HOME. Down or Up moves into the list, Return then chooses; Return before that submits
    /// what was typed, as in yad.
    static let pathCases: [(String, [String], String)] = [
        ("F:FL", ["type:DIR/M", "Down", "Return", "Down", "Down", "Return", "Return"], "DIR/My Docs/inner/|"),
        ("F:SFL", ["type:DIR/my", "Down", "Return", "Return"], "DIR/my.txt|"),
        ("F:SFL", ["type:DIR/my", "Return"], "DIR/my|"),
        ("D:DIR", ["type:DIR/", "Down", "Down", "Return", "Return"], "DIR/music/|"),
        ("D:CDIR", ["type:DIR/", "Up", "Up", "Return", "Down", "Return", "Return"], "DIR/My Docs/inner/|"),
        ("F:FL", ["type:DIR/.", "Down", "Return", "Return"], "DIR/.hidden|"),
        ("F:FL", ["type:~/my", "Down", "Return", "Return"], "DIR/my.txt|"),
        ("F:MFL", ["type:/etc/hosts!DIR/My", "Down", "Return", "Down", "Return", "Return"], "/etc/hosts!DIR/My Docs/a.txt|"),
        ("D:MDIR", ["type:DIR/m!DIR/mu", "Down", "Return", "Return"], "DIR/m!DIR/music/|"),
        // Escape closes the list; the next Escape cancels.
        ("F:FL", ["type:DIR/m", "Escape", "type:y", "Return"], "DIR/my|"),
    ]

    @Test(arguments: pathCases)
    func pathFieldsCompleteAsAShellDoes(_ field: String, _ events: [String], _ printed: String) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["My Docs/inner", "music"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        for path in ["My Docs/a.txt", "my.txt", ".hidden"] { FileManager.default.createFile(atPath: folder.appendingPathComponent(path).path, contents: nil) }
        let lines = events.map { $0.replacingOccurrences(of: "DIR", with: folder.path) }
        let run = try keyform(["replay", "--form", "--field", field], stdin: lines.joined(separator: "\n") + "\n", environment: ["HOME": folder.path])
        #expect(run.status == 0 && run.stdout == printed.replacingOccurrences(of: "DIR", with: folder.path) + "\n", "\(run.stderr)")
    }

    /// Past the limits of a form: a label of 16 KiB and a byte, a combo of 10,001 items.
    static let longLabel = String(repeating: "a", count: 16 << 10 + 1)
    static let manyItems = Array(repeating: "a", count: 10_001).joined(separator: "!")

    static let refused: [([String], String)] = [
        (["--focus-field", "3", "--field", "A"], "--focus-field 3: there is no field 3"),
        (["--focus-field", "two", "--field", "A"], "--focus-field takes a whole number"),
        (["--item-separator=", "--field", "A"], "--item-separator must not be empty"),
        (["--sticky-note", "--field", "A"], "--sticky-note is not a yad --form option"),
        (["--field"], "--field needs a value"),
        (["--field", longLabel], "the label is longer than 16 KiB"),
        (["--field", "S:CB", manyItems], "more than 10,000 items"),
    ]

    @Test(arguments: refused)
    func whatKeyformDoesNotTakeIsNamed(_ arguments: [String], _ message: String) throws {
        let run = try keyform(["--form"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// `--form FILE` and `--form -` still open a form file: only `--form` followed by another
    /// option, or by nothing, is yad's.
    @Test(arguments: [["--form", demoForm], ["--form", "-"], ["--form=-"]])
    func keyformsOwnFormStillOpensAFile(_ arguments: [String]) throws {
        let stdin = try String(contentsOfFile: demoForm, encoding: .utf8)
        let run = try keyform(["replay"] + arguments + ["Escape"], stdin: stdin)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""status":"cancelled""#), "\(run.stdout)")
    }
}
