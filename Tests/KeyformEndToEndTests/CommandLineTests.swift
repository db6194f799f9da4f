import Foundation
import Testing

/// The command line as a person meets it (issue #15): help for each subcommand, the version,
/// help text wrapped only where the width needs it, usage errors and bad numbers explained (exit
/// 2), arguments that are not UTF-8 refused, the man page, and `replay --output` printing what
/// the window would.
@Suite("The command line") struct CommandLineTests {
    static let subcommands = ["open", "replay", "render", "check"]

    @Test(arguments: subcommands)
    func helpForASubcommand(_ name: String) throws {
        let run = try keyform(["help", name])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("OVERVIEW:"))
        #expect(run.stdout.contains("USAGE: keyform \(name)"))
    }

    @Test func version() throws {
        let run = try keyform(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.wholeMatch(of: /keyform \d+\.\d+\.\d+\n/) != nil, "\(run.stdout)")
    }

    /// A prose line ended early: the next line's first word would have fitted on it, so the text
    /// has a line break of its own in the middle of a sentence. Prose is what starts at the left
    /// margin; indented examples and the options' table are laid out by hand. Help fills lines to
    /// one less than the terminal's width.
    static func earlyBreaks(in help: String, width: Int = 79) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return zip(lines, lines.dropFirst()).compactMap { line, next in
            guard !line.isEmpty, line.first != " ", next.first != " ", let word = next.split(separator: " ").first,
                  line.count + 1 + word.count <= width else { return nil }
            return line
        }
    }

    @Test(arguments: ["--help"] + subcommands.map { "help \($0)" })
    func helpBreaksLinesOnlyWhereTheWidthNeedsIt(_ command: String) throws {
        let run = try keyform(command.split(separator: " ").map(String.init), environment: ["COLUMNS": "80"])
        #expect(Self.earlyBreaks(in: run.stdout) == [])
    }

    @Test func theCheckerFindsAnEarlyBreak() {
        #expect(Self.earlyBreaks(in: "Exit status: 0 submitted,\n1 cancelled.") == ["Exit status: 0 submitted,"])
    }

    @Test(arguments: [
        (["--timeout", "-1"], "--timeout must be more than 0 seconds, not -1"),
        (["--timeout", "1e300"], "--timeout must be under 1000000000 seconds"),
        (["--timeout", "soon"], #"--timeout takes a number of seconds, like 60, not "soon""#),
        (["--size", "-5x5"], #"--size takes WIDTHxHEIGHT, each from 1 to 8192, e.g. 520x420, not "-5x5""#),
        (["--size", "99999x10"], #"not "99999x10""#),
        (["--separator", ""], "--separator must not be empty"),
    ])
    func badNumbersSayWhatIsWrong(_ arguments: [String], _ message: String) throws {
        let run = try keyform(["replay", "--field", "Name"] + arguments + ["Return"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// Each usage error names the argument, shows the command's usage, and exits 2, whichever
    /// command it is in.
    @Test(arguments: [
        (["--fomr", "x.json"], "Error: Unknown option '--fomr'. Did you mean '--form'?", "keyform open"),
        (["replay", "--layuot", "ru"], "Error: Unknown option '--layuot'. Did you mean '--layout'?", "keyform replay"),
        (["check", "--png", "x.png"], "Error: Unknown option '--png'", "keyform check"),
        (["replay", "--layout"], "Error: Missing value for '--layout <LAYOUT[:VARIANT]>'", "keyform replay"),
        (["replay", "--field", "--rtl"], "Error: Missing value for '--field <[ID:]LABEL>'", "keyform replay"),
        (["render", "Tab"], "Error: Missing expected argument '--png <OUT>'", "keyform render"),
        (["check", "extra"], "Error: Unexpected argument 'extra'", "keyform check"),
        (["replay", "--rtl=yes"], "Error: The option '--rtl' does not take any value, but 'yes' was specified.", "keyform replay"),
        (["--attach", "nope"], "Error: The value 'nope' is invalid for '--attach <WINDOW>'", "keyform open"),
        (["check", "--today", "2026-13-01"], "Error: The value '2026-13-01' is invalid for '--today <YYYY-MM-DD>'", "keyform check"),
        (["--modal"], "Error: --modal needs --attach WINDOW", "keyform open"),
        (["check", "--field", "A", "--value", "x"], #"Error: --value takes ID=TEXT, not "x""#, "keyform check"),
        (["help", "rendr"], "Error: Unknown subcommand 'rendr'. Did you mean 'render'?", "keyform <subcommand>"),
        (["--generate-completion-script", "tcsh"], "Error: The value 'tcsh' is invalid", "keyform <subcommand>"),
    ])
    func usageErrorsNameTheArgumentAndExit2(_ arguments: [String], _ message: String, _ usage: String) throws {
        let run = try keyform(arguments, environment: ["DISPLAY": ""])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix(message + (message.hasSuffix("'") || message.hasSuffix("?") ? "\n" : "")), "\(run.stderr)")
        #expect(run.stderr.contains("\nUsage: \(usage)"), "\(run.stderr)")
    }

    /// A value may start with a dash where a dash makes sense, or after `=`; `--` ends options.
    @Test(arguments: [
        (["--field", "Name", "--size", "-5x5", "Return"], 2, "--size takes WIDTHxHEIGHT"),
        (["--field=-Name", "--output", "lines", "type:x", "Return"], 0, ""),
        (["--field", "Name", "--output=lines", "--", "type:--help", "Return"], 0, ""),
    ])
    func dashesInValues(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let run = try keyform(["replay"] + arguments)
        #expect(run.status == status, "\(run.stderr)")
        if !message.isEmpty { #expect(run.stderr.contains(message), "\(run.stderr)") }
        if status == 0 { #expect(run.stdout.hasSuffix("\n") && !run.stdout.contains("OVERVIEW")) }
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], ["open", "--help"], ["--form", "x.json", "--help"]])
    func helpForTheDefaultCommandShowsItsOptions(_ arguments: [String]) throws {
        let run = try keyform(arguments)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("USAGE: keyform open [<options>]") && run.stdout.contains("  --draft <FILE>"))
    }

    /// The man page renders with neither formatter finding fault, and holds every visible option.
    @Test func theManualPageIsClean() throws {
        let run = try keyform(["--generate-manual", "2026-11-23"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(".Dd November 23, 2026\n.Dt KEYFORM 1\n"))
        for option in ["-form", "-png", "-layout", "-draft", "-theme", "-scale", "-today"] { #expect(run.stdout.contains(".It Fl \(option) ")) }
        #expect(!run.stdout.contains("timeout-prints-values"))
        let page = try temporaryDirectory().appendingPathComponent("keyform.1").path
        try run.stdout.write(toFile: page, atomically: true, encoding: .utf8)
        let groff = try runProgram("/usr/bin/groff", ["-mandoc", "-ww", "-z", page])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc") {
            let lint = try runProgram("/usr/bin/mandoc", ["-T", "lint", "-W", "warning", page])
            #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
        }
        let rendered = try runProgram("/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "80"])
        #expect(rendered.status == 0 && rendered.stdout.contains("KEYFORM(1)") && rendered.stdout.contains("--png OUT"), "\(rendered.stderr)")
        #expect(try keyform(["--generate-manual", "23/11/2026"]).status == 2)
    }

    @Test func anUnknownThemeNamesTheChoices() throws {
        let run = try keyform(["render", "--png", "/dev/null", "--theme", "purple"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("'purple' is invalid for '--theme <THEME>'. Please provide one of 'light', 'dark', 'high-contrast' or 'auto'"),
                "\(run.stderr)")
    }

    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let run = try runProgram("/bin/sh", ["-c", #"exec "$0" replay --field "$(printf 'Na\377me')" Return"#, keyformBinary])
        #expect(run.status == 2)
        #expect(run.stderr.contains("argument 3 is not valid UTF-8"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["--field", "a-b:One", "--field", "a_b:Two"], #""a-b" and "a_b" are both a_b in --output shell"#),
        (["--field", "PATH:Where"], #""PATH" would set the shell's own PATH"#),
        (["--field", "IFS:Split", "--prefix", "1x"], "--prefix must be a shell name's start"),
    ])
    func shellOutputNeverSetsOneNameTwiceOrTheShellsOwn(_ arguments: [String], _ message: String) throws {
        let run = try keyform(["replay", "--output", "shell"] + arguments + ["Return"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// Tokens as a bash array: evaluated by bash, each is one element, whatever it holds.
    @Test func bashOutputGivesTokensAsAnArray() throws {
        let run = try keyform(["replay", "--output", "bash", "--tokens", "Tags", "type:a|b", "Return", "type:it's", "Return", "ctrl+Return"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == #"tags=('a|b' 'it'\''s')"# + "\n")
        let bash = try runProgram("/bin/bash", ["-c", "eval \"$0\"; printf '[%s]' \"${tags[@]}\"", run.stdout])
        #expect(bash.stdout == "[a|b][it's]")
    }

    @Test func aPrefixKeepsTheShellsNamesApart() throws {
        let run = try keyform(["replay", "--output", "shell", "--prefix", "form_", "--field", "PATH:Where", "type:/tmp", "Return"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "form_PATH='/tmp'\n")
    }

    @Test(arguments: [
        ("shell", ["type:Ada O'Hara", "Return"], "name='Ada O'\\''Hara'\n", Int32(0)),
        ("lines", ["type:Ada", "Return"], "Ada\n", 0),
        ("json", ["type:Ada", "Escape"], "", 1),
    ])
    func replayOutputPrintsWhatTheWindowWould(_ format: String, _ events: [String], _ stdout: String, _ status: Int32) throws {
        let run = try keyform(["replay", "--field", "Name", "--output", format] + events)
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stdout == stdout)
    }
}
