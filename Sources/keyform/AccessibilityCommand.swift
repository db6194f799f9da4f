import KeyformCommandLine
import KeyformCore

struct AccessibilityCommand {
    static let spec = CommandSpec(
        name: "accessibility",
        abstract: "Print what a screen reader gets of a form after some events, with no display and no bus.",
        discussion: """
            One JSON object: the accessible tree (role, name, description, states, children, and
            text, caret, actions and key binding where they apply) and the AT-SPI events the last
            event caused. Events as for replay (docs/replay.md), from the arguments, else from
            standard input, one a line:
              keyform accessibility --form form.json Tab type:Ada
            """,
        groups: [OptionGroup(FormOptions.options + EventOptions.options)])

    let options: FormOptions
    let events: EventOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try FormOptions(arguments)
        events = EventOptions(arguments)
    }

    func run() throws {
        var replay = try events.makeRunner(form: options.load(), today: options.today)
        let session = replay.session
        session.accessibilityListening = true
        var caused: [AccessibleEvent] = []
        for (line, event) in try events.parsed() {
            _ = try events.run(event, line: line, in: &replay)
            caused = replay.lastUpdate.accessibleEvents
        }
        print(JSONValue.object([("tree", session.accessibleTreeJSON()), ("events", .array(caused.map(session.json(of:))))]).serialized)
    }
}
