import KeyformCommandLine
import KeyformCore
import KeyformX11

/// `keyform --form --field …` takes `yad --form`'s options and answers as yad 0.40 does, so that
/// a yad script moves to Keyform by changing the command's name. The form is built here, from
/// the `--field "LABEL[:TYPE]"` options and the values that follow them as arguments; the rest
/// of the command line becomes Keyform's own options. Values print on one line, each followed by
/// `|` or `--separator`; the exit status is yad's: 0 OK (or the code of the `--button` pressed),
/// 1 Cancel, 252 Escape or the window closed, 70 the timeout.
struct YadForm: ScriptDialog {
    /// Whether the command line is a yad one: `--form` followed by another option or by nothing.
    /// Keyform's `--form FILE` is never followed by an option (`-` is standard input), so no
    /// command line that opened a file before means something else now.
    static func applies(to arguments: ArraySlice<String>) -> Bool {
        guard let index = arguments.firstIndex(of: "--form") else { return false }
        let next = arguments.index(after: index)
        return next == arguments.endIndex || arguments[next].startsWithBytes("-") && arguments[next] != "-"
    }

    /// yad's exit status when it timed out, and when Escape or the window manager closed it.
    static let timedOutStatus: Int32 = 70
    static let escapedStatus: Int32 = 252

    let form: Form
    let fields: [YadField]
    /// The id of the field `--focus-field` names.
    let focusID: String?
    let separator: String
    let itemSeparator: String
    /// The exit status of each button, by id.
    let buttonCodes: [String: Int32]
    /// The command of each button that runs one, by id.
    let buttonCommands: [String: String]
    /// What the form prints and exits with when Return or Ctrl+Return ends it: `--response`.
    let defaultResponse: Int32
    let options: YadOutputOptions
    /// What Escape does: `--no-escape`, `--escape-ok`.
    let escape: Escape
    /// The signal `--kill-parent` sends the parent process when the dialog ends.
    let killParent: Int32?
    /// Whether the fields' values come on standard input (none follow the options), and
    /// `--cycle-read`: whether reading goes on from the first field after the last.
    let readsStandardInput: Bool
    let cycleRead: Bool

    enum Escape { case cancels, ignored, answers }

    /// The yad form, and Keyform's options for the rest of `arguments`: the window's size,
    /// timeout, icon and place, and Keyform's own options for a subcommand.
    static func translate(_ arguments: ArraySlice<String>) throws(ScriptDialogProblem) -> (YadForm, [KeyformOption]) {
        var options = YadOptions()
        try options.read(arguments)
        return (try YadForm(options), options.keyformOptions())
    }

    private init(_ options: YadOptions) throws(ScriptDialogProblem) {
        var form = Form(title: options.title ?? "Keyform")
        // yad submits on Return in an entry; Return still breaks a line in a text area.
        form.returnKey = .submit
        if let text = options.text {
            let shown = ScriptDialogs.compressed(text)
            form.fields.append(options.noMarkup ? Field(id: "text", kind: .label, label: ScriptDialogs.literal(shown))
                               : ScriptDialogs.markupText(id: "text", shown, place: "--text"))
        }
        var fields: [YadField] = []
        for (index, spec) in options.fields.enumerated() {
            let field = YadField(number: index + 1, spec: spec, markup: !options.noMarkup)
            let value = index < options.values.count ? options.values[index] : nil
            let built = try field.field(id: "f\(index + 1)", value: value, itemSeparator: options.itemSeparator)
            if built.kind == .button {
                // A field's button stands among the fields, as in yad: in a section of its own
                // with no title, not in the row of the form's buttons.
                var section = Field(id: "\(built.id)-place", kind: .section)
                section.fields = [built]
                form.fields.append(section)
            } else {
                form.fields.append(built)
            }
            fields.append(field)
        }
        var codes: [String: Int32] = [:], commands: [String: String] = [:]
        for (index, button) in (options.noButtons ? [] : options.buttons).enumerated() {
            // Every button ends the form as a submit does, in the order yad shows them, but one
            // that runs a command (`pressed`); `printed` prints the values for an even code, as
            // yad does, and nothing for an odd one.
            var field = Field(id: "button\(index + 1)", kind: .button, label: button.label)
            if !options.noMarkup { (field.label, field.markup) = ScriptDialogs.buttonLabel(button.label, place: "--button \(button.label)") }
            codes[field.id] = button.code
            commands[field.id] = button.command
            form.fields.append(field)
        }
        form.commands = [KeyCommandSpec(key: "ctrl+Return", action: "submit", title: "Submit the form")]
        if let focus = options.focusField, !(1...max(1, fields.count)).contains(focus) {
            throw ScriptDialogProblem(message: "--focus-field \(focus): there is no field \(focus) (fields are counted from 1; this form has \(fields.count))")
        }
        self.form = form
        self.fields = fields
        focusID = options.focusField.map { "f\($0)" }
        separator = options.separator
        itemSeparator = options.itemSeparator
        buttonCodes = codes
        buttonCommands = commands
        defaultResponse = options.response
        escape = options.escape
        killParent = options.killParent
        readsStandardInput = options.values.isEmpty
        cycleRead = options.cycleRead
        self.options = options.output
    }

    /// The values on one line, as yad prints them: each followed by the separator; nothing for
    /// an odd button's code, unless `--always-print-result`.
    func printed(_ values: JSONValue, session: FormSession) -> String {
        let status = exitStatus(session)
        guard options.alwaysPrint || status % 2 == 0 else { return "" }
        return order.map { options.printed(fields[$0], values["f\($0 + 1)"]) + separator }.joined() + "\n"
    }

    /// The fields in the order yad prints them: as given, or with `--output-by-row` row by row of
    /// the `--columns` yad lays them out in (down each column first).
    private var order: [Int] {
        guard options.byRow, options.columns > 1 else { return Array(fields.indices) }
        let rows = (fields.count + options.columns - 1) / options.columns
        return (0..<rows).flatMap { row in (0..<options.columns).map { row + rows * $0 }.filter { $0 < fields.count } }
    }

    /// yad's exit status for a form that ended.
    func exitStatus(_ session: FormSession) -> Int32 {
        if let button = session.endingButton, let code = buttonCodes[button] { return code }
        switch session.result {
        case .submitted?: return defaultResponse
        case .cancelled?, nil: return session.timedOut ? Self.timedOutStatus : Self.escapedStatus
        }
    }

    /// Sets the form up as yad starts: `--focus-field`'s field focused, BTN and FBTN fields that
    /// run their commands.
    func start(_ session: FormSession) {
        session.hooks.pressButton = { [weak session] id in session.map { pressed(id, in: $0) } ?? false }
        session.hooks.suggestions = { id, text in suggestions(id, text) }
        // Escape is the only way a yad form cancels: its buttons all answer with their codes.
        switch escape {
        case .cancels: break
        case .ignored: session.hooks.cancel = { false }
        case .answers: session.hooks.cancel = { [weak session] in session?.submit(); return false }
        }
        focusFocusField(in: session)
    }

    /// With no values on the command line, yad reads them from standard input while it runs.
    @MainActor func feed(_ session: FormSession) -> (any WindowCompanion)? {
        guard readsStandardInput, !fields.isEmpty else { return nil }
        let fields = fields, itemSeparator = itemSeparator
        let input = YadStandardInput(fieldCount: fields.count, cycles: cycleRead) { [weak session] index, value in
            guard let session else { return }
            // A form feed: every field emptied, as yad empties them.
            for field in index.map({ [fields[$0]] }) ?? fields { field.set(value, in: session, itemSeparator: itemSeparator) }
        }
        input.readWhatIsThere()
        return input
    }

    /// `--kill-parent`: the signal goes once the values are printed, as yad sends it.
    func ended() {
        if let killParent { YadKillParent.send(killParent) }
    }

    /// A file or folder field suggests the folder's entries (`PathCompletion`); one of several
    /// paths (`MFL`, `MDIR`) completes the last, after the item separator.
    private func suggestions(_ id: String, _ text: String) -> [String] {
        guard let field = fields.first(where: { "f\($0.number)" == id }), let foldersOnly = field.yadType.takesFoldersOnly else { return [] }
        var paths = field.yadType == .files || field.yadType == .folders ? YadField.pieces(of: text, by: itemSeparator) : [text]
        let last = paths.removeLast(), before = paths.map { $0 + itemSeparator }.joined()
        return PathCompletion.suggestions(for: last, foldersOnly: foldersOnly).map { before + $0 }
    }

    /// A button with a command runs it and the form goes on. A BTN or FBTN field's command then
    /// gives the focus back to `--focus-field`'s field, as in yad. Another button ends the form.
    private func pressed(_ id: String, in session: FormSession) -> Bool {
        if let command = buttonCommands[id] {
            YadCommand.runInBackground(command)
            return true
        }
        guard let field = fields.first(where: { "f\($0.number)" == id }) else { return false }
        field.command.run(fields: fields, in: session, itemSeparator: itemSeparator)
        focusFocusField(in: session)
        return true
    }

    /// Gives `--focus-field`'s field the focus, its text selected as GTK selects an entry's (and
    /// Tab does in Keyform); one that cannot take it (a label, a read-only entry) leaves the focus
    /// where it is, as in yad.
    private func focusFocusField(in session: FormSession) {
        guard let focusID, (try? session.focus(id: focusID)) != nil else { return }
        // A text area keeps its caret at the end, selecting nothing, in GTK as in Keyform.
        guard fields.first(where: { "f\($0.number)" == focusID })?.yadType != .text, let text = session.text(of: focusID) else { return }
        try? session.select(anchor: 0, caret: text.count)
    }
}

/// The options that change how yad prints the values.
struct YadOutputOptions {
    var quoted = false, numbered = false, byRow = false, alwaysPrint = false
    var columns = 1

    /// A field's value as yad prints it: `--quoted-output` quotes it for the shell (numbers and
    /// check boxes in plain quotes), `--num-output` prints a combo's item number from 1.
    func printed(_ field: YadField, _ value: JSONValue?) -> String {
        if numbered, field.yadType == .combo, case .string(let chosen)? = value {
            return String((field.items.firstIndex(of: chosen) ?? -1) + 1)
        }
        let text = field.printed(value)
        guard quoted else { return text }
        switch field.yadType {
        case .number, .check, .font, .scale: return "'\(text)'"
        default: return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }
    }
}

/// yad's options as the command line gives them, before the form is built.
private struct YadOptions {
    var title: String?, text: String?, fields: [String] = [], values: [String] = []
    var separator = "|", itemSeparator = "!", focusField: Int?
    /// yad's own buttons, until `--button` gives others; a button with a command runs it and ends nothing.
    var buttons: [(label: String, code: Int32, command: String?)] = [("_Cancel", 1, nil), ("_OK", 0, nil)]
    var customButtons = false, noButtons = false, noMarkup = false
    /// What Escape does: cancel (252), nothing (`--no-escape`), or answer as Return does (`--escape-ok`).
    var escape = YadForm.Escape.cancels
    var response: Int32 = 0
    var killParent: Int32?
    var cycleRead = false
    var output = YadOutputOptions()
    var width: String?, height: String?
    var keyform: [KeyformOption] = []

    /// yad's stock buttons (GTK's stock ids) by the labels GTK gives them.
    static let stockLabels = ["gtk-ok": "_OK", "gtk-cancel": "_Cancel", "gtk-yes": "_Yes", "gtk-no": "_No", "gtk-close": "_Close",
                              "gtk-apply": "_Apply", "gtk-save": "_Save", "gtk-quit": "_Quit", "gtk-help": "_Help", "gtk-open": "_Open",
                              "gtk-delete": "_Delete", "gtk-edit": "_Edit", "gtk-add": "_Add", "gtk-remove": "_Remove",
                              "gtk-refresh": "_Refresh", "gtk-execute": "_Execute", "gtk-print": "_Print", "gtk-clear": "_Clear",
                              "gtk-go-back": "_Back", "gtk-go-forward": "_Forward", "gtk-cdrom": "_CD-ROM", "gtk-media-play": "_Play",
                              "gtk-stop": "_Stop", "gtk-preferences": "_Preferences", "gtk-properties": "_Properties",
                              "yad-ok": "_OK", "yad-cancel": "_Cancel", "yad-close": "_Close"]
    /// The options of yad's other dialogs (lists, entries, pictures…), which yad 0.40 takes on any
    /// command line and a form does not read: flags, and options with a value.
    static let otherDialogFlags: Set<String> = [
        "--add-on-top", "--alpha", "--auto-close", "--auto-kill", "--browser", "--checklist", "--compact", "--completion", "--descend",
        "--directory", "--expand-palette", "--extra", "--generic", "--gtk-palette", "--headers", "--hidden", "--hide-text", "--hide-value",
        "--inc-buttons", "--invert", "--log-expanded", "--log-on-top", "--monitor", "--no-click", "--no-headers", "--no-middle",
        "--no-rules-hint", "--no-selection", "--numeric", "--print-all", "--print-partial", "--print-uri", "--pulsate", "--radiolist",
        "--regex-search", "--rtl", "--save", "--separate-output", "--show-cursor", "--show-uri", "--show-weeks", "--single-click",
        "--sort-by-name", "--tooltip", "--wrap"]
    static let otherDialogValues: Set<String> = [
        "--active-tab", "--add-action", "--back", "--bar", "--column", "--day", "--dclick-action", "--details", "--editable-cols",
        "--ellipsize", "--ellipsize-cols", "--encoding", "--entry-label", "--entry-text", "--exit-on-drop", "--expand-column",
        "--file-filter", "--fore", "--grid-lines", "--hide-column", "--icon-size", "--inc", "--init-color", "--item-width", "--justify",
        "--lang", "--licon", "--licon-action", "--limit", "--log-height", "--margins", "--mark", "--max-value", "--menu", "--mime",
        "--mime-filter", "--min-value", "--mode", "--month", "--orient", "--page", "--percentage", "--preview", "--print-column",
        "--progress-text", "--read-dir", "--rest", "--ricon", "--ricon-action", "--search-column", "--select-action", "--sep-column",
        "--sep-value", "--size", "--splitter", "--step", "--tab", "--tab-borders", "--tab-pos", "--term", "--theme", "--tooltip-column",
        "--type", "--uri", "--uri-color", "--uri-handler", "--user-agent", "--user-style", "--value", "--watch-bar", "--wrap-cols",
        "--wrap-width", "--year"]

    mutating func read(_ arguments: ArraySlice<String>) throws(ScriptDialogProblem) {
        var reader = ScriptArguments(arguments)
        while let argument = reader.next() {
            guard argument.startsWithBytes("--") else { values.append(argument); continue }
            if argument == "--" { values += reader.rest; return }
            let name = reader.name
            if YadForm.scriptOptionsByName[name] == nil, !ScriptDialogs.keyformOwn.contains(name),
               !Self.otherDialogFlags.contains(name), !Self.otherDialogValues.contains(name) {
                throw ScriptDialogProblem(message: "\(name) is not a yad --form option (docs/zenity-yad.md)")
            }
            switch name {
            case "--form": continue
            case "--field": fields.append(try reader.value())
            case "--title": title = try reader.value()
            case "--text": text = try reader.value()
            case "--no-markup": noMarkup = true
            // yad reads both through g_strcompress: `--separator='\t'` is a tab.
            case "--separator": separator = ScriptDialogs.compressed(try reader.value())
            case "--item-separator":
                itemSeparator = ScriptDialogs.compressed(try reader.value())
                if itemSeparator.isEmpty { throw ScriptDialogProblem(message: "--item-separator must not be empty") }
            case "--focus-field": focusField = try reader.number()
            case "--button": addButton(try reader.value())
            case "--no-buttons": noButtons = true
            case "--no-escape": if escape == .cancels { escape = .ignored }
            case "--escape-ok": escape = .answers
            case "--response": response = Int32(truncatingIfNeeded: try reader.number())
            case "--always-print-result": output.alwaysPrint = true
            case "--quoted-output": output.quoted = true
            case "--num-output": output.numbered = true
            case "--output-by-row": output.byRow = true
            case "--columns": output.columns = max(1, try reader.number())
            case "--width": width = try reader.value()
            case "--height": height = try reader.value()
            case "--timeout":
                // yad's 0 is no timeout.
                let seconds = try reader.number()
                if seconds > 0 { keyform.append(KeyformOption(name, String(seconds))) }
            case "--window-icon":
                if let path = ThemeIcon.path(for: try reader.value()) { keyform.append(KeyformOption(name, path)) }
            case "--center": keyform.append(KeyformOption(name))
            case "--cycle-read": cycleRead = true
            case "--kill-parent":
                // Its value is optional, so only ever inline. yad reports a signal it does not
                // know and goes on, keeping the one named before.
                if let signal = YadKillParent.signal(named: reader.inline) {
                    killParent = signal
                } else {
                    standardError("keyform: --kill-parent=\(reader.inline ?? ""): unknown signal, none is sent (yad's names: HUP, TERM, USR1…, or a number)")
                }
            default:
                // An option with no effect or another dialog's (yad's own `--theme` among them), a
                // value to skip unless a flag; else one of Keyform's own.
                if Self.otherDialogValues.contains(name) || YadForm.scriptOptionsByName[name]?.takesValue == true {
                    _ = try reader.value()
                } else if ScriptDialogs.keyformOwn.contains(name) {
                    keyform.append(KeyformOption(name, try reader.value()))
                }
            }
        }
    }

    /// `--button=LABEL[:CODE]`, LABEL a stock id or `TEXT[!ICON[!TOOLTIP]]`; without a CODE, the
    /// number of buttons before it, as yad numbers it. The first replaces yad's own OK and Cancel.
    /// What follows the colon is a command unless it starts with a digit (yad's `add_button`).
    mutating func addButton(_ spec: String) {
        if !customButtons { buttons = []; customButtons = true }
        var label = spec, code = Int32(truncatingIfNeeded: buttons.count), command: String?
        if let colon = spec.lastIndex(of: ":"), spec.index(after: colon) < spec.endIndex {
            label = String(spec[..<colon])
            // yad reads a code when what follows the colon starts with a digit, as strtoll does.
            let after = String(spec[spec.index(after: colon)...])
            if let first = after.unicodeScalars.first, ("0"..."9").contains(first) {
                code = Int32(truncatingIfNeeded: Int(YadField.leadingNumber(after)))
            } else {
                command = after
            }
        }
        buttons.append((Self.stockLabels[label] ?? String(label.split(separator: "!", omittingEmptySubsequences: false)[0]), code, command))
    }

    func keyformOptions() -> [KeyformOption] {
        guard width != nil || height != nil else { return keyform }
        return keyform + [KeyformOption("--size", "\(width ?? "520")x\(height ?? "420")")]
    }
}

extension YadForm {
    /// Every option yad takes for a form: the parser refuses any other but yad's other dialogs'
    /// (accepted, not offered), and the shells' completions offer these.
    static let scriptOptions: [OptionSpec] = [
        .flag("form", help: "Show a form, as yad --form does."),
        .repeated("field", "LABEL[:TYPE]", help: "A field; its value is the next argument.",
                  completion: .afterColon(YadField.YadType.allCases.map(\.rawValue).filter { !$0.isEmpty })),
        .value("title", "TITLE", help: "The window's title."),
        .value("text", "TEXT", help: "The text above the fields (Pango markup)."),
        .flag("no-markup", help: "The text is plain, not markup."),
        .value("separator", "SEPARATOR", help: "What follows each printed value."),
        .value("item-separator", "SEPARATOR", help: "What separates a field's items."),
        .value("focus-field", "NUMBER", help: "The field focused first, from 1."),
        .repeated("button", "LABEL[:CODE]", help: "A button and its exit status, or its command."),
        .flag("no-buttons", help: "No buttons."),
        .flag("no-escape", help: "Escape does nothing."),
        .flag("escape-ok", help: "Escape answers as OK does."),
        .value("response", "CODE", help: "The exit status of Return."),
        .flag("always-print-result", help: "Print the values whatever button ends the form."),
        .flag("quoted-output", help: "Quote the printed values for the shell."),
        .flag("num-output", help: "Print a picker's item number."),
        .flag("output-by-row", help: "Print the values row by row."),
        .value("columns", "NUMBER", help: "The fields' columns."),
        .value("width", "WIDTH", help: "The window's width."),
        .value("height", "HEIGHT", help: "The window's height."),
        .value("timeout", "SECONDS", help: "Close after SECONDS, exit status 70."),
        .value("window-icon", "ICON", help: "The window's icon: a file or an icon name.", completion: .file),
        .flag("center", help: "Centre the window on the screen."),
        .flag("kill-parent", help: "Send SIGTERM to the parent process when the dialog ends; --kill-parent=SIGNAL sends SIGNAL."),
        .flag("cycle-read", help: "Values read on standard input go on from the first field after the last."),
        .value("image", "IMAGE", help: "Accepted; no effect in Keyform.", completion: .file),
        .value("filename", "FILE", help: "Accepted; no effect in Keyform.", completion: .file),
        .value("gtkrc", "FILE", help: "Accepted; no effect in Keyform.", completion: .file),
        .value("image-path", "FOLDER", help: "Accepted; no effect in Keyform.", completion: .directory),
    ] + ScriptDialogs.noEffect(
        values: ["posx", "posy", "geometry", "timeout-indicator", "text-align", "icon-theme", "buttons-layout", "borders", "plug", "tabnum",
                 "align", "float-precision", "command", "fontname", "key", "complete", "spell-lang", "hscroll-policy", "vscroll-policy",
                 "name", "class", "gtk-module", "date-format"],
        // The last seven take an optional value, given only as `--name=value`.
        flags: ["image-on-top", "selectable-labels", "sticky", "fixed", "on-top", "mouse", "undecorated", "skip-taskbar", "maximized",
                "fullscreen", "no-focus", "close-on-unfocus", "splash", "listen", "editable", "tail", "multiple", "add-preview",
                "show-hidden", "vertical", "enable-spell", "scroll", "g-fatal-warnings",
                "expander", "print-xid", "iec-format", "confirm-overwrite", "enable-log", "image-filter", "palette"])

    static let scriptOptionsByName = Dictionary(uniqueKeysWithValues: scriptOptions.map { ($0.spelling, $0) })
}
