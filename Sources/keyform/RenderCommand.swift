import ArgumentParser
import KeyformCairo
import KeyformCore

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the window after some events to a PNG, with no display.",
        discussion: """
              keyform render --form form.json --png out.png Tab type:Ada
              keyform render --form form.json --png out@2x.png --scale 2   the same form, twice the pixels
              keyform render --form form.json --png dark.png --theme dark  in dark colours
            """)

    @OptionGroup var options: FormOptions
    @Option(name: .long, help: ArgumentHelp("Where to write the PNG.", valueName: "OUT"))
    var png: String
    @OptionGroup var scale: ScaleOption
    @OptionGroup var events: EventOptions
    @OptionGroup var look: ThemeOptions

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
