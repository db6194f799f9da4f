import ArgumentParser
import Glibc

extension Keyform {
    /// ArgumentParser's own `main`, with two changes the contract (DESIGN.md §3.2) asks for:
    /// usage errors exit 2, not 64 (EX_USAGE), and `keyform --help` documents the flags of the
    /// default command — the ones a script uses — as well as the subcommands.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] {
            print(helpMessage())
            print("\n" + helpMessage(for: OpenCommand.self))
            return
        }
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
