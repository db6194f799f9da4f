import ArgumentParser
import KeyformCore

struct AccessibilityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accessibility",
        abstract: "Print what a screen reader gets of a form after some events, with no display and no bus.",
        discussion: """
            One JSON object: the accessible tree (role, name, description, states, children, and
            text, caret, actions and key binding where they apply) and the AT-SPI events the last
            event caused. Events as for replay (DESIGN.md §3.3), from the arguments, else from
            standard input, one a line:
              keyform accessibility --form form.json Tab type:Ada
            """)

    @OptionGroup var options: FormOptions
    @OptionGroup var events: EventOptions

    func run() throws {
        var replay = try events.makeRunner(form: options.load(), today: options.today)
        let session = replay.session
        session.accessibilityListening = true
        var caused: [AccessibleEvent] = []
        for (line, event) in try events.parsed() {
            _ = try session.announcingChanges { try events.run(event, line: line, in: &replay) }
            caused = session.takeAccessibleEvents()
        }
        print(JSONValue.object([("tree", session.accessibleTreeJSON()), ("events", .array(caused.map(session.json(of:))))]).serialized)
    }
}
