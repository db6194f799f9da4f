import KeyformCairo
import KeyformCommandLine
import KeyformCore

struct RenderCommand {
    static let png = OptionSpec.value("png", "OUT", help: "Where to write the PNG.", completion: .file, required: true)

    static let spec = CommandSpec(
        name: "render",
        abstract: "Render the window after some events to a PNG, with no display.",
        discussion: """
              keyform render --form form.json --png out.png Tab type:Ada
              keyform render --form form.json --png out@2x.png --scale 2   the same form, twice the pixels
              keyform render --form form.json --png dark.png --theme dark  in dark colours
            """,
        groups: [OptionGroup(FormOptions.options + [png] + ScaleOption.options + EventOptions.options + ThemeOptions.options)])

    let options: FormOptions
    let png: String
    let scale: ScaleOption
    let events: EventOptions
    let look: ThemeOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try FormOptions(arguments)
        png = arguments.valueOrDefault(Self.png)  // required: the scanner saw it
        scale = try ScaleOption(arguments)
        events = EventOptions(arguments)
        look = try ThemeOptions(arguments)
    }

    func run() throws {
        var replay = try events.makeRunner(form: options.load(), today: options.today)
        options.start(replay.session)
        for (line, event) in try events.parsed() { _ = try events.run(event, line: line, in: &replay) }
        replay.session.palette = look.paletteWithoutDisplay
        do { try replay.session.renderedImage(scale: scale.scale.map { DisplayScale($0) } ?? .one).writePNG(to: png) } catch {
            standardError("keyform: \(error)")
            throw ExitCode(ExitStatus.badInput)
        }
    }
}
