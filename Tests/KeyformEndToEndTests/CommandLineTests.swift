import Foundation
import Testing

/// The command line as a person meets it (issue #15): help for each subcommand, the version,
/// help text wrapped only where the width needs it, bad numbers explained, arguments that are not
/// UTF-8 refused, and `replay --output` printing what the window would.
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
    /// margin; indented examples and the options' table are laid out by hand. ArgumentParser
    /// fills lines to one less than the terminal's width.
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
