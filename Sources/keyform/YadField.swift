import Glibc
import KeyformCore

/// One `--field "LABEL[:TYPE]"` of `yad --form`, with the value given for it, read as yad 0.40
/// reads them; the Keyform field that stands for it, and its value printed as yad prints it.
struct YadField {
    /// yad's field types that Keyform has a field for: the text after the label's last colon,
    /// in any case (none: a text entry).
    enum YadType: String, CaseIterable {
        case entry = "", hidden = "H", readOnly = "RO", number = "NUM", check = "CHK", combo = "CB", comboEntry = "CBE"
        case completion = "CE", date = "DT", text = "TXT", label = "LBL", button = "BTN", fullButton = "FBTN"
    }

    /// yad's types that Keyform has no field for yet, and what each is, for the message.
    static let unsupported = ["FL": "a file chooser", "SFL": "a file-to-save chooser", "DIR": "a folder chooser",
                              "CDIR": "a folder-to-create chooser", "MFL": "a chooser of several files",
                              "MDIR": "a chooser of several folders", "FN": "a font chooser", "CLR": "a colour chooser",
                              "SCL": "a scale"]

    /// The field's place in the form, from 1, as `--focus-field` counts.
    let number: Int
    let label: String
    let yadType: YadType
    /// A NUM field's digits after the point (`VALUE!MIN..MAX!STEP!PRECISION`): yad prints its value so.
    private(set) var precision = 0

    /// `spec` is `--field`'s argument: the type is what follows the last colon, if anything does.
    init(number: Int, spec: String) throws(YadForm.Problem) {
        self.number = number
        guard let colon = spec.lastIndex(of: ":"), spec.index(after: colon) < spec.endIndex else {
            (label, yadType) = (spec, .entry)
            return
        }
        let type = String(spec[spec.index(after: colon)...]).uppercased()
        label = String(spec[..<colon])
        if let yadType = YadType(rawValue: type), yadType != .entry {
            self.yadType = yadType
        } else if let what = Self.unsupported[type] {
            throw YadForm.Problem(message: "field \(number) \"\(spec)\": yad's \(type) (\(what)) is not supported by Keyform yet")
        } else {
            let types = YadType.allCases.dropFirst().map(\.rawValue).joined(separator: ", ")
            throw YadForm.Problem(message: "field \(number) \"\(spec)\": \"\(type)\" is not a yad field type "
                                  + "(yad reads what follows the last colon as the type: \(types))")
        }
    }

    /// The Keyform field, started with `value` (a positional argument; nil when none was given).
    mutating func field(id: String, value: String?, itemSeparator: String, dateFormat: DateFormat) throws(YadForm.Problem) -> Field {
        var field = Field(id: id, kind: .text, label: yadType.takesMnemonic ? Self.unescaped(label) : Self.literal(label))
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
        case .entry: field.value = value
        case .hidden: field.kind = .password; field.value = value
        // yad greys a read-only entry and Tab passes it by.
        case .readOnly: field.readOnly = true; field.tabStop = false; field.value = value
        case .number: try number(&field, items)
        case .check: field.kind = .checkbox; field.value = value.lowercased() == "true" ? "true" : "false"
        case .combo:
            guard !value.isEmpty else { throw problem("a CB field needs its items as a value, e.g. \"one\(itemSeparator)^two\"") }
            field.kind = .picker
            field.options = items.map { Self.unescaped($0.hasPrefix("^") ? String($0.dropFirst()) : $0) }
            field.value = field.options[items.firstIndex { $0.hasPrefix("^") } ?? 0]
        // Keyform's text field has no list yet: it starts with the default item, the items shown
        // as its placeholder when it is emptied.
        case .comboEntry, .completion:
            let options = items.map { Self.unescaped($0.hasPrefix("^") ? String($0.dropFirst()) : $0) }
            let chosen = items.firstIndex { $0.hasPrefix("^") } ?? (yadType == .comboEntry ? 0 : nil)
            field.value = chosen.map { options[$0] } ?? ""
            field.placeholder = value.isEmpty ? "" : options.joined(separator: ", ")
        case .date:
            field.kind = .date
            field.dateFormat = dateFormat
            // yad's value is the text its calendar writes, in --date-format; ISO reads too.
            if case .success(let date) = CalendarDate.parse(value) {
                field.value = date.description
            } else if let date = dateFormat.date(from: value) {
                field.value = date.description
            } else if !value.isEmpty {
                throw problem("a DT field's value is a date in --date-format (\(dateFormat.pattern)) or YYYY-MM-DD, not \"\(value)\"")
            }
        case .text: field.kind = .textarea; field.value = Self.unescaped(value)
        case .label: field.kind = .label
        case .button, .fullButton:
            // A button runs its value as a command; Keyform shows its label and runs nothing.
            guard value.isEmpty else { throw problem("Keyform does not run a button's command (\"\(value)\")") }
            field.kind = .label
            field.label = Self.literal(label.split(separator: "!", omittingEmptySubsequences: false).first.map(String.init) ?? "")
        }
        return field
    }

    /// `VALUE[!MIN..MAX[!STEP[!PRECISION]]]`; yad's spin button runs from 0 to 65525 by 1.
    private mutating func number(_ field: inout Field, _ items: [String]) throws(YadForm.Problem) {
        field.format = .number
        let bounds = items.count > 1 ? Self.pieces(of: items[1], by: "..") : []
        // An empty VALUE is the minimum, as in yad; the rest must be there when the separator is.
        guard items.dropFirst().allSatisfy({ !$0.isEmpty }), bounds.isEmpty || bounds.count == 2,
              let minimum = bounds.isEmpty ? 0 : Double(bounds[0]), let maximum = bounds.isEmpty ? 65525 : Double(bounds[1]),
              let step = items.count > 2 ? Double(items[2]) : 1, let precision = items.count > 3 ? Int(items[3]) : 0,
              minimum <= maximum, step > 0, (0...20).contains(precision), items.count <= 4
        else { throw problem("a NUM field's value is VALUE!MIN..MAX!STEP!PRECISION, e.g. 5!0..10!1!0, not \"\(items.joined(separator: "!"))\"") }
        guard let start = items[0].isEmpty ? minimum : Double(items[0]) else { throw problem("\"\(items[0])\" is not a number") }
        (field.minimum, field.maximum, field.step) = (minimum, maximum, step)
        self.precision = precision
        // yad's spin button keeps its value within its range.
        field.value = Self.decimal(Swift.min(Swift.max(start, minimum), maximum), digits: precision)
    }

    /// A message naming the field by its place and its spec (a long label cut short).
    private func problem(_ text: String) -> YadForm.Problem {
        let shown = label.count > 40 ? label.prefix(40) + "…" : label
        return YadForm.Problem(message: "field \(number) \"\(shown):\(yadType.rawValue)\": \(text)")
    }

    /// The value as yad prints it: a check box TRUE or FALSE, a number with its precision, a
    /// text area's line breaks, tabs and backslashes escaped; labels and buttons print nothing.
    func printed(_ value: JSONValue?) -> String {
        switch (yadType, value) {
        case (.label, _), (.button, _), (.fullButton, _): return ""
        case (.check, .bool(let checked)?): return checked ? "TRUE" : "FALSE"
        case (.check, _): return "FALSE"
        case (.number, .number(let number)?): return Self.decimal(number, digits: precision)
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

    /// yad reads labels, items and a text area's value through `g_strcompress`: `\n`, `\t`,
    /// `\\` and the other C escapes become the characters they stand for.
    static func unescaped(_ text: String) -> String {
        var result = "", escaping = false
        for character in text {
            guard escaping else {
                if character == "\\" { escaping = true } else { result.append(character) }
                continue
            }
            escaping = false
            switch character {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "b": result.append("\u{8}")
            case "f": result.append("\u{c}")
            case "v": result.append("\u{b}")
            default: result.append(character)
            }
        }
        return result
    }

    /// What yad prints for a text area: the inverse of `unescaped` for line breaks, tabs and backslashes.
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
        String(unescaped(label).flatMap { $0 == "_" ? "__" : String($0) })
    }
}

extension YadField.YadType {
    /// yad gives the labels beside entries, numbers, combos and dates an Alt letter (`_Name`), as Keyform does.
    var takesMnemonic: Bool {
        switch self {
        case .entry, .hidden, .readOnly, .number, .combo, .comboEntry, .completion, .date: true
        case .check, .text, .label, .button, .fullButton: false
        }
    }
}
