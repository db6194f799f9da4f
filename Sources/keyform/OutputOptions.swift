import KeyformCommandLine
import KeyformCore

/// How the values are printed: the window's `--output` and `--separator`, which `replay` shares
/// so that a script's `eval` pipeline can be tried with no display.
struct OutputOptions {
    static let output = OptionSpec.value("output", "json|shell|bash|lines", help: "How values are printed on submit: json (one object), shell (name='…' lines safe to eval; tokens joined by |), bash (as shell, tokens as an array) or lines (values separated by --separator, tokens by ,). e.g. --output shell",
                                         choices: OutputFormat.allCases.map(\.rawValue))
    static let separator = OptionSpec.value("separator", "TEXT", help: "What separates values with --output lines. e.g. --separator $'\\t'", default: "|")
    /// zenity prints the values on standard output when its timeout runs out, and scripts
    /// moved over with `--forms` read them there (`ZenityForm` sets it).
    static let timeoutPrintsValues = OptionSpec.flag("timeout-prints-values", help: "", hidden: true)
    static let prefix = OptionSpec.value("prefix", "PREFIX", help: "With --output shell, put PREFIX before every name (form_name='…'), so that no id sets a variable of the script's. e.g. --prefix form_")

    static let options = [output, separator, timeoutPrintsValues, prefix]

    let output: OutputFormat?
    let separator: String
    let timeoutPrintsValues: Bool
    let prefix: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        output = try arguments.choice(Self.output)
        separator = arguments.valueOrDefault(Self.separator)
        timeoutPrintsValues = arguments.flag(Self.timeoutPrintsValues)
        prefix = arguments.valueOrDefault(Self.prefix)
        if separator.isEmpty { throw UsageError("--separator must not be empty: the values would run together") }
        if !prefix.isEmpty, !prefix.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") }) || prefix.first!.isNumber {
            throw UsageError("--prefix must be a shell name's start: letters, digits and _, not a digit first, not \"\(prefix)\"")
        }
    }

    /// With `--output shell`, the names must be apart from each other and from the shell's own.
    func check(_ session: FormSession) throws(UsageError) {
        guard output == .shell || output == .bash, let problem = OutputFormat.shellProblem(ids: session.valueIDs, prefix: prefix) else { return }
        throw UsageError(problem)
    }

    /// The values as the chosen format prints them (JSON when none was chosen), or as zenity or
    /// yad does for their command lines.
    func format(_ values: JSONValue, of session: FormSession) -> String {
        if let dialog = ScriptDialogs.current { return dialog.printed(values, session: session) }
        return (output ?? .json).format(values, separator: separator, prefix: prefix)
    }
}
