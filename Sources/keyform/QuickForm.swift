import ArgumentParser
import KeyformCore

/// A form from flags, for the common case, close to `zenity --forms`: one flag per field, in the
/// order given. Labels may start with `ID:` to choose the id; otherwise it is derived from the
/// label (`"E-mail address"` → `e_mail_address`).
struct QuickFormOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The window's title (also for --form). e.g. --title \"Sign in\"", valueName: "TITLE"))
    var title: String?

    @Option(help: ArgumentHelp("Text in the form, where it is among the fields, wrapped at its width; a newline starts "
                               + "a new line. e.g. --text \"Who are you?\"", valueName: "TEXT"))
    var text: [String] = []

    @Option(help: ArgumentHelp("A text field. e.g. --field Name, --field \"mail:E-mail address\"", valueName: "[ID:]LABEL"))
    var field: [String] = []

    @Option(help: ArgumentHelp("A password field (never saved in a draft or printed on failure). e.g. --password PIN",
                               valueName: "[ID:]LABEL"))
    var password: [String] = []

    @Option(help: ArgumentHelp("A multi-line text area. e.g. --textarea Notes", valueName: "[ID:]LABEL"))
    var textarea: [String] = []

    @Option(help: ArgumentHelp("A picker of options, the first chosen. e.g. --picker \"Years=0|1|2|3\"",
                               valueName: "[ID:]LABEL=A|B…"))
    var picker: [String] = []

    @Option(help: ArgumentHelp("A token field, with optional suggestions. e.g. --tokens Skills, --tokens \"Skills=C|Swift\"",
                               valueName: "[ID:]LABEL[=A|B…]"))
    var tokens: [String] = []

    @Option(help: ArgumentHelp("A checkbox, unchecked; its value is true or false. e.g. --checkbox \"agree:I agree to the terms\"",
                               valueName: "[ID:]LABEL"))
    var checkbox: [String] = []

    @Option(help: ArgumentHelp("A group of options to choose one of with the arrows, none chosen at first. "
                               + "e.g. --radio \"Seat=Aisle|Window\"", valueName: "[ID:]LABEL=A|B…"))
    var radio: [String] = []

    @Option(help: ArgumentHelp("A date field, typed YYYY-MM-DD; Up/Down step it, Alt+Down opens a calendar. e.g. --date \"due:Due date\"",
                               valueName: "[ID:]LABEL"))
    var date: [String] = []

    @Option(help: ArgumentHelp("How --date values are printed on submit, strftime-style, as zenity's --forms-date-format. "
                               + "e.g. --date-format %d/%m/%Y", valueName: "FORMAT"))
    var dateFormat: String?

    @Option(help: ArgumentHelp("The label of the button that submits, at the end of the row; _ before its Alt letter. "
                               + "e.g. --ok-label _Send", valueName: "LABEL"))
    var okLabel = "_OK"

    @Option(help: ArgumentHelp("The label of the button that cancels, before it. e.g. --cancel-label _Back", valueName: "LABEL"))
    var cancelLabel = "_Cancel"

    func validate() throws {
        guard let dateFormat else { return }
        if date.isEmpty { throw ValidationError("--date-format is for --date fields (a form file gives its date fields a \"format\")") }
        if let problem = DateFormat.problems(in: dateFormat).first { throw ValidationError("--date-format: \(problem)") }
    }

    /// A flag that adds a field: its kind, where ArgumentParser keeps its values, and whether
    /// `=A|B…` after the label gives options. A new flag is an `@Option` above and a line here.
    struct FieldFlag: Sendable {
        /// `=A|B…` after the label: not taken (an `=` is part of the label), optional, or required.
        enum Options { case none, optional, required }

        let name: String
        let kind: FieldKind
        let values: KeyPath<QuickFormOptions, [String]> & Sendable
        var options = Options.none
        /// Whether it may start with `ID:`: `--text` is text to read, and a colon in it is text.
        var namesID = true
        /// What other flags add to each of its fields (`--date-format` to `--date`).
        var finish: (@Sendable (inout Field, QuickFormOptions) -> Void)?
    }

    /// The flags that add a field, in the order `form(arguments:)` falls back to.
    static let fieldFlags = [
        FieldFlag(name: "--text", kind: .label, values: \.text, namesID: false),
        FieldFlag(name: "--field", kind: .text, values: \.field),
        FieldFlag(name: "--password", kind: .password, values: \.password),
        FieldFlag(name: "--textarea", kind: .textarea, values: \.textarea),
        FieldFlag(name: "--picker", kind: .picker, values: \.picker, options: .required),
        FieldFlag(name: "--tokens", kind: .tokens, values: \.tokens, options: .optional),
        FieldFlag(name: "--checkbox", kind: .checkbox, values: \.checkbox),
        FieldFlag(name: "--radio", kind: .radio, values: \.radio, options: .required),
        FieldFlag(name: "--date", kind: .date, values: \.date) { field, options in
            field.dateFormat = options.dateFormat.map(DateFormat.init)
        },
    ]

    /// Whether any field flag was given (`--title` alone still opens the demo or `--form`).
    var isEmpty: Bool { Self.fieldFlags.allSatisfy { self[keyPath: $0.values].isEmpty } }

    /// The form the flags describe. ArgumentParser keeps each flag's values apart, so their order
    /// across flags is read again from `arguments`, the raw command line.
    func form(arguments: [String], direction: Direction) throws -> Form {
        var form = Form(title: title ?? "Keyform")
        form.direction = direction
        var next: [String: Int] = [:]
        let specs = Self.order(in: arguments, expecting: self).map { flag in
            defer { next[flag.name, default: 0] += 1 }
            return (flag, self[keyPath: flag.values][next[flag.name, default: 0]])
        }
        // Ids given with `ID:` first, so a derived id steps aside for them rather than clash.
        var ids = IDMaker()
        for (flag, spec) in specs where flag.namesID {
            if let id = Self.splitID(spec).0, !ids.claim(id) { throw ValidationError("two fields have the id \"\(id)\" (\(spec))") }
        }
        form.fields = try specs.map { flag, spec in
            var field = try Self.field(flag, spec, ids: &ids)
            flag.finish?(&field, self)
            return field
        }
        // A dialog's answers, in the row at the bottom: Cancel, then OK (FormLayout's button row).
        var cancel = Field(id: ids.unique("cancel"), kind: .button, label: cancelLabel)
        cancel.action = .cancel
        form.fields += [cancel, Field(id: ids.unique("ok"), kind: .button, label: okLabel)]
        form.commands = [KeyCommandSpec(key: "ctrl+Return", action: "submit", title: "Submit the form")]
        return form
    }

    /// Each field flag in `arguments`, in order (`--field X` or `--field=X`), up to a `--`.
    /// Falls back to the flags' own order if the counts disagree with what was parsed.
    static func order(in arguments: [String], expecting options: QuickFormOptions) -> [FieldFlag] {
        var flags: [FieldFlag] = []
        for argument in arguments.prefix(while: { $0 != "--" }) {
            if let flag = fieldFlags.first(where: { argument == $0.name || argument.hasPrefix($0.name + "=") }) {
                flags.append(flag)
            }
        }
        let matches = fieldFlags.allSatisfy { flag in flags.count { $0.name == flag.name } == options[keyPath: flag.values].count }
        return matches ? flags : fieldFlags.flatMap { Array(repeating: $0, count: options[keyPath: $0.values].count) }
    }

    /// One field; an `ID:` it names was claimed already.
    static func field(_ flag: FieldFlag, _ spec: String, ids: inout IDMaker) throws -> Field {
        // Named after its flag: text, text_2…
        guard flag.namesID else { return Field(id: ids.unique(String(flag.name.dropFirst(2))), kind: flag.kind, label: spec) }
        var (id, rest) = splitID(spec)
        var options: [String] = []
        if flag.options != .none, let equals = rest.firstIndex(of: "=") {
            options = rest[rest.index(after: equals)...].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            rest = String(rest[..<equals])
        } else if flag.options == .required {
            throw ValidationError("\(flag.name) takes LABEL=OPTION|OPTION…, e.g. \(flag.name) \"Size=S|M|L\", not \"\(spec)\"")
        }
        var field = Field(id: id ?? ids.unique(derivedID(rest)), kind: flag.kind, label: rest)
        field.options = options
        return field
    }

    /// `"mail:E-mail"` → (`mail`, `E-mail`); a label whose start is not an id stays whole.
    static func splitID(_ spec: String) -> (String?, String) {
        guard let colon = spec.firstIndex(of: ":") else { return (nil, spec) }
        let id = spec[..<colon]
        guard !id.isEmpty, id.utf8.allSatisfy({ isIDByte($0) }) else { return (nil, spec) }
        return (String(id), String(spec[spec.index(after: colon)...]))
    }

    /// Lower-case ASCII letters and digits of the label, other runs of characters becoming one
    /// `_`: `"_E-mail address"` → `e_mail_address`. A label with none gets `field`.
    static func derivedID(_ label: String) -> String {
        var id = ""
        for byte in Mnemonic(label: label).text.lowercased().utf8 {
            if byte.isASCIIAlphanumeric { id.append(Character(UnicodeScalar(byte))) } else if !id.isEmpty, id.last != "_" { id += "_" }
        }
        while id.last == "_" { id.removeLast() }
        return id.isEmpty ? "field" : id
    }

    static func isIDByte(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}

/// Ids handed out so far: a derived id that is taken gets `_2`, `_3`…
struct IDMaker {
    private var used: Set<String> = []

    /// Takes `id` as given; false if it is taken.
    mutating func claim(_ id: String) -> Bool { used.insert(id).inserted }

    mutating func unique(_ base: String) -> String {
        var candidate = base, number = 2
        while !claim(candidate) {
            candidate = "\(base)_\(number)"
            number += 1
        }
        return candidate
    }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
