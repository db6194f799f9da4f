import ArgumentParser

@main
struct Keyform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyform",
        abstract: "A keyboard-first form window for X11.",
        discussion: """
            With no subcommand, opens a form in a window and prints what the person entered.
            Exit status: 0 submitted, 1 cancelled, 2 bad form or usage, 3 no display, display or window lost.
            """,
        subcommands: [OpenCommand.self, ReplayCommand.self, RenderCommand.self, CheckCommand.self, AccessibilityCommand.self],
        defaultSubcommand: OpenCommand.self)
}

/// Exit codes of the command line contract (DESIGN.md §3.2).
enum ExitStatus {
    static let submitted: Int32 = 0
    static let cancelled: Int32 = 1
    static let badInput: Int32 = 2
    static let noDisplay: Int32 = 3
}
