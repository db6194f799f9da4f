@testable import KeyformCommandLine
import Testing

/// The scanner: every kind of option, `=`, `--`, values that start with `-`, repeats, the
/// default command, and each usage error with the message it gives.
@Suite struct ScannerTests {
    static func parsed(_ arguments: [String]) throws -> (command: Int, ParsedArguments) {
        guard case .run(let command, let parsed) = try ArgumentScanner.parse(arguments, program: Sample.program) else {
            throw UsageError("not a run: \(arguments)")
        }
        return (command, parsed)
    }

    @Test(arguments: [
        (["--form", "a.json"], "a.json"),
        (["--form=a.json"], "a.json"),
        (["--form=a=b.json"], "a=b.json"),
        (["--form", "-"], "-"),
        (["--form", "a.json", "--form", "b.json"], "b.json"),
        (["--form="], ""),
        (["open", "--form", "a.json"], "a.json"),
    ])
    func aValue(_ arguments: [String], _ form: String) throws {
        let (command, parsed) = try Self.parsed(arguments)
        #expect(command == 0)
        #expect(parsed.value(Sample.form) == form)
    }

    @Test(arguments: [
        (["--size", "-5x5"], "-5x5"),
        (["--size", "--rtl"], "--rtl"),
        (["--size=-1x1"], "-1x1"),
    ])
    func aValueThatMayStartWithADash(_ arguments: [String], _ size: String) throws {
        #expect(try Self.parsed(arguments).1.value(Sample.size) == size)
    }

    @Test func repeatedOptionsKeepTheirOrder() throws {
        let parsed = try Self.parsed(["--field", "B", "--rtl", "--field=A", "--field", "C"]).1
        #expect(parsed.values(Sample.field) == ["B", "A", "C"])
        #expect(parsed.flag(Sample.rtl))
        #expect(!parsed.flag(Sample.secret))
    }

    @Test func hiddenOptionsParse() throws {
        #expect(try Self.parsed(["--secret"]).1.flag(Sample.secret))
    }

    @Test(arguments: [
        (["replay", "Tab", "type:Ada"], ["Tab", "type:Ada"]),
        (["replay", "Tab", "--layout", "ru", "Return"], ["Tab", "Return"]),
        (["replay", "--", "--form", "-x"], ["--form", "-x"]),
        (["replay", "-"], ["-"]),
        (["replay"], []),
    ])
    func positionalArguments(_ arguments: [String], _ events: [String]) throws {
        let (command, parsed) = try Self.parsed(arguments)
        #expect(command == 1)
        #expect(parsed.values(Sample.events) == events)
    }

    @Test func defaultsAndConversions() throws {
        let parsed = try Self.parsed(["replay"]).1
        #expect(parsed.valueOrDefault(Sample.layout) == "us")
        #expect(parsed.value(Sample.layout) == nil)
        let themed = try Self.parsed(["--theme", "dark"]).1
        #expect(try themed.value(Sample.theme) { $0.count } == 4)
    }

    @Test(arguments: [
        (["--fomr", "x"], 0, "Unknown option '--fomr'. Did you mean '--form'?"),
        (["--zzzzzz"], 0, "Unknown option '--zzzzzz'"),
        (["-x"], 0, "Unknown option '-x'"),
        (["--secrt"], 0, "Unknown option '--secrt'"),  // hidden: never suggested
        (["--form"], 0, "Missing value for '--form <FILE>'"),
        (["--form", "--rtl"], 0, "Missing value for '--form <FILE>'"),
        (["--field", "-x"], 0, "Missing value for '--field <[ID:]LABEL>'"),
        (["--size"], 0, "Missing value for '--size <WxH>'"),
        (["--rtl=yes"], 0, "The option '--rtl' does not take any value, but 'yes' was specified."),
        (["stray"], 0, "Unexpected argument 'stray'"),
        (["--", "stray"], 0, "Unexpected argument 'stray'"),
        (["render", "x"], 2, "Missing expected argument '--png <OUT>'"),
        (["replay", "--png", "x"], 1, "Unknown option '--png'"),
    ])
    func usageErrors(_ arguments: [String], _ command: Int, _ message: String) {
        #expect { try ArgumentScanner.parse(arguments, program: Sample.program) } throws: { error in
            guard let failure = error as? CommandUsageError else { return false }
            return failure.command == command && failure.error.message == message
        }
    }

    @Test(arguments: [
        (Sample.theme, "The value 'blue' is invalid for '--theme <THEME>'. Please provide one of 'light' or 'dark'."),
        (OptionSpec.value("one", "X", help: "", choices: ["a"]), "The value 'blue' is invalid for '--one <X>'. Please provide one of 'a'."),
        (Sample.form, "The value 'blue' is invalid for '--form <FILE>'"),
    ])
    func badValuesNameTheChoices(_ option: OptionSpec, _ message: String) throws {
        #expect(UsageError.invalidValue("blue", for: option) == UsageError(message, option: option))
        let parsed = try Self.parsed(["--theme", "blue"]).1
        #expect(throws: UsageError.self) { try parsed.value(Sample.theme) { $0 == "light" || $0 == "dark" ? $0 : nil } }
    }

    @Test func aCheckedValueSaysWhy() throws {
        let parsed = try Self.parsed(["--size", "-5x5"]).1
        #expect(throws: UsageError("The value '-5x5' is invalid for '--size <WxH>': negative", option: Sample.size)) {
            try parsed.value(Sample.size, checking: { (_: String) throws(UsageError) -> Int in throw UsageError("negative") })
        }
    }

    @Test(arguments: [
        (["--help"], nil as Int?),
        (["-h"], nil),
        (["help"], nil),
        (["help", "replay"], 1),
        (["replay", "--help"], 1),
        (["replay", "Tab", "-h"], 1),
        (["--form", "x", "--help"], 0),
    ])
    func help(_ arguments: [String], _ command: Int?) throws {
        guard case .help(let shown) = try ArgumentScanner.parse(arguments, program: Sample.program) else {
            Issue.record("not help: \(arguments)")
            return
        }
        #expect(shown == command)
    }

    @Test func helpAfterTheEndOfOptionsIsAnEvent() throws {
        #expect(try Self.parsed(["replay", "--", "--help"]).1.values(Sample.events) == ["--help"])
    }

    @Test(arguments: [["--version"], ["replay", "--version"]])
    func version(_ arguments: [String]) throws {
        guard case .version = try ArgumentScanner.parse(arguments, program: Sample.program) else {
            Issue.record("not the version: \(arguments)")
            return
        }
    }

    @Test func theProgramsOwnOptions() throws {
        guard case .completionScript(let shell) = try ArgumentScanner.parse(["--generate-completion-script", "fish"], program: Sample.program),
              case .manual(let date) = try ArgumentScanner.parse(["--generate-manual", "2026-11-23"], program: Sample.program) else {
            Issue.record("not the program's own options")
            return
        }
        #expect(shell == "fish" && date == "2026-11-23")
        #expect { try ArgumentScanner.parse(["--generate-completion-script", "tcsh"], program: Sample.program) } throws: { error in
            (error as? CommandUsageError)?.error.message
                == "The value 'tcsh' is invalid for '--generate-completion-script <SHELL>'. Please provide one of 'bash', 'zsh' or 'fish'."
        }
        #expect(throws: CommandUsageError.self) { try ArgumentScanner.parse(["help", "rendr"], program: Sample.program) }
    }
}
