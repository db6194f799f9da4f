import KeyformCommandLine
import KeyformCore
import KeyformKeyboard

struct CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate and lint a form: exit 0 clean, 1 with warnings, 2 with errors.",
        discussion: """
            Errors make a form unusable: a broken file, or a command key that names no key. Warnings are about how it behaves: two commands on one key, labels that share a mnemonic letter, fields Tab never reaches, a tab order that fights the reading order. Each names its place:

              keyform check --form form.json
              form.json:14:15: warning: Ctrl+L is bound twice … (commands[1].key)
            """,
        groups: [OptionGroup(FormOptions.options)])

    let options: FormOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try FormOptions(arguments)
    }

    func run() throws {
        let form = try options.load()
        let findings = FormLint.findings(for: form, keyNames: XKBKeyNames())
        let (name, document) = source
        guard !findings.isEmpty else {
            print("\(name): ok")
            return
        }
        for finding in findings { print(finding.description(file: name, document: document)) }
        throw ExitCode(findings.contains { $0.severity == .error } ? ExitStatus.badInput : 1)
    }

    /// The form file's name and JSON tree, to place each finding; a form from standard input or
    /// from flags has no tree to point into.
    private var source: (name: String, document: JSONNode?) {
        guard options.form != "-", let path = options.form ?? (options.isDemo ? DemoForm.path : nil) else {
            return (options.form == "-" ? "<stdin>" : "the form", nil)
        }
        let document = FileIO.contents(atPath: path, limit: InputLimits.formFileBytes).bytes.flatMap { try? JSONParser.parse($0) }
        return (path, document)
    }
}
