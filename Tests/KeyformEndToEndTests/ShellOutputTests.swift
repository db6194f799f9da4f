import Foundation
import KeyformCore
import Testing

/// `--output shell` is `eval`ed by scripts: whatever the person typed must come back exactly,
/// and nothing in it may run, in bash, in dash (Debian's /bin/sh) and in zsh; and no name it
/// prints is one of the shell's own.
@Suite("Shell output round-trips through eval") struct ShellOutputTests {
    static let hostile: [String] = [
        "Ada", "", "it's", "'", "''", #"'\''"#, "'; touch CANARY; '", "$(touch CANARY)", "`touch CANARY`",
        "${HOME}", "$HOME", #"\"#, #"\'"#, "\"", "a\nb", "line\n", "\n\n", "\r\n", "tab\there", "  spaces  ",
        "!", "!!", "*", "~", "-n", "--", "%s%n", "\u{1b}[31mred\u{1b}[0m", "\u{7f}", "日本語", "👨‍👩‍👧",
        "e\u{301}", "'\u{301}; touch CANARY; '\u{301}", "\u{202e}evil", "\u{a0}", "\u{2028}",
        String(repeating: "x'", count: 500),
    ]

    static let shells = ["/bin/bash", "/bin/dash", "/usr/bin/zsh"]

    /// How each shell lists the names it sets itself, started with an empty environment: dash's
    /// `set`, bash's `compgen -v`, zsh's special parameters (zsh/parameter's too).
    static let ownNames = [
        "/bin/dash": ["-c", "set | sed 's/=.*//'"],
        "/bin/bash": ["--norc", "--noprofile", "-c", "compgen -v"],
        "/usr/bin/zsh": ["-f", "-c", #"for k in ${(k)parameters}; do [[ ${parameters[$k]} == *special* ]] && print -r -- $k; done"#],
    ]

    /// Every name a shell sets itself that an id can become is refused, as PATH is: evaluated,
    /// the output would change the script's shell, or stop it half-way (zsh's `status`).
    @Test(arguments: shells)
    func everyNameTheShellSetsItselfIsRefused(shell: String) throws {
        let run = try runProgram("/usr/bin/env", ["-i", shell] + Self.ownNames[shell, default: []])
        let names = run.stdout.split(separator: "\n").map(String.init)
        #expect(names.count > 7, "\(shell) listed \(names): \(run.stderr)")
        // Only names an id can be (`[A-Za-z0-9_-]`, printed as itself): `$`, `#`, `0` cannot.
        let reachable = names.filter { name in
            !name.isEmpty && name.first?.isNumber == false && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
        for name in reachable {
            #expect(OutputFormat.shellProblem(ids: [name], prefix: "") != nil, "\(shell) sets \(name) itself")
        }
    }

    /// Names that reach the shell's own only through a quick form's labels (zsh's `path` from
    /// "Path") and the ones bash reads but never sets.
    @Test(arguments: ["path", "status", "options", "commands", "EXECIGNORE", "FUNCNEST", "LC_PAPER", "BASH_XTRACEFD", "ZDOTDIR"])
    func aNameAShellReadsIsRefused(name: String) {
        #expect(OutputFormat.shellProblem(ids: [name], prefix: "") != nil)
        #expect(OutputFormat.shellProblem(ids: [name], prefix: "form_") == nil)
    }

    @Test(arguments: shells)
    func evalGivesBackExactlyWhatWasTyped(shell: String) throws {
        var members = Self.hostile.enumerated().map { ("v\($0.offset)", JSONValue.string($0.element)) }
        members += [("first-name", .string("Ada")), ("2fa", .string("123")), ("tags", .array([.string("a'b"), .string("c|d")]))]
        let expected = Self.hostile + ["Ada", "123", "a'b|c|d"]
        let names = Self.hostile.indices.map { "v\($0)" } + ["first_name", "_2fa", "tags"]
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try OutputFormat.shell.format(.object(members)).write(to: dir.appendingPathComponent("values"), atomically: true, encoding: .utf8)
        // Each variable is written out with printf, byte for byte, to a file of its own.
        let script = #"cd "$1" && eval "$(cat values)" && "# + names.map { #"printf '%s' "$\#($0)" > out-\#($0) && "# }.joined() + "true"
        let run = try runProgram(shell, ["-c", script, "sh", dir.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        for (name, value) in zip(names, expected) {
            let data = try Data(contentsOf: dir.appendingPathComponent("out-\(name)"))
            #expect(data == Data(value.utf8), "\(shell): \(name) should be \(value.debugDescription)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("CANARY").path), "something ran")
    }

    /// No shell variable can hold NUL: it is left out rather than cutting the value or the script.
    @Test(arguments: shells)
    func aNULIsLeftOut(shell: String) throws {
        let output = OutputFormat.shell.format(.object([("a", .string("x\u{0}y")), ("b", .string("z"))]))
        let run = try runProgram(shell, ["-c", #"eval "$1"; printf '%s,%s' "$a" "$b""#, "sh", output])
        #expect(run.stdout == "xy,z")
    }

    @Test func linesUseTheSeparatorAndJoinTokensWithCommas() {
        let values = JSONValue.object([("a", .string("x")), ("t", .array([.string("p"), .string("q")])), ("b", .string(""))])
        #expect(OutputFormat.lines.format(values) == "x|p,q|\n")
        #expect(OutputFormat.lines.format(values, separator: "\t") == "x\tp,q\t\n")
        #expect(OutputFormat.json.format(values) == #"{"a":"x","t":["p","q"],"b":""}"# + "\n")
    }
}
