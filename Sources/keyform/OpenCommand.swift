import ArgumentParser
import Foundation
import KeyformCairo
import KeyformCore
import KeyformX11

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a form in a window (the default command).",
        discussion: """
            keyform                          the demo; with no $DISPLAY, the demo tour on a private Xvfb
            keyform --form form.json         a form from a file, values printed as JSON on submit
            """)

    @OptionGroup var options: FormOptions

    @Option(name: .long, help: "How values are printed on submit: json, shell (name='…' lines safe to eval) or lines.")
    var output: OutputFormat = .json

    @Flag(name: .long, help: "Keep the caret solid (for benchmarks and screenshots).")
    var noBlink = false

    @Option(name: .long, help: ArgumentHelp("Where the demo tour writes its screenshots.", valueName: "DIR"))
    var tourDir = "keyform-tour"

    func run() throws {
        let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        if display.isEmpty && options.form == nil {
            // ArgumentParser runs commands on the main thread; the X11 layer is main-actor bound.
            throw ExitCode(try MainActor.assumeIsolated { try DemoTour(directory: tourDir).run() })
        }
        let form = try options.load()
        let session = FormSession(form: form, measurer: PangoTextMeasurer())
        session.caretBlinks = !noBlink
        let result: FormResult
        do {
            let connection = try XConnection(displayName: display.isEmpty ? nil : display)
            result = try MainActor.assumeIsolated { try FormWindow(session: session, connection: connection).run() }
        } catch let error as X11Error {
            standardError("keyform: \(error)")
            throw ExitCode(ExitStatus.noDisplay)
        }
        switch result {
        case .submitted(let values):
            print(output.format(values), terminator: "")
            throw ExitCode(ExitStatus.submitted)
        case .cancelled:
            throw ExitCode(ExitStatus.cancelled)
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
