import ArgumentParser
import KeyformCairo
import KeyformCore

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the window after some events to a PNG, with no display.",
        discussion: "  keyform render --form form.json --png out.png Tab type:Ada\n  keyform render --theme dark --png dark.png")

    @OptionGroup var options: FormOptions
    @Option(name: .long, help: ArgumentHelp("Where to write the PNG.", valueName: "OUT"))
    var png: String
    @OptionGroup var events: EventOptions
    @OptionGroup var look: ThemeOptions

    func run() throws {
        var replay = try events.makeRunner(form: options.load(), today: options.today)
        options.startCountdown(replay.session)
        for (line, event) in try events.parsed() { _ = try events.run(event, line: line, in: &replay) }
        let session = replay.session
        session.palette = look.paletteWithoutDisplay
        let surface = CairoSurface.image(width: Int(session.viewport.width), height: Int(session.viewport.height))
        let full = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
        CairoRenderer().render(session.displayList(in: full), in: CairoContext(surface), clip: nil)
        do { try surface.writePNG(to: png) } catch {
            standardError("keyform: \(error)")
            throw ExitCode(ExitStatus.badInput)
        }
    }
}
