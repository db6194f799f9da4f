/// The completion script for bash: a function per command that offers its options, and for an
/// option's value its choices, files or folders. Matches are read with `mapfile`, one a line, so
/// that a file name with spaces stays one word.
public enum BashCompletion {
    public static func script(for program: ProgramSpec) -> String {
        let name = program.name
        let commands = program.commands.map(\.name).joined(separator: " ")
        var script = """
            # bash completion for \(name), written by `\(name) --generate-completion-script bash`.

            _\(name)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" i
                # bash splits `--option=value` at the `=` (COMP_WORDBREAKS): the option is the word before it.
                [[ $prev == = ]] && prev="${COMP_WORDS[COMP_CWORD-2]}"
                COMPREPLY=()
                if [[ $COMP_CWORD -eq 1 && $cur != -* ]]; then
                    mapfile -t COMPREPLY < <(compgen -W "\(commands) help" -- "$cur")
                    return
                fi

            """
        if !program.dialects.isEmpty {
            script += "    for (( i = 1; i < COMP_CWORD; i++ )); do\n        case \"${COMP_WORDS[i]}\" in\n"
            for dialect in program.dialects {
                let call = "_\(name)_\(dialect.name); return"
                script += dialect.triggerNeedsOption
                    ? "            \(dialect.trigger)) [[ ${COMP_WORDS[i+1]} == -?* ]] && { \(call); } ;;\n"
                    : "            \(dialect.trigger)) \(call) ;;\n"
            }
            script += "        esac\n    done\n"
        }
        script += """
                case "${COMP_WORDS[1]}" in
                    help) [[ $COMP_CWORD -eq 2 ]] && mapfile -t COMPREPLY < <(compgen -W "\(commands)" -- "$cur") ;;

            """
        for command in program.commands {
            script += "        \(command.name)) _\(name)_\(command.name) ;;\n"
        }
        script += """
                    *) _\(name)_\(program.commands[program.defaultCommand].name) ;;
                esac
            }

            """
        for command in program.commands + program.dialects.map(\.command) { script += function(for: command, program: name) }
        return script + "complete -F _\(name) \(name)\n"
    }

    private static func function(for command: CommandSpec, program: String) -> String {
        let options = command.options.filter { !$0.hidden && $0.kind != .positional }
        var text = "_\(program)_\(command.name)() {\n"
        for option in options {
            guard case .afterColon(let types) = option.completion else { continue }
            // bash splits `LABEL:TYPE` at the colon too: `--field [=] LABEL : TYPE`.
            text += """
                    if [[ $prev == : && ( ${COMP_WORDS[COMP_CWORD-3]} == \(option.spelling) || ${COMP_WORDS[COMP_CWORD-4]} == \(option.spelling) ) ]]; then
                        mapfile -t COMPREPLY < <(compgen -W "\(types.joined(separator: " "))" -- "$cur"); return
                    fi

                """
        }
        text += "    case \"$prev\" in\n"
        let kinds: [(String, (OptionSpec) -> Bool)] = [
            ("compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")", { $0.completion == .file }),
            ("compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")", { $0.completion == .directory }),
            // Any other value is the person's to type: nothing to offer.
            ("", { $0.completion == .none && $0.choices.isEmpty }),
        ]
        for (action, matches) in kinds {
            let names = options.filter { $0.takesValue && matches($0) }.map(\.spelling)
            if !names.isEmpty { text += "        \(names.joined(separator: "|"))) \(action.isEmpty ? "" : action + "; ")return ;;\n" }
        }
        for option in options where !option.choices.isEmpty {
            text += "        \(option.spelling)) mapfile -t COMPREPLY < <(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\"); return ;;\n"
        }
        for option in options {
            guard case .afterColon(let types) = option.completion else { continue }
            // Unsplit (a COMP_WORDBREAKS without `:`): the types after the label typed so far.
            text += "        \(option.spelling)) [[ $cur == *:* ]] && mapfile -t COMPREPLY < <(compgen -P \"${cur%:*}:\" -W \"\(types.joined(separator: " "))\" -- \"${cur##*:}\"); return ;;\n"
        }
        let words = (options.map(\.spelling) + [ProgramSpec.help.spelling, ProgramSpec.version.spelling]).joined(separator: " ")
        return text + "    esac\n    mapfile -t COMPREPLY < <(compgen -W \"\(words)\" -- \"$cur\")\n}\n\n"
    }
}
