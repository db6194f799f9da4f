import ArgumentParser
import KeyformCore

/// How the values are printed: the window's `--output` and `--separator`, which `replay` shares
/// so that a script's `eval` pipeline can be tried with no display.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "How values are printed on submit: json (one object), shell (name='…' lines safe to eval; tokens joined by |), bash (as shell, tokens as an array) or lines (values separated by --separator, tokens by ,). e.g. --output shell",
        valueName: "json|shell|bash|lines"))
    var output: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("What separates values with --output lines. e.g. --separator $'\\t'", valueName: "TEXT"))
    var separator = "|"

    /// zenity prints the values on standard output when its timeout runs out, and scripts
    /// moved over with `--forms` read them there (`ZenityForms` sets it).
    @Flag(help: .hidden) var timeoutPrintsValues = false

    @Option(help: ArgumentHelp("With --output shell, put PREFIX before every name (form_name='…'), so that no id sets a variable of the script's. e.g. --prefix form_",
                               valueName: "PREFIX"))
    var prefix = ""

    func validate() throws {
        if separator.isEmpty { throw ValidationError("--separator must not be empty: the values would run together") }
        if !prefix.isEmpty, !prefix.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") }) || prefix.first!.isNumber {
            throw ValidationError("--prefix must be a shell name's start: letters, digits and _, not a digit first, not \"\(prefix)\"")
        }
    }

    /// With `--output shell`, the names must be apart from each other and from the shell's own.
    func check(_ session: FormSession) throws {
        guard output == .shell || output == .bash, let problem = OutputFormat.shellProblem(ids: session.valueIDs, prefix: prefix) else { return }
        throw ValidationError(problem)
    }

    /// The values as the chosen format prints them (JSON when none was chosen), or as yad does
    /// for a yad command line.
    func format(_ values: JSONValue) -> String {
        if let yad = YadForm.current { return yad.line(values) }
        return (output ?? .json).format(values, separator: separator, prefix: prefix)
    }
}
