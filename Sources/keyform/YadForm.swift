import KeyformCommandLine
import KeyformCore

/// `keyform --form --field …` takes `yad --form`'s options and answers as yad 0.40 does, so that
/// a yad script moves to Keyform by changing the command's name. The form is built here, from
/// the `--field "LABEL[:TYPE]"` options and the values that follow them as arguments; the rest
/// of the command line becomes Keyform's own options. Values print on one line, each followed by
/// `|` or `--separator`; the exit status is yad's: 0 OK (or the code of the `--button` pressed),
/// 1 Cancel, 252 Escape or the window closed, 70 the timeout.
struct YadForm {
    struct Problem: Error { let message: String }

    /// The yad form of this command line, read before parsing (see `Keyform.main`); nil when it
    /// is not a yad one.
    nonisolated(unsafe) static var current: YadForm?

    /// Whether the command line is a yad one: `--form` followed by another option or by nothing.
    /// Keyform's `--form FILE` is never followed by an option (`-` is standard input), so no
    /// command line that opened a file before means something else now.
    static func applies(to arguments: [String]) -> Bool {
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
    /// The exit status of each button, by id.
    let buttonCodes: [String: Int32]

    /// The yad form, and the Keyform options for the rest of `arguments`: a subcommand first
    /// (`replay`, `render`), the window's size, timeout, icon and place, and Keyform's own
    /// `--today`, `--layout` and `--png` for replay and render.
    static func translate(_ arguments: [String]) throws(Problem) -> (YadForm, [String]) {
        var options = YadOptions()
        var rest = arguments[...]
        if let first = rest.first, ["replay", "render"].contains(first) { options.keyform.append(first); rest = rest.dropFirst() }
        try options.read(rest)
        return (try YadForm(options), options.keyformArguments())
    }

    private init(_ options: YadOptions) throws(Problem) {
        var form = Form(title: options.title ?? "Keyform")
        // yad submits on Return in an entry; Return still breaks a line in a text area.
        form.returnKey = .submit
        if let text = options.text { form.fields.append(Field(id: "text", kind: .label, label: YadField.literal(text))) }
        var fields: [YadField] = []
        for (index, spec) in options.fields.enumerated() {
            var field = try YadField(number: index + 1, spec: spec)
            let value = index < options.values.count ? options.values[index] : nil
            form.fields.append(try field.field(id: "f\(index + 1)", value: value, itemSeparator: options.itemSeparator,
                                               dateFormat: DateFormat(options.dateFormat)))
            fields.append(field)
        }
        var codes: [String: Int32] = [:]
        for (index, button) in options.buttons.enumerated() {
            var field = Field(id: "button\(index + 1)", kind: .button, label: button.label)
            // yad prints the values for a button of an even code, and not for an odd one.
            field.action = button.code % 2 == 0 ? .submit : .cancel
            codes[field.id] = button.code
            form.fields.append(field)
        }
        form.commands = [KeyCommandSpec(key: "ctrl+Return", action: "submit", title: "Submit the form")]
        if let focus = options.focusField, !(1...max(1, fields.count)).contains(focus) {
            throw Problem(message: "--focus-field \(focus): there is no field \(focus) (fields are counted from 1; this form has \(fields.count))")
        }
        self.form = form
        self.fields = fields
        focusID = options.focusField.map { "f\($0)" }
        separator = options.separator
        buttonCodes = codes
    }

    /// The values on one line, as yad prints them: each followed by the separator.
    func line(_ values: JSONValue) -> String {
        fields.map { $0.printed(values["f\($0.number)"]) + separator }.joined() + "\n"
    }

    /// yad's exit status for a form that ended.
    func exitStatus(_ session: FormSession) -> Int32 {
        if let button = session.endingButton, let code = buttonCodes[button] { return code }
        switch session.result {
        case .submitted?: return 0
        case .cancelled?, nil: return session.timedOut ? Self.timedOutStatus : Self.escapedStatus
        }
    }

    /// Gives `--focus-field`'s field the focus, its text selected as GTK selects an entry's (and
    /// Tab does in Keyform); one that cannot take it (a label, a read-only entry) leaves the focus
    /// where it is, as in yad.
    func focus(_ session: FormSession) {
        guard let focusID, (try? session.focus(id: focusID)) != nil else { return }
        // A text area keeps its caret at the end, selecting nothing, in GTK as in Keyform.
        guard fields.first(where: { "f\($0.number)" == focusID })?.yadType != .text, let text = session.text(of: focusID) else { return }
        try? session.select(anchor: 0, caret: text.count)
    }
}

/// yad's options as the command line gives them, before the form is built.
private struct YadOptions {
    var title: String?, text: String?, fields: [String] = [], values: [String] = []
    var separator = "|", itemSeparator = "!", dateFormat = "%x", focusField: Int?
    /// yad's own buttons, until `--button` gives others.
    var buttons: [(label: String, code: Int32)] = [("_Cancel", 1), ("_OK", 0)]
    var customButtons = false
    var width: String?, height: String?
    /// Keyform's own options the translation passes on.
    var keyform: [String] = []

    /// yad's stock buttons (GTK's stock ids) by the labels GTK gives them.
    static let stockLabels = ["gtk-ok": "_OK", "gtk-cancel": "_Cancel", "gtk-yes": "_Yes", "gtk-no": "_No", "gtk-close": "_Close",
                              "gtk-apply": "_Apply", "gtk-save": "_Save", "gtk-quit": "_Quit", "yad-ok": "_OK", "yad-cancel": "_Cancel"]
    /// Keyform's own options, for `replay` and `render`.
    static let keyformOwn: Set<String> = ["--today", "--layout", "--png"]

    mutating func read(_ arguments: ArraySlice<String>) throws(YadForm.Problem) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.startsWithBytes("--") else { values.append(argument); continue }
            if argument == "--" { values += arguments[index...]; return }
            let (name, inline) = ZenityForms.split(argument)
            func value() throws(YadForm.Problem) -> String {
                if let inline { return inline }
                guard index < arguments.endIndex else { throw YadForm.Problem(message: "\(name) needs a value") }
                defer { index += 1 }
                return arguments[index]
            }
            switch name {
            case "--form": continue
            case "--field": fields.append(try value())
            case "--title": title = try value()
            case "--text": text = try value()
            case "--separator": separator = try value()
            case "--item-separator":
                itemSeparator = try value()
                if itemSeparator.isEmpty { throw YadForm.Problem(message: "--item-separator must not be empty") }
            case "--date-format":
                dateFormat = try value()
                if let problem = DateFormat.problems(in: dateFormat).first { throw YadForm.Problem(message: "--date-format: \(problem)") }
            case "--focus-field":
                let text = try value()
                guard let number = Int(text) else { throw YadForm.Problem(message: "--focus-field takes a field's number, from 1, not \"\(text)\"") }
                focusField = number
            case "--button": try addButton(try value())
            case "--width": width = try value()
            case "--height": height = try value()
            case "--timeout":
                // yad's 0 is no timeout.
                let seconds = try value()
                if seconds != "0" { keyform += [name, seconds] }
            case "--window-icon":
                // yad also takes an icon theme's names, which Keyform cannot look up: its own icon then.
                let icon = try value()
                if icon.contains("/") || icon.hasSuffix(".png") { keyform += [name, icon] }
            case "--center": keyform.append(name)
            default:
                guard Self.keyformOwn.contains(name) else {
                    throw YadForm.Problem(message: "\(name) is not a yad --form option Keyform knows (README: \"zenity and yad\")")
                }
                keyform += [name, try value()]
            }
        }
    }

    /// `--button=LABEL:CODE`, LABEL a stock id or `TEXT[!ICON[!TOOLTIP]]`. The first replaces
    /// yad's own OK and Cancel.
    mutating func addButton(_ spec: String) throws(YadForm.Problem) {
        guard let colon = spec.lastIndex(of: ":"), let code = Int32(spec[spec.index(after: colon)...]), code >= 0, code < 256 else {
            throw YadForm.Problem(message: "--button \"\(spec)\": Keyform takes LABEL:CODE with an exit code from 0 to 255 "
                                  + "(it does not run a button's command)")
        }
        let label = String(spec[..<colon])
        if !customButtons { buttons = []; customButtons = true }
        buttons.append((Self.stockLabels[label] ?? String(label.split(separator: "!", omittingEmptySubsequences: false)[0]), code))
    }

    func keyformArguments() -> [String] {
        var result = keyform
        if width != nil || height != nil { result += ["--size", "\(width ?? "520")x\(height ?? "420")"] }
        // The output is `YadForm.line`'s; any `--output` asks `replay` to print it rather than reports.
        return result + (result.first == "replay" ? ["--output", "lines"] : [])
    }
}
