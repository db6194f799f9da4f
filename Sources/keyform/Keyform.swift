import ArgumentParser
import KeyformCore

@main
struct Keyform: ParsableCommand {
    /// The release, as `keyform --version` prints it.
    static let version = "0.15.0"

    static let configuration = CommandConfiguration(
        commandName: "keyform",
        abstract: "A keyboard-first form window for X11.",
        discussion: """
            With no subcommand, opens a form in a window and prints what the person entered. Forms are described in docs/form-file.md, the replay language in docs/replay.md.

            Exit status: 0 submitted, 1 cancelled, 2 bad form or usage, 3 no display, display or window lost, 5 --timeout ran out.
            """,
        version: "keyform \(version)",
        subcommands: [OpenCommand.self, ReplayCommand.self, RenderCommand.self, CheckCommand.self, AccessibilityCommand.self],
        defaultSubcommand: OpenCommand.self)
}

/// Exit codes of the command line contract (DESIGN.md §3.2).
enum ExitStatus {
    static let submitted: Int32 = 0
    static let cancelled: Int32 = 1
    static let badInput: Int32 = 2
    static let noDisplay: Int32 = 3
    /// `--timeout` ran out: zenity's status for it, so a script that moves over keeps working.
    static let timedOut: Int32 = 5

    /// The status a form that ended exits with: Keyform's (and zenity's), or yad's for a yad
    /// command line.
    static func of(_ session: FormSession) -> Int32 {
        if let yad = YadForm.current { return yad.exitStatus(session) }
        switch session.result {
        case .submitted?: return submitted
        case .cancelled?, nil: return session.timedOut ? timedOut : cancelled
        }
    }
}
