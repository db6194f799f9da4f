/// `--help` and the usage lines of errors, in the layout swift-argument-parser gave Keyform's
/// help before (OVERVIEW, USAGE, then sections of options with their help in a column).
public struct HelpWriter {
    public let program: ProgramSpec
    /// Help is wrapped to lines shorter than this.
    public var width = TerminalWidth.current

    public init(program: ProgramSpec) {
        self.program = program
    }

    /// Where each option's help starts, and how far labels are indented.
    static let helpColumn = 26
    static let labelIndent = 2
    /// Past this many options a usage line says `[<options>]` (one line, as before).
    static let mostOptionsInUsage = 12

    /// The program's help: its overview, options and subcommands.
    public func programHelp() -> String {
        let subcommands = program.commands.enumerated().map { index, command in
            (command.name + (index == program.defaultCommand ? " (default)" : ""), command.abstract)
        }
        return overview(program.abstract, program.discussion) + "USAGE: \(program.name) <subcommand>\n\n"
            + [section("OPTIONS", builtInOptions), section("SUBCOMMANDS", subcommands)].joined(separator: "\n")
            + "\n  See '\(program.name) help <subcommand>' for detailed help."
    }

    /// One command's help: overview, usage, its arguments and options by section.
    public func help(for index: Int) -> String {
        let command = program.commands[index]
        var titled: [(title: String, rows: [(String, String)])] = []
        var untitled: [(String, String)] = []
        var positionals: [(String, String)] = []
        for group in command.groups {
            let rows = group.options.filter { !$0.hidden && $0.kind != .positional }.map(Self.row)
            positionals += group.options.filter { !$0.hidden && $0.kind == .positional }.map(Self.row)
            if let title = group.title?.uppercased() {
                if let existing = titled.firstIndex(where: { $0.title == title }) { titled[existing].rows += rows } else { titled.append((title, rows)) }
            } else {
                untitled += rows
            }
        }
        let sections = [section("ARGUMENTS", positionals)] + titled.map { section($0.title, $0.rows) }
            + [section("OPTIONS", untitled + builtInOptions)]
        return overview(command.abstract, command.discussion) + "USAGE: \(usage(for: index))\n\n"
            + sections.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// `keyform render [<options>] --png <OUT> [<events> ...]`: every option when they are few,
    /// else the required ones and the arguments.
    public func usage(for index: Int) -> String {
        let command = program.commands[index]
        let visible = command.options.filter { !$0.hidden }
        let few = visible.count <= Self.mostOptionsInUsage
        let shown = few ? visible : visible.filter { $0.required || $0.kind == .positional }
        let words = (few ? [] : ["[<options>]"]) + shown.map { option in
            let synopsis = option.synopsis + (option.kind == .repeated || option.kind == .positional ? " ..." : "")
            return option.required ? synopsis : "[\(synopsis)]"
        }
        return ([program.name, command.name] + words).joined(separator: " ")
    }

    /// What a usage error prints: the message, the option's help, the usage, where to read more.
    public func message(for failure: CommandUsageError) -> String {
        var text = "Error: \(failure.error.message)\n"
        if let option = failure.error.option { text += "Help:  \(option.synopsis)  \(Self.abstract(of: option))\n" }
        if let command = failure.command {
            text += "Usage: \(usage(for: command))\n  See '\(program.name) \(program.commands[command].name) --help' for more information."
        } else {
            text += "Usage: \(program.name) <subcommand>\n  See '\(program.name) --help' for more information."
        }
        return text
    }

    private var builtInOptions: [(String, String)] {
        [(ProgramSpec.version.spelling, ProgramSpec.version.help), ("-h, " + ProgramSpec.help.spelling, ProgramSpec.help.help)]
    }

    private func overview(_ abstract: String, _ discussion: String) -> String {
        let text = discussion.isEmpty ? abstract : abstract + "\n\n" + discussion
        return "OVERVIEW: \(text)".wrapped(to: width) + "\n\n"
    }

    private static func row(_ option: OptionSpec) -> (String, String) { (option.synopsis, abstract(of: option)) }

    /// The option's help, with its choices and default.
    static func abstract(of option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.choices.isEmpty { notes.append("values: " + option.choices.joined(separator: ", ")) }
        if let value = option.defaultValue, !value.isEmpty { notes.append("default: " + value) }
        return notes.isEmpty ? option.help : option.help + " (\(notes.joined(separator: "; ")))"
    }

    /// `TITLE:` and a row a label, its text in the help column (below a label too long for it).
    private func section(_ title: String, _ rows: [(label: String, text: String)]) -> String {
        guard !rows.isEmpty else { return "" }
        return rows.reduce("\(title):\n") { text, row in
            let label = String(repeating: " ", count: Self.labelIndent) + row.label
            let wrapped = row.text.wrapped(to: width, indent: Self.helpColumn)
            guard !row.text.isEmpty else { return text + label + "\n" }
            return text + (label.count < Self.helpColumn ? label + wrapped.dropFirst(label.count) : label + "\n" + wrapped) + "\n"
        }
    }
}
