import Glibc
import KeyformCairo
import KeyformCommandLine
import KeyformCore
import KeyformKeyboard

struct ReplayCommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Run events on a form with no display and print the state after each as a JSON line.",
        discussion: """
            Events come from the arguments, else from standard input, one a line; the language is in docs/replay.md.

              keyform replay --form form.json type:Ada Tab shift+Tab Return

            With --output, prints what the window would print on submit instead, and exits as it would (0 submitted, 1 cancelled, 5 timed out), to try an eval pipeline with no display:

              eval "$(keyform replay --field Name --output shell type:Ada Return)"
            """,
        groups: [OptionGroup(FormOptions.options + EventOptions.options + OutputOptions.options)])

    let options: FormOptions
    let events: EventOptions
    let output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try FormOptions(arguments)
        events = EventOptions(arguments)
        output = try OutputOptions(arguments)
    }

    func run() throws {
        var replay = try events.makeRunner(form: options.load(), today: options.today)
        options.start(replay.session)
        try output.check(replay.session)
        for (line, event) in try events.parsed() {
            let handled = try events.run(event, line: line, in: &replay)
            if output.output == nil { print(String(decoding: replay.reportLine(event: line, handled: handled), as: UTF8.self)) }
        }
        if output.output != nil { throw ExitCode(finish(replay.session)) }
    }

    /// `--output`: what the window would have printed, and its exit status, so that a script's
    /// `eval "$(keyform …)"` runs with no display.
    private func finish(_ session: FormSession) -> Int32 {
        switch session.result {
        case .submitted(let values):
            print(output.format(values, of: session), terminator: "")
            return ExitStatus.of(session)
        case .cancelled:
            return ExitStatus.of(session)
        case nil:
            standardError("keyform: the events neither submitted nor cancelled the form")
            return ExitStatus.cancelled
        }
    }
}

/// The events and keyboard layout shared by `replay` and `render`.
struct EventOptions {
    static let layout = OptionSpec.value("layout", "LAYOUT[:VARIANT]", help: "The xkb layout for key: events, e.g. us, ru, de:nodeadkeys.", default: "us")
    static let events = OptionSpec.positional("events", help: "Events; read from standard input, one a line, when none are given.")

    static let options = [layout, events]

    let layout: String
    let events: [String]

    init(_ arguments: ParsedArguments) {
        layout = arguments.valueOrDefault(Self.layout)
        events = arguments.values(Self.events)
    }

    /// Every event, parsed before any runs, so a bad one fails before output starts.
    func parsed() throws -> [(String, ReplayEvent)] {
        let lines: [String]
        do { lines = events.isEmpty ? try EventLines.read(from: STDIN_FILENO) : events } catch {
            standardError("keyform: \(error.message)")
            throw ExitCode(ExitStatus.badInput)
        }
        var result: [(String, ReplayEvent)] = []
        for (number, line) in lines.enumerated() {
            do {
                result.append((line, try ReplayEvent(parsing: line)))
            } catch {
                // A NUL read from standard input is shown, not written to the terminal.
                let shown = line.split(separator: "\0", omittingEmptySubsequences: false).joined(separator: "\\0")
                standardError("keyform: event \(number + 1) \"\(shown)\": \(error.message)")
                throw ExitCode(ExitStatus.badInput)
            }
        }
        return result
    }

    func makeRunner(form: Form, today: CalendarDate) throws -> ReplayRunner {
        let keyboard: ReplayKeyboard
        do { keyboard = try ReplayKeyboard(layout: layout) } catch {
            standardError("keyform: --layout \(layout): \(error)")
            throw ExitCode(ExitStatus.badInput)
        }
        return ReplayRunner(session: FormSession(form: form, measurer: PangoTextMeasurer(), keyNames: XKBKeyNames(), today: today),
                            keys: keyboard)
    }

    func run(_ event: ReplayEvent, line: String, in replay: inout ReplayRunner) throws -> Bool {
        do { return try replay.run(event) } catch {
            standardError("keyform: event \"\(line)\": \(error.message)")
            throw ExitCode(ExitStatus.badInput)
        }
    }
}
