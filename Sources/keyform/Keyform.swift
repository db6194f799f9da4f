import KeyformCommandLine
import KeyformCore

@main
enum Keyform {
    /// The release, as `keyform --version` prints it.
    static let version = "0.15.0"

    /// The command line: the subcommands, each declaring its options beside the code that reads them.
    static let program = ProgramSpec(
        name: "keyform",
        version: version,
        abstract: "A keyboard-first form window for X11.",
        discussion: """
            With no subcommand, opens a form in a window and prints what the person entered. Forms are described in docs/form-file.md, the replay language in docs/replay.md.

            Exit status: 0 submitted, 1 cancelled, 2 bad form or usage, 3 no display, display or window lost, 5 --timeout ran out.
            """,
        commands: Subcommand.allCases.map(\.spec),
        defaultCommand: Subcommand.open.rawValue,
        dialects: [Dialect(name: "zenity", trigger: "--forms", options: ZenityForm.scriptOptions),
                   Dialect(name: "yad", trigger: "--form", triggerNeedsOption: true, options: YadForm.scriptOptions)])
}

/// The subcommands, in help's order; `open` runs when the first argument names none.
enum Subcommand: Int, CaseIterable {
    case open, replay, render, check, accessibility

    var spec: CommandSpec {
        switch self {
        case .open: OpenCommand.spec
        case .replay: ReplayCommand.spec
        case .render: RenderCommand.spec
        case .check: CheckCommand.spec
        case .accessibility: AccessibilityCommand.spec
        }
    }

    /// Reads the arguments (a usage error if they do not fit) and runs the command.
    @MainActor
    func run(_ arguments: ParsedArguments) throws {
        switch self {
        case .open: try OpenCommand(arguments).run()
        case .replay: try ReplayCommand(arguments).run()
        case .render: try RenderCommand(arguments).run()
        case .check: try CheckCommand(arguments).run()
        case .accessibility: try AccessibilityCommand(arguments).run()
        }
    }
}

/// Exit codes of the command line contract (docs/architecture.md › Command line).
enum ExitStatus {
    static let submitted: Int32 = 0
    static let cancelled: Int32 = 1
    static let badInput: Int32 = 2
    static let noDisplay: Int32 = 3
    /// The form was submitted but its values could not be written to standard output (a full
    /// disk, a closed pipe or standard output): they went to standard error and the draft instead.
    static let outputFailed: Int32 = 4
    /// `--timeout` ran out: zenity's status for it, so a script that moves over keeps working.
    static let timedOut: Int32 = 5

    /// The status a form that ended exits with: Keyform's, or zenity's or yad's for their
    /// command lines.
    static func of(_ session: FormSession) -> Int32 {
        if let dialog = ScriptDialogs.current { return dialog.exitStatus(session) }
        switch session.result {
        case .submitted?: return submitted
        case .cancelled?, nil: return session.timedOut ? timedOut : cancelled
        }
    }
}
