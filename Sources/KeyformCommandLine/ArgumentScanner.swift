import KeyformCore

/// What a command line asks for.
public enum Invocation: Sendable {
    /// Run `commands[command]` with these arguments.
    case run(command: Int, ParsedArguments)
    /// Help for one command, or for the program (nil): `--help`, `-h`, `help [COMMAND]`.
    case help(command: Int?)
    case version
    /// `--generate-completion-script SHELL`.
    case completionScript(shell: String)
    /// `--generate-manual YYYY-MM-DD`.
    case manual(date: String)
}

/// Reads a command line against a `ProgramSpec`: one pass over the arguments, each option found
/// by name in the command's table. A command is chosen by the first argument only; without one
/// the default runs.
public enum ArgumentScanner {
    /// The invocation, or the usage error and the command it happened in (for its usage line).
    public static func parse(_ arguments: [String], program: ProgramSpec) throws(CommandUsageError) -> Invocation {
        guard let first = arguments.first else { return try parse([], command: program.defaultCommand, program: program) }
        let rest = arguments.dropFirst()
        switch first {
        case ProgramSpec.help.spelling, "-h":
            return .help(command: nil)
        case ProgramSpec.version.spelling:
            return .version
        case "help":
            guard let name = rest.first else { return .help(command: nil) }
            guard let command = program.commands.firstIndex(where: { $0.name == name }) else {
                throw CommandUsageError(command: nil, unknownCommand(name, program: program))
            }
            return .help(command: command)
        case ProgramSpec.completionScript.spelling, ProgramSpec.manual.spelling:
            let option = first == ProgramSpec.manual.spelling ? ProgramSpec.manual : ProgramSpec.completionScript
            guard let value = rest.first, rest.count == 1 else {
                throw CommandUsageError(command: nil, UsageError("\(option.synopsis) takes one value", option: option))
            }
            if option == ProgramSpec.manual { return .manual(date: value) }
            guard option.choices.contains(value) else { throw CommandUsageError(command: nil, .invalidValue(value, for: option)) }
            return .completionScript(shell: value)
        default:
            if let command = program.commands.firstIndex(where: { $0.name == first }) {
                return try parse(rest, command: command, program: program)
            }
            return try parse(arguments[...], command: program.defaultCommand, program: program)
        }
    }

    private static func parse(_ arguments: ArraySlice<String>, command index: Int, program: ProgramSpec) throws(CommandUsageError) -> Invocation {
        do {
            return try parse(arguments, command: program.commands[index], index: index)
        } catch {
            throw CommandUsageError(command: index, error)
        }
    }

    private static func parse(_ arguments: ArraySlice<String>, command: CommandSpec, index: Int) throws(UsageError) -> Invocation {
        let options = command.options
        let positional = options.first { $0.kind == .positional }
        var parsed = ParsedArguments()
        var position = arguments.startIndex
        var optionsEnded = false
        while position < arguments.endIndex {
            let argument = arguments[position]
            position += 1
            // A lone `-` is a value (standard input), never an option.
            if optionsEnded || !argument.startsWithBytes("-") || argument == "-" {
                guard let positional else { throw UsageError("Unexpected argument '\(argument)'") }
                parsed.add(argument, for: positional)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == ProgramSpec.help.spelling || argument == "-h" { return .help(command: index) }
            if argument == ProgramSpec.version.spelling { return .version }
            let equals = argument.startsWithBytes("--") ? argument.firstIndex(of: "=") : nil
            let name = equals.map { argument[..<$0] } ?? argument[...]
            guard let option = options.first(where: { $0.kind != .positional && name.utf8.dropFirst(2).elementsEqual($0.name.utf8) }),
                  argument.startsWithBytes("--") else {
                throw unknownOption(String(name), among: options)
            }
            let inline = equals.map { String(argument[argument.index(after: $0)...]) }
            guard option.takesValue else {
                if let inline { throw UsageError("The option '\(name)' does not take any value, but '\(inline)' was specified.") }
                parsed.add("", for: option)
                continue
            }
            if let inline {
                parsed.add(inline, for: option)
            } else if position < arguments.endIndex,
                      option.valueMayStartWithDash || !arguments[position].startsWithBytes("-") || arguments[position] == "-" {
                parsed.add(arguments[position], for: option)
                position += 1
            } else {
                throw UsageError("Missing value for '\(option.synopsis)'", option: option)
            }
        }
        if let missing = options.first(where: { $0.required && !parsed.contains($0) }) {
            throw UsageError("Missing expected argument '\(missing.synopsis)'", option: missing)
        }
        return .run(command: index, parsed)
    }

    private static func unknownOption(_ name: String, among options: [OptionSpec]) -> UsageError {
        let names = options.filter { $0.kind != .positional && !$0.hidden }.map(\.spelling) + [ProgramSpec.help.spelling, ProgramSpec.version.spelling]
        let suggestion = nearestName(to: name, among: names).map { ". Did you mean '\($0)'?" } ?? ""
        return UsageError("Unknown option '\(name)'\(suggestion)")
    }

    private static func unknownCommand(_ name: String, program: ProgramSpec) -> UsageError {
        let suggestion = nearestName(to: name, among: program.commands.map(\.name)).map { ". Did you mean '\($0)'?" } ?? ""
        return UsageError("Unknown subcommand '\(name)'\(suggestion)")
    }
}

/// A usage error, and the command whose usage line goes with it (nil: the program's).
public struct CommandUsageError: Error {
    public let command: Int?
    public let error: UsageError

    public init(command: Int?, _ error: UsageError) {
        self.command = command
        self.error = error
    }
}

extension String {
    /// Whether it begins with the bytes of `prefix`, as getopt compares an option's dashes: not
    /// `hasPrefix`, whose check that the prefix ends a whole character was the only code run in
    /// 64 KB of the standard library's at start-up. (On `String` alone: a generic one reaches the
    /// bytes through the standard library's unspecialised code, which is such code again.)
    package func startsWithBytes(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }
}
