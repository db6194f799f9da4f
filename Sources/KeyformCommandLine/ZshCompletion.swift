/// The completion script for zsh: `_arguments` specs for each command, the subcommands with
/// their abstracts.
public enum ZshCompletion {
    public static func script(for program: ProgramSpec) -> String {
        let name = program.name
        // `_describe` takes the description after the name's colon as it is.
        let subcommands = program.commands.map { "        '\($0.name):\(quoted($0.abstract))'" }.joined(separator: "\n")
        var script = """
            #compdef \(name)
            # zsh completion for \(name), written by `\(name) --generate-completion-script zsh`.

            _\(name)() {
                local -a subcommands
                subcommands=(
            \(subcommands)
                )
                local command=\(program.commands[program.defaultCommand].name)
                if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
                    _describe -t commands '\(name) subcommand' subcommands
                    return
                fi
                case $words[2] in
                    (help) (( CURRENT == 3 )) && _describe -t commands '\(name) subcommand' subcommands; return ;;
                    (\(program.commands.map(\.name).joined(separator: "|"))) command=$words[2]; shift words; (( CURRENT-- )) ;;
                esac

            """
        // Another program's line: its options instead (the last trigger on the line counts).
        for (index, dialect) in program.dialects.enumerated() {
            let test = dialect.triggerNeedsOption
                ? "(( i = ${words[(I)\(dialect.trigger)]} )) && [[ $words[i+1] == -?* ]]"
                : "(( ${words[(I)\(dialect.trigger)]} ))"
            script += "    \(index == 0 ? "local i\n    if" : "elif") \(test); then command=\(dialect.name)\n"
        }
        if !program.dialects.isEmpty { script += "    fi\n" }
        script += "    case $command in\n"
        for command in program.commands + program.dialects.map(\.command) {
            script += "        (\(command.name)) _arguments \\\n"
            script += command.options.filter { !$0.hidden }.map { "            " + spec(for: $0, program: name) }.joined(separator: " \\\n")
            script += " \\\n            '--version[\(quoted(escaped(ProgramSpec.version.help)))]' \\\n"
            script += "            '(- *)'{-h,--help}'[\(quoted(escaped(ProgramSpec.help.help)))]' ;;\n"
        }
        return script + "    esac\n}\n\n" + afterColonFunction(program) + "_\(name) \"$@\"\n"
    }

    /// For a `LABEL:TYPE` value: what is typed up to the last colon is kept, its arguments
    /// complete after it (a function: a colon inside an `_arguments` action would end it).
    private static func afterColonFunction(_ program: ProgramSpec) -> String {
        guard program.completesAfterColon else { return "" }
        return "_\(program.name)_after_colon() {\n    compset -P '*:' && compadd -- \"$@\"\n}\n\n"
    }

    /// `'*--field[A text field.]:[ID\:]LABEL: '`: repeatable options start with `*`, a value
    /// shows its name and offers its choices, files or folders.
    private static func spec(for option: OptionSpec, program: String) -> String {
        let description = escaped(summary(option.help))
        let action: String = switch option.completion {
        case .file: "_files"
        case .directory: "_files -/"
        case .none: option.choices.isEmpty ? " " : "(\(option.choices.joined(separator: " ")))"
        // What the value has up to its last colon is kept; the types complete after it.
        case .afterColon(let types): " _\(program)_after_colon \(types.joined(separator: " "))"
        }
        let value = ":\(escaped(option.valueName)):\(action)"
        switch option.kind {
        case .flag: return "'\(option.spelling)[\(quoted(description))]'"
        case .value: return "'\(option.spelling)=[\(quoted(description))]\(quoted(value))'"
        case .repeated: return "'*\(option.spelling)=[\(quoted(description))]\(quoted(value))'"
        case .positional: return "'*:\(option.name): '"
        }
    }

    /// The help's first sentence, before any example: the shells show a description on one line.
    static func summary(_ help: String) -> String {
        var text = help[...]
        if let example = text.firstRange(of: "e.g.") { text = text[..<example.lowerBound] }
        if let end = text.firstRange(of: ". ") { text = text[..<end.lowerBound] }
        while let last = text.last, " .,;".contains(last) { text = text.dropLast() }
        return String(text)
    }

    /// `[`, `]` and `:` are `_arguments`' own.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Inside single quotes: a quote ends them, is escaped, and starts them again.
    static func quoted(_ text: String) -> String {
        text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
    }
}
