import ArgumentParser
import KeyformCore

/// How the values are printed: the window's `--output` and `--separator`, which `replay` shares
/// so that a script's `eval` pipeline can be tried with no display.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "How values are printed on submit: json (one object), shell (name='…' lines safe to eval) or lines (values separated by --separator). e.g. --output shell",
        valueName: "json|shell|lines"))
    var output: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("What separates values with --output lines. e.g. --separator $'\\t'", valueName: "TEXT"))
    var separator = "|"

    /// zenity prints the values on standard output when its timeout runs out, and scripts
    /// moved over with `--forms` read them there (`ZenityForms` sets it).
    @Flag(help: .hidden) var timeoutPrintsValues = false

    func validate() throws {
        if separator.isEmpty { throw ValidationError("--separator must not be empty: the values would run together") }
    }

    /// The values as the chosen format prints them (JSON when none was chosen).
    func format(_ values: JSONValue) -> String {
        (output ?? .json).format(values, separator: separator)
    }
}
