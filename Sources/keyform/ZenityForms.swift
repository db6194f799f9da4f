import KeyformCommandLine
import KeyformCore
import KeyformX11

/// `keyform --forms …` takes `zenity --forms`'s options and prints as zenity does, so that a
/// zenity script moves to Keyform by changing the command's name. The options are translated
/// into Keyform's own before parsing: each field gets an explicit id (`f1`, `f2`…), so a colon in
/// a zenity label is text, and an underscore is doubled, so it is shown rather than taken as an
/// Alt letter. Values print one line, separated by `|` or `--separator`; the exit status is
/// zenity's (0 OK, 1 Cancel, 5 timeout).
enum ZenityForms {
    /// Whether the command line is a zenity one.
    static func applies(to arguments: [String]) -> Bool { arguments.contains("--forms") }

    /// zenity's options that pass through unchanged: Keyform has the same ones.
    static let same: Set<String> = ["--title", "--text", "--separator", "--ok-label", "--cancel-label", "--timeout",
                                    "--window-icon", "--attach"]
    /// zenity's field options and the quick-form flag each becomes.
    static let fields = ["--add-entry": "--field", "--add-password": "--password", "--add-multiline-entry": "--textarea",
                         "--add-calendar": "--date", "--add-combo": "--picker", "--add-list": "--picker"]

    struct Problem: Error { let message: String }

    /// Keyform's arguments for zenity's.
    static func translate(_ arguments: [String]) throws(Problem) -> [String] {
        var result: [String] = [], width: String?, height: String?, modal = false
        // The values of --combo-values and --list-values/--column-values, by the field they follow.
        var pending: (flag: String, id: String, label: String)?
        var number = 0
        func flushField(options: String? = nil) throws(Problem) {
            guard let field = pending else { return }
            pending = nil
            if field.flag == "--picker" {
                guard let options, !options.isEmpty else { throw Problem(message: "\(field.label): a combo or list needs --combo-values or --list-values") }
                result += [field.flag, "\(field.id):\(field.label)=\(options)"]
            } else {
                result += [field.flag, "\(field.id):\(field.label)"]
            }
            // zenity's calendar starts on today, chosen: a date left alone prints today's date.
            if field.flag == "--date" { result += ["--value", "\(field.id)=\(CalendarDate.systemToday)"] }
        }
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let (name, value) = split(arguments[index])
            index += 1
            func takeValue() throws(Problem) -> String {
                if let value { return value }
                guard index < arguments.endIndex else { throw Problem(message: "\(name) needs a value") }
                defer { index += 1 }
                return arguments[index]
            }
            switch name {
            case "--forms": continue
            case "--combo-values", "--list-values":
                let options = try takeValue()
                guard pending?.flag == "--picker" else { throw Problem(message: "\(name) must follow --add-combo or --add-list") }
                try flushField(options: options)
            case "--column-values", "--show-header": if name == "--column-values" { _ = try takeValue() }  // one column: its header is not shown
            // zenity takes --modal alone (the window manager picks the parent); Keyform asks for --attach.
            case "--modal": modal = true
            case "--width": width = try takeValue()
            case "--height": height = try takeValue()
            case "--forms-date-format": result += ["--date-format", try takeValue()]
            default:
                if let flag = fields[name] {
                    try flushField()
                    number += 1
                    // `__` shows an underscore: zenity's labels have no Alt letters.
                    pending = (flag, "f\(number)", String(try takeValue().flatMap { $0 == "_" ? "__" : String($0) }))
                } else if same.contains(name) {
                    result += [name, try takeValue()]
                } else if !name.startsWithBytes("-") {
                    result.append(name)  // a subcommand (`replay`, to try a script with no display) or an event
                } else {
                    throw Problem(message: "\(name) is not a zenity --forms option Keyform knows (README: \"zenity and yad\")")
                }
            }
        }
        try flushField()
        if width != nil || height != nil { result += ["--size", "\(width ?? "520")x\(height ?? "420")"] }
        if modal && result.contains("--attach") { result.append("--modal") }
        // zenity prints a date as the locale's %x; Keyform's %x is the C locale's, 11/23/26.
        if result.contains("--date") && !result.contains("--date-format") { result += ["--date-format", "%x"] }
        // zenity prints the values on standard output at a timeout too.
        return result + ["--output", "lines"] + (result.contains("--timeout") ? ["--timeout-prints-values"] : [])
    }

    /// `--name=value` or `--name`.
    static func split(_ argument: String) -> (String, String?) {
        guard argument.startsWithBytes("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
