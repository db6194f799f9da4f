/// The completion script for fish: a `complete` line per option, limited to the command the line
/// is in, the subcommands offered first.
public enum FishCompletion {
    public static func script(for program: ProgramSpec) -> String {
        let name = program.name
        let commands = program.commands.map(\.name).joined(separator: " ")
        var script = """
            # fish completion for \(name), written by `\(name) --generate-completion-script fish`.

            # The subcommand the line is in: its first word when it names one, else the default; or
            # the other program whose line it is.
            function __\(name)_command
                set -l words (commandline -opc)
            \(dialectTests(program.dialects))    if set -q words[2]; and contains -- $words[2] \(commands)
                    echo $words[2]
                else
                    echo \(program.commands[program.defaultCommand].name)
                end
            end

            \(afterColonFunction(program))complete -c '\(name)' -f
            complete -c '\(name)' -n '__fish_use_subcommand' -a 'help' -d 'Show help for a subcommand'

            """
        for command in program.commands {
            script += "complete -c '\(name)' -n '__fish_use_subcommand' -a '\(command.name)' -d '\(quoted(ZshCompletion.summary(command.abstract)))'\n"
        }
        script += "complete -c '\(name)' -n '__fish_seen_subcommand_from help' -a '\(commands)'\n"
        for command in program.commands + program.dialects.map(\.command) {
            let condition = "-n 'test (__\(name)_command) = \(command.name)'"
            for option in command.options where !option.hidden && option.kind != .positional {
                var line = "complete -c '\(name)' \(condition) -l '\(option.name)'"
                if option.takesValue {
                    switch option.completion {
                    case .file: line += " -r -F"
                    case .directory: line += " -x -a '(__fish_complete_directories)'"
                    case .none: line += option.choices.isEmpty ? " -x" : " -x -a '\(option.choices.joined(separator: " "))'"
                    case .afterColon(let types): line += " -x -a '(__\(name)_after_colon \(types.joined(separator: " ")))'"
                    }
                }
                script += line + " -d '\(quoted(ZshCompletion.summary(option.help)))'\n"
            }
        }
        return script + "complete -c '\(name)' -l 'version' -d '\(quoted(ProgramSpec.version.help))'\n"
            + "complete -c '\(name)' -s 'h' -l 'help' -d '\(quoted(ProgramSpec.help.help))'\n"
    }

    /// For a `LABEL:TYPE` value: the label typed so far followed by each of its arguments, once a
    /// colon is typed (fish matches them against the whole value).
    private static func afterColonFunction(_ program: ProgramSpec) -> String {
        guard program.completesAfterColon else { return "" }
        return """
            function __\(program.name)_after_colon
                set -l value (string replace -r '^--[^=]*=' '' -- (commandline -ct))
                string match -q '*:*' -- $value; or return
                printf '%s\\n' (string replace -r '[^:]*$' '' -- $value)$argv
            end


            """
    }

    /// `if`/`else if` lines that print the dialect whose trigger `$line` holds (the words typed
    /// and the one being typed), the last trigger counting.
    private static func dialectTests(_ dialects: [Dialect]) -> String {
        var text = "    set -l line $words (commandline -ct)\n"
        for (index, dialect) in dialects.enumerated() {
            let keyword = index == 0 ? "if" : "else if"
            if dialect.triggerNeedsOption {
                // The word after the trigger: another option (`string match` finds its index).
                text += "    \(keyword) set -l at (contains -i -- \(dialect.trigger) $line); and set -q line[(math $at + 1)]; and string match -qr '^-.' -- $line[(math $at + 1)]\n"
            } else {
                text += "    \(keyword) contains -- \(dialect.trigger) $line\n"
            }
            text += "        echo \(dialect.name); return\n"
        }
        return dialects.isEmpty ? "" : text + "    end\n"
    }

    /// Inside fish's single quotes, `\` and `'` are escaped.
    private static func quoted(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "'" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
