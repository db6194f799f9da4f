import Foundation
import Testing

/// The shells' completions of keyform's command line, as `make install` installs them
/// (`keyform --generate-completion-script SHELL`), run in the shells themselves: bash's function
/// called as bash calls it, fish's `complete -C`, and zsh's completion system on a pseudo-terminal.
@Suite struct CompletionTests {
    /// The script for `shell`, written to a file as a shell would load it.
    static func script(_ shell: String) throws -> String {
        let run = try keyform(["--generate-completion-script", shell])
        #expect(run.status == 0, "\(run.stderr)")
        let path = try temporaryDirectory().appendingPathComponent("keyform.\(shell)").path
        try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A folder with `form.json`, `my file.txt` and `folder/` in it, for file and folder completion.
    static func files() throws -> String {
        let folder = try temporaryDirectory()
        try Data("{}".utf8).write(to: folder.appendingPathComponent("form.json"))
        try Data().write(to: folder.appendingPathComponent("my file.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        return folder.path
    }

    @Test(arguments: [
        (["keyform", ""], ["open", "replay", "render", "check", "accessibility", "help"]),
        (["keyform", "re"], ["replay", "render"]),
        (["keyform", "--fo"], ["--form"]),
        (["keyform", "--output", "s"], ["shell"]),
        (["keyform", "--title", ""], []),
        (["keyform", "replay", "--la"], ["--layout"]),
        (["keyform", "replay", "--output", "b"], ["bash"]),
        (["keyform", "render", "--theme", "d"], ["dark"]),
        (["keyform", "render", "--p"], ["--password", "--picker", "--png"]),
        (["keyform", "check", "--pn"], []),
        (["keyform", "help", "ren"], ["render"]),
        (["keyform", "--form", "FILES/f"], ["FILES/folder", "FILES/form.json"]),
        (["keyform", "--tour-dir", "FILES/f"], ["FILES/folder"]),
        (["keyform", "--secret"], []),
        (["keyform", "--timeout-prints"], []),
        // A name with a space is one word.
        (["keyform", "--form", "FILES/my"], ["FILES/my file.txt"]),
        // zenity's line (`--forms`) and yad's (`--form` before another option): their options.
        (["keyform", "--forms", "--add-p"], ["--add-password"]),
        (["keyform", "--forms", "--fo"], ["--forms", "--forms-date-format"]),
        (["keyform", "render", "--forms", "--add-entry", "A", "--add-c"], ["--add-calendar", "--add-combo"]),
        (["keyform", "--forms", "--window-icon", "FILES/my"], ["FILES/my file.txt"]),
        (["keyform", "--forms", "--title", ""], []),
        (["keyform", "--form", "--fi"], ["--field", "--filename", "--fixed"]),
        (["keyform", "--form", "--field", "A", "--image-path", "FILES/f"], ["FILES/folder"]),
        (["keyform", "--form", "--field", "A", "--window-icon", "=", "FILES/my"], ["FILES/my file.txt"]),
        // yad's field types after the label's colon, the word whole or split at `=` and `:` as bash splits it.
        (["keyform", "--form", "--field", "Name:F"], ["Name:FBTN", "Name:FL", "Name:FN"]),
        (["keyform", "--form", "--field", "Name", ":", "F"], ["FBTN", "FL", "FN"]),
        (["keyform", "--form", "--field", "=", "Name", ":", "D"], ["DIR", "DT"]),
        (["keyform", "--form", "--field", "Name"], []),
    ])
    func bash(_ words: [String], _ expected: [String]) throws {
        let (script, files) = (try Self.script("bash"), try Self.files())
        let words = words.map { $0.replacingOccurrences(of: "FILES", with: files) }
        let run = try runProgram("/bin/bash", ["-c", """
            source "$0"
            COMP_WORDS=("${@}"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _keyform
            printf '%s\\n' "${COMPREPLY[@]}"
            """, script] + words)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let offered = run.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: files, with: "FILES") }.sorted()
        #expect(offered == expected.sorted())
    }

    /// What bash offers after `--`: every option of the line, as the completions know them.
    static func bashOptions(_ words: [String]) throws -> [String] {
        let run = try runProgram("/bin/bash", ["-c", """
            source "$0"
            COMP_WORDS=("${@}" --); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _keyform
            printf '%s\\n' "${COMPREPLY[@]}"
            """, try script("bash")] + words)
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// The completions offer zenity's and yad's options from the tables their parsers read: each
    /// option offered is one the command line takes (`=1` is read as a value, and a flag's is
    /// ignored), all at once on one line that `check` accepts.
    @Test(arguments: [
        (["keyform", "--forms"], ["check", "--forms", "--add-entry", "A"], "--add-calendar"),
        (["keyform", "--form"], ["check", "--form", "--field", "A"], "--field"),
    ])
    func offeredOptionsAreTaken(_ line: [String], _ command: [String], _ sample: String) throws {
        let offered = try Self.bashOptions(line).filter { $0 != "--help" && $0 != "--version" }
        #expect(offered.contains(sample) && offered.count > 20, "\(offered)")
        let run = try keyform(command + offered.map { $0 + "=1" })
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// Lines fish and zsh complete alike; each shell's table adds its own.
    static let commonLines: [(String, [String])] = [
        ("keyform re", ["render", "replay"]),
        ("keyform --fo", ["--form"]),
        ("keyform --theme ", ["auto", "dark", "high-contrast", "light"]),
        ("keyform replay --la", ["--layout"]),
        ("keyform check --pn", []),
        ("keyform help ch", ["check"]),
        ("keyform --forms --add-p", ["--add-password"]),
        ("keyform render --forms --add-c", ["--add-calendar", "--add-combo"]),
        ("keyform --form --fi", ["--field", "--filename", "--fixed"]),
        ("keyform --form --field Na", []),
    ]

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is installed by make test"),
          arguments: commonLines + [
        ("keyform render --pn", ["--png"]),
        ("keyform --form FILES/fo", ["FILES/folder/", "FILES/form.json"]),
        ("keyform --form FILES/my", ["FILES/my file.txt"]),
        ("keyform --forms --window-icon FILES/my", ["FILES/my file.txt"]),
        ("keyform --form --field=Name:F", ["--field=Name:FBTN", "--field=Name:FL", "--field=Name:FN"]),
        ("keyform --form --field Name:D", ["Name:DIR", "Name:DT"]),
    ])
    func fish(_ line: String, _ expected: [String]) throws {
        let (script, files) = (try Self.script("fish"), try Self.files())
        let run = try runProgram("/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script,
                                                   line.replacingOccurrences(of: "FILES", with: files)])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        // Each a line: the word, a tab, its description.
        let offered = run.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]).replacingOccurrences(of: files, with: "FILES") }
        #expect(offered.sorted() == expected.sorted(), "\(run.stdout)")
        if line.hasSuffix("--fo") { #expect(run.stdout.contains("--form\tThe form file (JSON); - reads standard input")) }
    }

    /// zsh completes on a pseudo-terminal, its completion system loaded with the script as
    /// `_keyform` on its fpath (Tests/Completion/zsh-matches.zsh), and says what it offered.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is installed by make test"),
          arguments: commonLines + [
        ("keyform render --p", ["--password", "--picker", "--png"]),
        ("keyform --form FILES/fo", ["folder", "form.json"]),
        ("keyform --timeout-pr", []),
        // zsh quotes the space it inserts.
        ("keyform --form FILES/my", ["my\\ file.txt"]),
        ("keyform --forms --window-icon FILES/my", ["my\\ file.txt"]),
        ("keyform --form --field A --image-path FILES/f", ["folder"]),
        ("keyform --form --field=Name:F", ["FBTN", "FL", "FN"]),
        ("keyform --form --field Name:D", ["DIR", "DT"]),
    ])
    func zsh(_ line: String, _ expected: [String]) throws {
        let (script, files) = (try Self.script("zsh"), try Self.files())
        let functions = try temporaryDirectory()
        try FileManager.default.moveItem(atPath: script, toPath: functions.appendingPathComponent("_keyform").path)
        let matches = packageRoot.appendingPathComponent("Tests/Completion/zsh-matches.zsh").path
        // A safety net only: zsh answers at once, or the pattern it waits for never comes. HOME
        // is the test's own, for anything the completion system would keep there.
        let run = try runProgram("/usr/bin/timeout", ["120", "/usr/bin/zsh", "-f", matches, functions.path,
                                                      line.replacingOccurrences(of: "FILES", with: files)],
                                 environment: ["HOME": try temporaryDirectory().path])
        #expect(run.status == 0, "\(run.stderr)")
        let offered = run.stdout.split(separator: "\n").map(String.init)
        #expect(offered.sorted() == expected.sorted(), "\(run.stdout)")
        // compinit's dump, asked for by mistake, once moved a file over /dev/null: every later
        // program that wrote to it wrote into a file, and daemons could no longer start.
        var null = stat()
        #expect(stat("/dev/null", &null) == 0 && (null.st_mode & S_IFMT) == S_IFCHR, "/dev/null is no longer a device")
    }
}
