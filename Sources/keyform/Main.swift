import Glibc
import KeyformCairo
import KeyformCommandLine
import KeyformX11

extension Keyform {
    /// Reads the command line and runs the command. Usage errors exit 2 (docs/architecture.md ›
    /// Command line); `keyform --help` documents the flags of the default command — the ones a
    /// script uses — as well as the subcommands; an argument that is not UTF-8 is refused
    /// (`ProcessArguments`). On the main actor, as the window is, so that the commands call into
    /// it directly.
    @MainActor
    static func main() {
        StartupTimeline.mark("main")
        StandardOutput.holdClosedDescriptors()
        _ = mallopt(mallocArenaMax, 1)
        let read = ProcessArguments.read()
        if let bad = read.firstIndex(of: nil) {
            standardError("keyform: argument \(bad) is not valid UTF-8")
            Glibc.exit(ExitStatus.badInput)
        }
        let commandLine = read.map { $0! }
        if YadForm.applies(to: commandLine) {
            do {
                let (form, arguments) = try YadForm.translate(Array(commandLine.dropFirst()))
                YadForm.current = form
                QuickFormArguments.all = [commandLine[0]] + arguments
            } catch {
                standardError("keyform: \(error.message)")
                Glibc.exit(ExitStatus.badInput)
            }
        } else if ZenityForms.applies(to: commandLine) {
            do { QuickFormArguments.all = [commandLine[0]] + (try ZenityForms.translate(Array(commandLine.dropFirst()))) } catch {
                standardError("keyform: \(error.message)")
                Glibc.exit(ExitStatus.badInput)
            }
        } else {
            QuickFormArguments.all = commandLine
        }
        let arguments = Array(QuickFormArguments.all.dropFirst())
        let invocation: Invocation
        do { invocation = try ArgumentScanner.parse(arguments, program: program) } catch {
            standardError(helpWriter.message(for: error))
            Glibc.exit(ExitStatus.badInput)
        }
        switch invocation {
        case .help(nil):
            print(helpWriter.programHelp())
            // The default command's options are the ones a script uses: shown with the program's.
            print("\n" + helpWriter.help(for: program.defaultCommand))
        case .help(let command?):
            print(helpWriter.help(for: command))
        case .version:
            print("keyform \(version)")
        case .completionScript(let shell):
            print(CompletionScript.write(shell, for: program), terminator: "")
        case .manual(let date):
            guard let page = ManualPage.page(for: program, date: date) else {
                standardError("keyform: --generate-manual takes the page's date as YYYY-MM-DD, not \"\(date)\"")
                Glibc.exit(ExitStatus.badInput)
            }
            print(page, terminator: "")
        case .run(let index, let parsed):
            // Fontconfig loads on Pango's thread while the form is read and the display connected.
            FontSystem.startLoading()
            do {
                try Subcommand(rawValue: index)!.run(parsed)
            } catch let error as UsageError {
                standardError(helpWriter.message(for: CommandUsageError(command: index, error)))
                Glibc.exit(ExitStatus.badInput)
            } catch let exit as ExitCode {
                Glibc.exit(exit.status)
            } catch {
                standardError("keyform: \(error)")
                Glibc.exit(ExitStatus.badInput)
            }
        }
    }
}

extension Keyform {
    /// Made only to print: it asks the terminal for its width.
    static var helpWriter: HelpWriter { HelpWriter(program: program) }
}

/// The command line as the process got it, read once from `CommandLine.unsafeArgv`: each
/// argument as a string, nil for one whose bytes are not UTF-8 (refused rather than read with
/// U+FFFD in it, as `CommandLine.arguments` reads it: a label or value would silently differ from
/// what was passed). The program's own path is never a value, and is read as it comes.
enum ProcessArguments {
    static func read() -> [String?] {
        (0..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].flatMap { index == 0 ? String(cString: $0) : String(validatingCString: $0) }
        }
    }
}

/// The command line the quick-form flags are read from, in order: the process's own, or what
/// `keyform --forms` translated zenity's into (`ZenityForms`), or yad's (`YadForm`). Set once,
/// before parsing.
enum QuickFormArguments {
    nonisolated(unsafe) static var all: [String] = []
}

/// glibc gives each thread that allocates an arena of memory of its own. Keyform's other threads
/// each do one job (fontconfig's start-up on Pango's thread, the compose table's parse, D-Bus's
/// worker while a screen reader listens), so one arena serves them all: the window's peak RSS
/// 0.2 MB less (GLIBC_TUNABLES=glibc.malloc.arena_max=1 measured the same before this).
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let mallocArenaMax: Int32 = -8  // M_ARENA_MAX, <malloc.h>
