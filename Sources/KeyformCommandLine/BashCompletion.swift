/// The completion script for bash: a function per command that offers its options, and for an
/// option's value its choices, files or folders.
public enum BashCompletion {
    public static func script(for program: ProgramSpec) -> String {
        let name = program.name
        let commands = program.commands.map(\.name).joined(separator: " ")
        var script = """
            # bash completion for \(name), written by `\(name) --generate-completion-script bash`.

            _\(name)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                COMPREPLY=()
                if [[ $COMP_CWORD -eq 1 && $cur != -* ]]; then
                    COMPREPLY=($(compgen -W "\(commands) help" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in
                    help) [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W "\(commands)" -- "$cur")) ;;

            """
        for command in program.commands {
            script += "        \(command.name)) _\(name)_\(command.name) ;;\n"
        }
        script += """
                    *) _\(name)_\(program.commands[program.defaultCommand].name) ;;
                esac
            }

            """
        for command in program.commands { script += function(for: command, program: name) }
        return script + "complete -F _\(name) \(name)\n"
    }

    private static func function(for command: CommandSpec, program: String) -> String {
        let options = command.options.filter { !$0.hidden && $0.kind != .positional }
        var text = "_\(program)_\(command.name)() {\n    case \"$prev\" in\n"
        let kinds: [(String, (OptionSpec) -> Bool)] = [
            ("compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))", { $0.completion == .file }),
            ("compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))", { $0.completion == .directory }),
            // Any other value is the person's to type: nothing to offer.
            ("", { $0.completion == .none && $0.choices.isEmpty }),
        ]
        for (action, matches) in kinds {
            let names = options.filter { $0.takesValue && matches($0) }.map(\.spelling)
            if !names.isEmpty { text += "        \(names.joined(separator: "|"))) \(action.isEmpty ? "" : action + "; ")return ;;\n" }
        }
        for option in options where !option.choices.isEmpty {
            text += "        \(option.spelling)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        }
        let words = (options.map(\.spelling) + [ProgramSpec.help.spelling, ProgramSpec.version.spelling]).joined(separator: " ")
        return text + "    esac\n    COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\"))\n}\n\n"
    }
}
