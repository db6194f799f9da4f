import Glibc
import KeyformCommandLine
import KeyformCore
import KeyformEnvironment
import KeyformX11

/// `keyform --forms …` takes `zenity --forms`'s options and answers as zenity 3.44 does, so that a
/// zenity script moves to Keyform by changing the command's name. The form is built here; each
/// field gets the id `f1`, `f2`…, so a colon or an underscore in a label is text. Values print on
/// one line, separated by `|` or `--separator` (empty too); the exit status is zenity's (0 OK,
/// 1 Cancel, Escape or an `--extra-button`, 5 timeout).
struct ZenityForm: ScriptDialog {
    /// Whether the command line is a zenity one.
    static func applies(to arguments: ArraySlice<String>) -> Bool { arguments.contains("--forms") }

    /// What a field is, for printing its value as zenity does.
    enum Kind: Equatable {
        case entry, calendar, combo
        /// A list's rows, each a row of cells; the picker's options are the rows as shown.
        case list(rows: [[String]])
    }

    let form: Form
    let kinds: [Kind]
    let separator: String
    /// `--forms-date-format`: zenity's calendars print through the locale's strftime.
    let dateFormat: String
    /// The `--extra-button` labels by the ids of their buttons.
    let extraButtons: [String: String]

    /// The form, Keyform's options for the rest of the command line (the window's size, timeout,
    /// icon and parent), and the words that are no option (events, for `replay`).
    static func translate(_ arguments: ArraySlice<String>) throws(ScriptDialogProblem) -> (ZenityForm, [KeyformOption], [String]) {
        var options = ZenityOptions()
        try options.read(arguments)
        return (try ZenityForm(options), options.keyform, options.words)
    }

    private init(_ options: ZenityOptions) throws(ScriptDialogProblem) {
        var form = Form(title: options.title ?? "Keyform")
        if let text = options.text {
            // zenity 3.44 shows it as markup even with --no-markup, which only its other dialogs read.
            form.fields.append(ScriptDialogs.markupText(id: "text", ScriptDialogs.compressed(text), place: "--text"))
        }
        var kinds: [Kind] = [], combos = 0, lists = 0
        for (index, added) in options.fields.enumerated() {
            var field = Field(id: "f\(index + 1)", kind: .text, label: ScriptDialogs.literal(added.label))
            var kind = Kind.entry
            switch added.flag {
            case "--add-entry": break
            case "--add-password": field.kind = .password
            case "--add-multiline-entry": field.kind = .textarea
            case "--add-calendar":
                // zenity's calendar starts on today, chosen: a date left alone prints today's date.
                field.kind = .date
                field.value = (options.today ?? .systemToday).description
                kind = .calendar
            case "--add-combo":
                // zenity's combo starts with nothing chosen, and prints a space for it.
                field.kind = .picker
                field.options = Self.cells(options.comboValues.element(combos) ?? "")
                field.placeholder = " "
                // An empty combo is no Tab stop in GTK.
                field.tabStop = !field.options.isEmpty
                combos += 1
                kind = .combo
            default:  // --add-list: rows of as many cells as its --column-values has columns
                field.kind = .picker
                // The list's own --column-values, else the first list's; none: one column.
                let columns = options.columnValues.element(lists) ?? options.columnValues.first
                let width = columns.map { Self.cells($0).count } ?? 1
                let cells = Self.cells(options.listValues.element(lists) ?? "")
                let rows = stride(from: 0, to: cells.count, by: width).map { Array(cells[$0..<min($0 + width, cells.count)]) }
                field.options = rows.map { $0.joined(separator: "   ") }
                if field.options.isEmpty { field.placeholder = " " }
                lists += 1
                kind = .list(rows: rows)
            }
            // The kernel bounds an argument to 128 KiB; a form's own limits are tighter.
            guard added.label.utf8.count <= InputLimits.textBytes, field.options.count <= InputLimits.options else {
                throw ScriptDialogProblem(message: "\(added.flag) \"\(added.label.prefix(40))\": a label is at most "
                                          + "\(InputLimits.describe(bytes: InputLimits.textBytes)), a list or combo at most "
                                          + "\(InputLimits.describe(count: InputLimits.options)) items")
            }
            form.fields.append(field)
            kinds.append(kind)
        }
        // The buttons as zenity orders them: Cancel, OK, then the extra ones.
        var cancel = Field(id: "cancel", kind: .button, label: options.cancelLabel ?? "_Cancel")
        cancel.action = .cancel
        form.fields += [cancel, Field(id: "ok", kind: .button, label: options.okLabel ?? "_OK")]
        var extra: [String: String] = [:]
        for (index, label) in options.extraButtons.enumerated() {
            // It ends the form as a submit does, and `printed` prints its label instead of the values.
            form.fields.append(Field(id: "extra\(index + 1)", kind: .button, label: label))
            extra["extra\(index + 1)"] = label
        }
        form.commands = [KeyCommandSpec(key: "ctrl+Return", action: "submit", title: "Submit the form")]
        self.form = form
        self.kinds = kinds
        separator = options.separator
        dateFormat = options.dateFormat
        extraButtons = extra
    }

    /// zenity's values split at `|`, empty ones kept.
    static func cells(_ values: String) -> [String] { values.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }

    /// The line zenity prints: the values separated by the separator, a list's cells each followed
    /// by `,` unless it is the last field (zenity 3.44's `forms.c`), an untouched combo as a space.
    /// An extra button prints its label alone.
    func printed(_ values: JSONValue, session: FormSession) -> String {
        if let button = session.endingButton, let label = extraButtons[button] { return label + "\n" }
        let last = kinds.count - 1
        return kinds.enumerated().map { index, kind in
            guard case .string(let value)? = values["f\(index + 1)"] else { return kind == .combo ? " " : "" }
            switch kind {
            case .entry: return value
            case .combo: return value.isEmpty ? " " : value
            case .calendar:
                guard case .success(let date) = CalendarDate.parse(value) else { return value }
                return LocaleTime.string(date, format: dateFormat)
            case .list(let rows):
                guard let row = form.fields.first(where: { $0.id == "f\(index + 1)" })?.options.firstIndex(of: value) else { return "" }
                return rows[row].map { index == last ? $0 : $0 + "," }.joined()
            }
        }.joined(separator: separator) + "\n"
    }

    /// zenity's exit status: OK, the Cancel button, Escape or an extra button, the timeout; each
    /// changed by `ZENITY_OK`, `ZENITY_CANCEL`, `ZENITY_ESC`, `ZENITY_TIMEOUT` (or `DIALOG_…`).
    func exitStatus(_ session: FormSession) -> Int32 {
        if let button = session.endingButton, extraButtons[button] != nil { return Self.code("ESC", ExitStatus.cancelled) }
        switch session.result {
        case .submitted?: return Self.code("OK", ExitStatus.submitted)
        case .cancelled? where session.endingButton == "cancel": return Self.code("CANCEL", ExitStatus.cancelled)
        case .cancelled?, nil: return session.timedOut ? Self.code("TIMEOUT", ExitStatus.timedOut) : Self.code("ESC", ExitStatus.cancelled)
        }
    }

    /// An exit code from the environment, read as zenity reads it (C's `atoi`).
    private static func code(_ name: String, _ standard: Int32) -> Int32 {
        guard let text = Environment.value("ZENITY_\(name)") ?? Environment.value("DIALOG_\(name)") else { return standard }
        return atoi(text)
    }

    func start(_ session: FormSession) {}
}

/// zenity's options as the command line gives them, read as GLib's option parser reads them:
/// `--name=value` or `--name value`.
private struct ZenityOptions {
    var title: String?, text: String?, okLabel: String?, cancelLabel: String?
    var fields: [(flag: String, label: String)] = []
    var comboValues: [String] = [], listValues: [String] = [], columnValues: [String] = []
    var extraButtons: [String] = []
    var separator = "|", dateFormat = "%x"
    var today: CalendarDate?
    var keyform: [KeyformOption] = []
    var words: [String] = []

    mutating func read(_ arguments: ArraySlice<String>) throws(ScriptDialogProblem) {
        var width: Int?, height: Int?, modal = false
        var reader = ScriptArguments(arguments)
        while reader.next() != nil {
            let name = reader.name
            // GLib's end of the options: what follows is words (`keyform render … -- EVENT…`).
            if name == "--" {
                words += reader.rest
                break
            }
            if name.startsWithBytes("-"), name != "-", ZenityForm.scriptOptionsByName[name] == nil, !ScriptDialogs.keyformOwn.contains(name) {
                throw ScriptDialogProblem(message: "\(name) is not a zenity --forms option (docs/zenity-yad.md)")
            }
            switch name {
            case "--forms": continue
            case "--title": title = try reader.value()
            case "--text": text = try reader.value()
            case "--ok-label": okLabel = try reader.value()
            case "--cancel-label": cancelLabel = try reader.value()
            case "--extra-button": extraButtons.append(try reader.value())
            case "--separator": separator = ScriptDialogs.compressed(try reader.value())
            case "--forms-date-format", "--date-format": dateFormat = try reader.value()
            case "--combo-values": comboValues.append(try reader.value())
            case "--list-values": listValues.append(try reader.value())
            case "--column-values": columnValues.append(try reader.value())
            case "--width": width = try reader.number()
            case "--height": height = try reader.number()
            case "--timeout":
                // zenity has no timeout for 0 or less, and prints the values when one runs out.
                let seconds = try reader.number()
                if seconds > 0 { keyform += [KeyformOption("--timeout", String(seconds)), KeyformOption("--timeout-prints-values")] }
            case "--window-icon":
                if let path = ThemeIcon.path(for: try reader.value()) { keyform.append(KeyformOption("--window-icon", path)) }
            case "--attach": keyform.append(KeyformOption("--attach", try reader.value()))
            // zenity takes --modal alone (the window manager picks the parent); Keyform's needs --attach.
            case "--modal": modal = true
            case "--today":
                let text = try reader.value()
                guard case .success(let date) = CalendarDate.parse(text) else { throw ScriptDialogProblem(message: "--today takes YYYY-MM-DD, not \"\(text)\"") }
                today = date
                keyform.append(KeyformOption(name, text))
            default:
                if name.startsWithBytes("--add-") {
                    fields.append((name, try reader.value()))
                } else if let option = ZenityForm.scriptOptionsByName[name] {
                    if option.takesValue { _ = try reader.value() }  // an option with no effect
                } else if ScriptDialogs.keyformOwn.contains(name) {
                    keyform.append(KeyformOption(name, try reader.value()))
                } else {
                    words.append(name)  // an event, for `replay`
                }
            }
        }
        if modal && keyform.contains(where: { $0.name == "--attach" }) { keyform.append(KeyformOption("--modal")) }
        // zenity's default size; 0 or less is none.
        let sides = [width, height].map { $0.flatMap { $0 > 0 ? String($0) : nil } }
        if sides[0] != nil || sides[1] != nil { keyform.append(KeyformOption("--size", "\(sides[0] ?? "520")x\(sides[1] ?? "420")")) }
    }
}

extension ZenityForm {
    /// Every option zenity takes for a form: the parser refuses any other, and the shells'
    /// completions offer these (`keyform --generate-completion-script`).
    static let scriptOptions: [OptionSpec] = [
        .flag("forms", help: "Show a form, as zenity --forms does."),
        .value("title", "TITLE", help: "The window's title."),
        .value("text", "TEXT", help: "The text above the fields (Pango markup)."),
        .repeated("add-entry", "LABEL", help: "A text field."),
        .repeated("add-password", "LABEL", help: "A password field."),
        .repeated("add-multiline-entry", "LABEL", help: "A text area."),
        .repeated("add-calendar", "LABEL", help: "A date field."),
        .repeated("add-combo", "LABEL", help: "A picker, its options from --combo-values."),
        .repeated("add-list", "LABEL", help: "A list, its rows from --list-values."),
        .repeated("combo-values", "A|B", help: "The options of the last --add-combo."),
        .repeated("list-values", "A|B", help: "The cells of the last --add-list."),
        .repeated("column-values", "A|B", help: "The columns of the last --add-list."),
        .value("ok-label", "LABEL", help: "The OK button's label."),
        .value("cancel-label", "LABEL", help: "The Cancel button's label."),
        .repeated("extra-button", "LABEL", help: "Another button, which prints its label."),
        .value("separator", "SEPARATOR", help: "What separates the printed values."),
        .value("forms-date-format", "FORMAT", help: "How dates print (strftime)."),
        .value("date-format", "FORMAT", help: "How dates print (strftime)."),
        .value("width", "WIDTH", help: "The window's width."),
        .value("height", "HEIGHT", help: "The window's height."),
        .value("timeout", "SECONDS", help: "Close after SECONDS, printing the values."),
        .value("window-icon", "ICON", help: "The window's icon: a file or an icon name.", completion: .file),
        .value("attach", "WINDOW", help: "The X window to be transient for."),
        .flag("modal", help: "Modal to the --attach window."),
    ] + ScriptDialogs.noEffect(values: ["name", "class", "gtk-module", "icon-name", "icon"],
                               flags: ["no-markup", "g-fatal-warnings", "default-cancel", "show-header"])

    static let scriptOptionsByName = Dictionary(uniqueKeysWithValues: scriptOptions.map { ($0.spelling, $0) })
}

extension Array {
    /// The element at `index`, or nil past the end.
    func element(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
