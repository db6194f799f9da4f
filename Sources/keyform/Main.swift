import ArgumentParser
import Glibc
import KeyformCairo
import KeyformX11

extension Keyform {
    /// ArgumentParser's own `main`, with changes the command line contract asks for: usage
    /// errors exit 2, not 64 (EX_USAGE); `keyform --help` documents the flags of the default
    /// command — the ones a script uses — as well as the subcommands; `--version` works with the
    /// default command in the way; and an argument that is not UTF-8 is refused rather than
    /// read with U+FFFD in it (a label or value would silently differ from what was passed).
    static func main() {
        StartupTimeline.mark("main")
        if let bad = CommandLine.firstInvalidUTF8Argument {
            standardError("keyform: argument \(bad) is not valid UTF-8")
            Glibc.exit(ExitStatus.badInput)
        }
        if YadForm.applies(to: CommandLine.arguments) {
            do {
                let (form, arguments) = try YadForm.translate(Array(CommandLine.arguments.dropFirst()))
                YadForm.current = form
                QuickFormArguments.all = [CommandLine.arguments[0]] + arguments
            } catch {
                standardError("keyform: \(error.message)")
                Glibc.exit(ExitStatus.badInput)
            }
        } else if ZenityForms.applies(to: CommandLine.arguments) {
            do { QuickFormArguments.all = [CommandLine.arguments[0]] + (try ZenityForms.translate(Array(CommandLine.arguments.dropFirst()))) } catch {
                standardError("keyform: \(error.message)")
                Glibc.exit(ExitStatus.badInput)
            }
        }
        let arguments = Array(QuickFormArguments.all.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] {
            print(helpMessage())
            print("\n" + helpMessage(for: OpenCommand.self))
            return
        }
        if arguments == ["--version"] {
            print("keyform \(version)")
            return
        }
        // Fontconfig loads on Pango's thread while the arguments are parsed and the display connected.
        FontSystem.startLoading()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            standardError(fullMessage(for: error))
            Glibc.exit(ExitStatus.badInput)
        }
    }
}

extension CommandLine {
    /// The position (1 for the first) of the first argument whose bytes are not UTF-8, if any.
    static var firstInvalidUTF8Argument: Int? {
        (1..<Int(argc)).first { index in
            guard let argument = unsafeArgv[index] else { return false }
            return String(validatingCString: argument) == nil
        }
    }
}

/// The command line the quick-form flags are read from, in order: the process's own, or what
/// `keyform --forms` translated zenity's into (`ZenityForms`), or yad's (`YadForm`). Set once,
/// before parsing.
enum QuickFormArguments {
    nonisolated(unsafe) static var all = CommandLine.arguments
}
