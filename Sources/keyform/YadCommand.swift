import CGio
import KeyformCore

/// A command a yad form runs when a button is pressed, as yad 0.40 runs it. A `--button`'s
/// (`btn_cb` in yad's `main.c`) runs as written. A `BTN` or `FBTN` field's (`button_clicked_cb`
/// in its `form.c`) is the field's value, `%N` in it standing for field N's value quoted for the
/// shell. GLib splits the line as a shell would and runs the program itself, no shell between,
/// in the background. A field's command that starts with `@` is waited for instead (the window
/// waits, as yad's does), and each line it prints as `N:VALUE`, up to the first empty one, sets
/// field N as its value on the command line would (`YadField.set`). Commands come from the
/// script's own command line, never from a form file.
struct YadCommand {
    let command: String

    /// Runs a command line in the background, as GLib splits it.
    static func runInBackground(_ line: String) {
        _ = g_spawn_command_line_async(line, nil)
    }

    /// Runs a field's command for the form's fields as they are now.
    func run(fields: [YadField], in session: FormSession, itemSeparator: String) {
        guard !command.isEmpty else { return }
        guard command.hasPrefix("@") else {
            Self.runInBackground(Self.expanded(command, fields: fields, values: session.values))
            return
        }
        var output: UnsafeMutablePointer<gchar>?
        var status: gint = 1
        _ = g_spawn_command_line_sync(Self.expanded(String(command.dropFirst()), fields: fields, values: session.values), &output, nil, &status, nil)
        defer { g_free(output) }
        guard status == 0, let output else { return }
        for line in String(cString: output).split(separator: "\n", omittingEmptySubsequences: false) {
            guard !line.isEmpty else { break }
            let setting = line.drop { $0 == " " || $0 == "\t" }
            guard let colon = setting.firstIndex(of: ":"), let first = setting.first, first.isASCII, first.isNumber else { continue }
            let number = Int(YadField.leadingNumber(String(setting[..<colon])))
            guard fields.indices.contains(number - 1) else { continue }
            fields[number - 1].set(String(setting[setting.index(after: colon)...]), in: session, itemSeparator: itemSeparator)
        }
    }

    /// `command` with each `%N` (N a field's number) replaced by that field's value as yad's
    /// `expand_action` writes it: quoted for the shell (`g_shell_quote`), an entry's `"` escaped
    /// first, a text area's line breaks and tabs as `\n` and `\t`; a number, a check box and a
    /// scale as they print; a label or a button nothing. `%` before anything else is dropped.
    static func expanded(_ command: String, fields: [YadField], values: JSONValue) -> String {
        var result = "", rest = command[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { continue }
            rest = rest[digits.endIndex...]
            guard let number = Int(digits), fields.indices.contains(number - 1) else { continue }
            result += argument(fields[number - 1], values["f\(number)"])
        }
        return result + rest
    }

    private static func argument(_ field: YadField, _ value: JSONValue?) -> String {
        let text = field.printed(value)
        switch field.yadType {
        case .label, .button, .fullButton: return ""
        case .number, .check, .scale: return text
        case .combo where field.items.isEmpty: return quoted("")
        case .combo, .comboEntry, .file, .folder, .font, .colour: return quoted(text)
        case .entry, .hidden, .readOnly, .completion, .date, .text, .saveFile, .newFolder, .files, .folders:
            return quoted(text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\\""))
        }
    }

    /// GLib's own quoting, which yad uses.
    private static func quoted(_ text: String) -> String {
        let quoted = g_shell_quote(text)
        defer { g_free(quoted) }
        return quoted.map { String(cString: $0) } ?? ""
    }
}
