/// `--generate-completion-script SHELL`: the script for one of the shells the scanner accepts.
public enum CompletionScript {
    public static func write(_ shell: String, for program: ProgramSpec) -> String {
        switch shell {
        case "zsh": ZshCompletion.script(for: program)
        case "fish": FishCompletion.script(for: program)
        default: BashCompletion.script(for: program)
        }
    }
}
