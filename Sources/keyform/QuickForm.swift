import KeyformCommandLine
import KeyformCore

/// A form from flags, for the common case, close to `zenity --forms`: one flag per field, in the
/// order given. Labels may start with `ID:` to choose the id; otherwise it is derived from the
/// label (`"E-mail address"` → `e_mail_address`).
struct QuickFormOptions {
    static let title = OptionSpec.value("title", "TITLE", help: "The window's title (also for --form). e.g. --title \"Sign in\"")
    static let text = OptionSpec.repeated("text", "TEXT", help: "Text in the form, where it is among the fields, wrapped at its width; a newline starts "
                                                                + "a new line. e.g. --text \"Who are you?\"")
    static let field = OptionSpec.repeated("field", "[ID:]LABEL", help: "A text field. e.g. --field Name, --field \"mail:E-mail address\"")
    static let password = OptionSpec.repeated("password", "[ID:]LABEL",
                                              help: "A password field (never saved in a draft or printed on failure). e.g. --password PIN")
    static let textarea = OptionSpec.repeated("textarea", "[ID:]LABEL", help: "A multi-line text area. e.g. --textarea Notes")
    static let picker = OptionSpec.repeated("picker", "[ID:]LABEL=A|B…", help: "A picker of options, the first chosen. e.g. --picker \"Years=0|1|2|3\"")
    static let tokens = OptionSpec.repeated("tokens", "[ID:]LABEL[=A|B…]",
                                            help: "A token field, with optional suggestions. e.g. --tokens Skills, --tokens \"Skills=C|Swift\"")
    static let checkbox = OptionSpec.repeated("checkbox", "[ID:]LABEL",
                                              help: "A checkbox, unchecked; its value is true or false. e.g. --checkbox \"agree:I agree to the terms\"")
    static let radio = OptionSpec.repeated("radio", "[ID:]LABEL=A|B…", help: "A group of options to choose one of with the arrows, none chosen at first. "
                                                                             + "e.g. --radio \"Seat=Aisle|Window\"")
    static let date = OptionSpec.repeated("date", "[ID:]LABEL",
                                          help: "A date field, typed YYYY-MM-DD; Up/Down step it, Alt+Down opens a calendar. e.g. --date \"due:Due date\"")
    static let dateFormat = OptionSpec.value("date-format", "FORMAT", help: "How --date values are printed on submit, strftime-style, as zenity's --forms-date-format. "
                                                                            + "e.g. --date-format %d/%m/%Y")
    static let okLabel = OptionSpec.value("ok-label", "LABEL", help: "The label of the button that submits, at the end of the row; _ before its Alt letter. "
                                                                     + "e.g. --ok-label _Send", default: "_OK")
    static let cancelLabel = OptionSpec.value("cancel-label", "LABEL", help: "The label of the button that cancels, before it. e.g. --cancel-label _Back",
                                              default: "_Cancel")

    static let options = [title, text, field, password, textarea, picker, tokens, checkbox, radio, date, dateFormat, okLabel, cancelLabel]

    let title: String?
    let text: [String]
    let field: [String]
    let password: [String]
    let textarea: [String]
    let picker: [String]
    let tokens: [String]
    let checkbox: [String]
    let radio: [String]
    let date: [String]
    let dateFormat: String?
    let okLabel: String
    let cancelLabel: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        title = arguments.value(Self.title)
        text = arguments.values(Self.text)
        field = arguments.values(Self.field)
        password = arguments.values(Self.password)
        textarea = arguments.values(Self.textarea)
        picker = arguments.values(Self.picker)
        tokens = arguments.values(Self.tokens)
        checkbox = arguments.values(Self.checkbox)
        radio = arguments.values(Self.radio)
        date = arguments.values(Self.date)
        dateFormat = arguments.value(Self.dateFormat)
        okLabel = arguments.valueOrDefault(Self.okLabel)
        cancelLabel = arguments.valueOrDefault(Self.cancelLabel)
        guard let dateFormat else { return }
        if date.isEmpty { throw UsageError("--date-format is for --date fields (a form file gives its date fields a \"format\")") }
        if let problem = DateFormat.problems(in: dateFormat).first { throw UsageError("--date-format: \(problem)") }
    }

    /// A flag that adds a field: its kind, where its values are kept, and whether `=A|B…` after
    /// the label gives options. A new flag is an `OptionSpec` above, read in `init`, and a line here.
    struct FieldFlag: Sendable {
        /// `=A|B…` after the label: not taken (an `=` is part of the label), optional, or required.
        enum Options { case none, optional, required }

        let option: OptionSpec
        let kind: FieldKind
        /// A function, not a `KeyPath`: a key path object is built at run time, from type names
        /// the runtime demangles (180 K instructions at every start).
        let values: @Sendable (QuickFormOptions) -> [String]
        var options = Options.none
        /// Whether it may start with `ID:`: `--text` is text to read, and a colon in it is text.
        var namesID = true
        /// What other flags add to each of its fields (`--date-format` to `--date`).
        var finish: (@Sendable (inout Field, QuickFormOptions) -> Void)?

        /// `--field`.
        var name: String { option.spelling }
    }

    /// The flags that add a field, in the order `form(arguments:)` falls back to.
    static let fieldFlags = [
        FieldFlag(option: Self.text, kind: .label, values: \.text, namesID: false),
        FieldFlag(option: Self.field, kind: .text, values: \.field),
        FieldFlag(option: Self.password, kind: .password, values: \.password),
        FieldFlag(option: Self.textarea, kind: .textarea, values: \.textarea),
        FieldFlag(option: Self.picker, kind: .picker, values: \.picker, options: .required),
        FieldFlag(option: Self.tokens, kind: .tokens, values: \.tokens, options: .optional),
        FieldFlag(option: Self.checkbox, kind: .checkbox, values: \.checkbox),
        FieldFlag(option: Self.radio, kind: .radio, values: \.radio, options: .required),
        FieldFlag(option: Self.date, kind: .date, values: \.date) { field, options in
            field.dateFormat = options.dateFormat.map(DateFormat.init)
        },
    ]

    /// Whether any field flag was given (`--title` alone still opens the demo or `--form`).
    var isEmpty: Bool { Self.fieldFlags.allSatisfy { $0.values(self).isEmpty } }

    /// The form the flags describe. Each flag's values are kept apart, so their order across flags
    /// is read again from `arguments`, the raw command line.
    func form(arguments: [String], direction: Direction) throws -> Form {
        var form = Form(title: title ?? "Keyform")
        form.direction = direction
        var next: [String: Int] = [:]
        let specs = Self.order(in: arguments, expecting: self).map { flag in
            defer { next[flag.name, default: 0] += 1 }
            return (flag, flag.values(self)[next[flag.name, default: 0]])
        }
        // Ids given with `ID:` first, so a derived id steps aside for them rather than clash.
        var ids = IDMaker()
        for (flag, spec) in specs where flag.namesID {
            if let id = Self.splitID(spec).0, !ids.claim(id) { throw UsageError("two fields have the id \"\(id)\" (\(spec))") }
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
        let matches = fieldFlags.allSatisfy { flag in flags.count { $0.name == flag.name } == flag.values(options).count }
        return matches ? flags : fieldFlags.flatMap { Array(repeating: $0, count: $0.values(options).count) }
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
            throw UsageError("\(flag.name) takes LABEL=OPTION|OPTION…, e.g. \(flag.name) \"Size=S|M|L\", not \"\(spec)\"")
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
