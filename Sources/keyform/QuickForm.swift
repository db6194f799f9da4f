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

    @Option(help: ArgumentHelp("A date field, typed YYYY-MM-DD; Up/Down step it, Alt+Down opens a calendar. e.g. --date \"due:Due date\"",
                               valueName: "[ID:]LABEL"))
    var date: [String] = []

    @Option(help: ArgumentHelp("How --date values are printed on submit, strftime-style, as zenity's --forms-date-format. "
                               + "e.g. --date-format %d/%m/%Y", valueName: "FORMAT"))
    var dateFormat: String?

    func validate() throws {
        guard let dateFormat else { return }
        if date.isEmpty { throw ValidationError("--date-format is for --date fields (a form file gives its date fields a \"format\")") }
        if let problem = DateFormat.problems(in: dateFormat).first { throw ValidationError("--date-format: \(problem)") }
    }

    /// The flags that add a field, in the order `form(arguments:)` looks for them.
    static let fieldFlags: [(flag: String, kind: FieldKind)] = [
        ("--text", .label), ("--field", .text), ("--password", .password), ("--textarea", .textarea),
        ("--picker", .picker), ("--tokens", .tokens), ("--date", .date),
    ]

    /// Whether any field flag was given (`--title` alone still opens the demo or `--form`).
    var isEmpty: Bool { [text, field, password, textarea, picker, tokens, date].allSatisfy(\.isEmpty) }

    func values(of kind: FieldKind) -> [String] {
        switch kind {
        case .label: text
        case .text: field
        case .password: password
        case .textarea: textarea
        case .picker: picker
        case .date: date
        default: tokens
        }
    }

    /// The form the flags describe. ArgumentParser keeps each flag's values apart, so their order
    /// across flags is read again from `arguments`, the raw command line.
    func form(arguments: [String], direction: Direction) throws -> Form {
        var form = Form(title: title ?? "Keyform")
        form.direction = direction
        var next: [FieldKind: Int] = [:]
        let specs = Self.order(in: arguments, expecting: self).map { kind in
            defer { next[kind, default: 0] += 1 }
            return (kind, values(of: kind)[next[kind, default: 0]])
        }
        // Ids given with `ID:` first, so a derived id steps aside for them rather than clash.
        var ids = IDMaker()
        for (kind, spec) in specs where kind != .label {
            if let id = Self.splitID(spec).0, !ids.claim(id) { throw ValidationError("two fields have the id \"\(id)\" (\(spec))") }
        }
        form.fields = try specs.map { try Self.field($0, $1, ids: &ids) }
        for index in form.fields.indices where form.fields[index].kind == .date {
            form.fields[index].dateFormat = dateFormat.map(DateFormat.init)
        }
        form.fields.append(Field(id: ids.unique("ok"), kind: .button, label: "_OK"))
        form.commands = [KeyCommandSpec(key: "ctrl+Return", action: "submit", title: "Submit the form")]
        return form
    }

    /// The kind of each field flag in `arguments`, in order (`--field X` or `--field=X`), up to a
    /// `--`. Falls back to the flags' own order if the counts disagree with what was parsed.
    static func order(in arguments: [String], expecting options: QuickFormOptions) -> [FieldKind] {
        var kinds: [FieldKind] = []
        for argument in arguments.prefix(while: { $0 != "--" }) {
            if let (_, kind) = fieldFlags.first(where: { argument == $0.flag || argument.hasPrefix($0.flag + "=") }) {
                kinds.append(kind)
            }
        }
        let matches = fieldFlags.allSatisfy { flag in kinds.count { $0 == flag.kind } == options.values(of: flag.kind).count }
        return matches ? kinds : fieldFlags.flatMap { flag in Array(repeating: flag.kind, count: options.values(of: flag.kind).count) }
    }

    /// One field; an `ID:` it names was claimed already.
    static func field(_ kind: FieldKind, _ spec: String, ids: inout IDMaker) throws -> Field {
        if kind == .label { return Field(id: ids.unique("text"), kind: .label, label: spec) }
        var (id, rest) = splitID(spec)
        var options: [String] = []
        if kind == .picker || kind == .tokens, let equals = rest.firstIndex(of: "=") {
            options = rest[rest.index(after: equals)...].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            rest = String(rest[..<equals])
        } else if kind == .picker {
            throw ValidationError("--picker takes LABEL=OPTION|OPTION…, e.g. --picker \"Years=0|1|2\", not \"\(spec)\"")
        }
        var field = Field(id: id ?? ids.unique(derivedID(rest)), kind: kind, label: rest)
        field.options = options
        if kind == .picker { field.value = options[0] }
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
