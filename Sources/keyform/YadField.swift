import Glibc
import KeyformCore

/// One `--field "LABEL[:TYPE]"` of `yad --form`, with the value given for it, read as yad 0.40
/// reads them; the Keyform field that stands for it, and its value printed as yad prints it.
/// One object per field, which a value set while the form runs (`set`) changes too: the items
/// and precision the field prints with are the running field's.
final class YadField {
    /// yad 0.40's field types: the text after the label's last colon, in any case (none, or
    /// text that is no type: a text entry).
    enum YadType: String, CaseIterable {
        case entry = "", hidden = "H", readOnly = "RO", number = "NUM", check = "CHK", combo = "CB", comboEntry = "CBE"
        case completion = "CE", date = "DT", text = "TXT", label = "LBL", button = "BTN", fullButton = "FBTN"
        case file = "FL", saveFile = "SFL", folder = "DIR", newFolder = "CDIR", files = "MFL", folders = "MDIR"
        case font = "FN", colour = "CLR", scale = "SCL"
    }

    /// The field's place in the form, from 1, as `--focus-field` counts.
    let number: Int
    let label: String
    let yadType: YadType
    /// Whether the label is Pango markup, as yad's are without `--no-markup`.
    let markup: Bool
    /// A NUM field's digits after the point (`VALUE!MIN..MAX!STEP!PRECISION`): yad prints its value so.
    private(set) var precision = 0
    /// A CB field's items, for `--num-output` and a command's `%N`.
    private(set) var items: [String] = []
    /// What a BTN or FBTN field runs when pressed: its value.
    private(set) var command = YadCommand(command: "")

    /// `spec` is `--field`'s argument: the type is what follows the last colon, if it is one.
    /// yad makes any other text after a colon an entry, labelled with what comes before the
    /// colon (`Time (hh:mm)` shows `Time (hh`); Keyform shows the whole label the script wrote.
    init(number: Int, spec: String, markup: Bool = true) {
        self.number = number
        self.markup = markup
        if let colon = spec.lastIndex(of: ":"), let yadType = YadType(rawValue: spec[spec.index(after: colon)...].uppercased()), yadType != .entry {
            (label, self.yadType) = (String(spec[..<colon]), yadType)
        } else {
            (label, yadType) = (spec, .entry)
        }
    }

    /// The Keyform field, started with `value` (a positional argument; nil when none was given).
    func field(id: String, value: String?, itemSeparator: String) throws(ScriptDialogProblem) -> Field {
        var field = Field(id: id, kind: .text)
        (field.label, field.markup) = shownLabel
        var value = value ?? ""
        if value.lowercased() == "@disabled@" {
            field.disabled = true
            value = ""
        }
        let items = Self.pieces(of: value, by: itemSeparator)
        // The kernel bounds an argument to 128 KiB; a form's own limits are tighter.
        guard label.utf8.count <= InputLimits.textBytes else {
            throw problem("the label is longer than \(InputLimits.describe(bytes: InputLimits.textBytes)), the most a label may be")
        }
        guard items.count <= InputLimits.options else {
            throw problem("more than \(InputLimits.describe(count: InputLimits.options)) items, the most a field may have")
        }
        switch yadType {
        // yad's date field is an entry, its calendar a mouse's: the date is text in --date-format,
        // printed as it stands. The file and folder fields are their paths, typed.
        case .entry, .date, .file, .saveFile, .folder, .newFolder, .files, .folders: field.value = value
        case .font: field.value = value.isEmpty ? "Sans 12" : value
        case .colour: field.value = value.isEmpty ? "#000000" : value
        // A scale from 0 to 100 by 1, its value read as C's atoi reads it.
        case .scale:
            field.format = .number
            (field.minimum, field.maximum, field.step) = (0, 100, 1)
            field.value = String(Swift.min(Swift.max(Int(Self.leadingNumber(value)), 0), 100))
        case .hidden: field.kind = .password; field.value = value
        // yad greys a read-only entry and Tab passes it by.
        case .readOnly: field.readOnly = true; field.tabStop = false; field.value = value
        case .number: number(&field, items)
        case .check: field.kind = .checkbox; field.value = value.lowercased() == "true" ? "true" : "false"
        case .combo:
            field.kind = .picker
            self.items = []
            // No items: an empty combo, which GTK's Tab passes by and yad prints as C's "(null)".
            guard !value.isEmpty else { field.tabStop = false; break }
            field.options = items.map { ScriptDialogs.compressed($0.hasPrefix("^") ? String($0.dropFirst()) : $0) }
            field.value = field.options[items.firstIndex { $0.hasPrefix("^") } ?? 0]
            self.items = field.options
        // Keyform's text field has no list yet: it starts with the default item, the items shown
        // as its placeholder when it is emptied.
        case .comboEntry, .completion:
            let options = items.map { ScriptDialogs.compressed($0.hasPrefix("^") ? String($0.dropFirst()) : $0) }
            let chosen = items.firstIndex { $0.hasPrefix("^") } ?? (yadType == .comboEntry ? 0 : nil)
            field.value = chosen.map { options[$0] } ?? ""
            field.placeholder = value.isEmpty ? "" : options.joined(separator: ", ")
        case .text: field.kind = .textarea; field.value = ScriptDialogs.compressed(value)
        case .label: field.kind = .label
        case .button, .fullButton:
            // A button that runs its value as a command (`YadForm.start`), drawn plain, as yad's
            // are: the cancel look, though it never cancels.
            field.kind = .button
            field.action = .cancel
            command = YadCommand(command: value)
        }
        return field
    }

    /// Gives the running field `text`, as yad's `set_field_value` gives a line of standard input
    /// or a command's `N:VALUE`: read as the field's argument on the command line is (a combo
    /// takes the new items); `@disabled@` disables the field and leaves its value, any other
    /// value enables it. A label's and a button's are left alone.
    func set(_ text: String, in session: FormSession, itemSeparator: String) {
        let id = "f\(number)"
        guard ![.label, .button, .fullButton].contains(yadType),
              let built = try? field(id: id, value: text, itemSeparator: itemSeparator) else { return }
        try? session.setDisabled(id, built.disabled)
        guard !built.disabled else { return }
        if built.kind == .picker {
            // An empty combo is no Tab stop, as in GTK; one given items becomes one.
            try? session.setTabStop(id, built.tabStop)
            try? session.setOptions(built.options, of: id)
        }
        try? session.setValue(.string(built.value), of: id)
    }

    /// The label as yad 0.40's `form.c` gives it to GTK, after `g_strcompress`: Pango markup
    /// unless `--no-markup`, drawn styled; the labels of entries, numbers, combos… take a
    /// mnemonic too (`gtk_label_set_markup_with_mnemonic`: `<b>_Name</b>`), and so do buttons'
    /// (yad's `get_label`); a LBL's text and a TXT's label do not. A check box's is plain text.
    /// Markup Pango refuses shows no label, as in yad.
    private var shownLabel: (label: String, markup: String?) {
        let compressed = ScriptDialogs.compressed(label)
        switch yadType {
        case .check: return (ScriptDialogs.literal(compressed), nil)
        case .button, .fullButton:
            // `LABEL!ICON!TOOLTIP`: the label alone, its `_` before the Alt letter.
            let shown = String(compressed.split(separator: "!", omittingEmptySubsequences: false).first ?? "")
            return markup ? ScriptDialogs.buttonLabel(shown, place: "the label of field \(number)") : (shown, nil)
        case _ where !markup: return (yadType.takesMnemonic ? compressed : ScriptDialogs.literal(compressed), nil)
        case .label, .text:
            let text = ScriptDialogs.plainText(ofMarkup: compressed, place: "the label of field \(number)")
            return (ScriptDialogs.literal(text ?? ""), text.map { _ in compressed })
        default:
            // Its text keeps the `_` before the mnemonic letter, as Keyform's labels mark it.
            let text = ScriptDialogs.plainText(ofMarkup: compressed, place: "the label of field \(number)")
            return (text ?? "", text.map { _ in compressed })
        }
    }

    /// `VALUE[!MIN..MAX[!STEP[!PRECISION]]]`, each read as yad reads it (`leadingNumber`); a
    /// range, step or precision GTK's spin button refuses leaves its own: 0 to 65525 by 1, no
    /// digits after the point.
    private func number(_ field: inout Field, _ items: [String]) {
        field.format = .number
        let bounds = items.count > 1 ? Self.pieces(of: items[1], by: "..") : []
        var (minimum, maximum) = (0.0, 65525.0)
        if bounds.count == 2, Self.leadingNumber(bounds[0]) <= Self.leadingNumber(bounds[1]) {
            (minimum, maximum) = (Self.leadingNumber(bounds[0]), Self.leadingNumber(bounds[1]))
        }
        let step = items.count > 2 ? Self.leadingNumber(items[2]) : 1
        let digits = items.count > 3 ? Int(Self.leadingNumber(items[3])) : 0
        (field.minimum, field.maximum, field.step) = (minimum, maximum, step > 0 ? step : 1)
        precision = (0...20).contains(digits) ? digits : 0
        // yad's spin button keeps its value within its range.
        field.value = Self.decimal(Swift.min(Swift.max(Self.leadingNumber(items[0]), minimum), maximum), digits: precision)
    }

    /// The number at the start of `text`, as C's `strtod` (and GLib's `g_ascii_strtod`, which yad
    /// reads numbers with) reads it: blanks before it skipped, what follows it left out, 0 when
    /// there is none.
    static func leadingNumber(_ text: String) -> Double {
        let number = strtod(text, nil)
        return number.isFinite ? number : 0
    }

    /// A message naming the field by its place and its spec (a long label cut short).
    private func problem(_ text: String) -> ScriptDialogProblem {
        let shown = label.count > 40 ? label.prefix(40) + "…" : label
        return ScriptDialogProblem(message: "field \(number) \"\(shown):\(yadType.rawValue)\": \(text)")
    }

    /// The value as yad prints it: a check box TRUE or FALSE, a number with its precision, a
    /// text area's line breaks, tabs and backslashes escaped; labels and buttons print nothing.
    func printed(_ value: JSONValue?) -> String {
        switch (yadType, value) {
        case (.label, _), (.button, _), (.fullButton, _): return ""
        case (.check, .bool(let checked)?): return checked ? "TRUE" : "FALSE"
        case (.check, _): return "FALSE"
        case (.number, .number(let number)?): return Self.decimal(number, digits: precision)
        case (.number, .string(let text)?): return Self.decimal(Self.leadingNumber(text), digits: precision)
        case (.scale, .number(let number)?): return String(Int(number))
        case (.scale, .string(let text)?): return String(Int(Self.leadingNumber(text)))
        case (.combo, _) where items.isEmpty: return "(null)"
        case (.number, _): return Self.decimal(0, digits: precision)
        case (.text, .string(let text)?): return Self.escaped(text)
        case (_, .string(let text)?): return text
        default: return ""
        }
    }

    /// `text` cut at every `separator`, empty pieces kept.
    static func pieces(of text: String, by separator: String) -> [String] {
        text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }

    /// `printf("%.*f")`, as yad prints a spin button's value.
    static func decimal(_ value: Double, digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 400)
        _ = withVaList([Int32(digits), value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What yad prints for a text area: the inverse of `ScriptDialogs.compressed` for line breaks, tabs and backslashes.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A label whose `_` is text (yad's check boxes, labels and text areas have no Alt letter).
    static func literal(_ label: String) -> String {
        ScriptDialogs.literal(ScriptDialogs.compressed(label))
    }
}

extension YadField.YadType {
    /// A path field's: whether it takes folders only; nil for the other types.
    var takesFoldersOnly: Bool? {
        switch self {
        case .file, .saveFile, .files: false
        case .folder, .newFolder, .folders: true
        default: nil
        }
    }

    /// yad gives the labels beside entries, numbers, combos and dates an Alt letter (`_Name`), as Keyform does.
    var takesMnemonic: Bool {
        switch self {
        case .entry, .hidden, .readOnly, .number, .combo, .comboEntry, .completion, .date, .file, .saveFile, .folder, .newFolder, .files,
             .folders, .font, .colour, .scale: true
        case .check, .text, .label, .button, .fullButton: false
        }
    }
}
