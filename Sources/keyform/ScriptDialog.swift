import KeyformCairo
import KeyformCommandLine
import KeyformCore
import KeyformX11

/// A dialog that a zenity or yad command line describes (`ZenityForm`, `YadForm`), built before
/// the command line is parsed: its form, and how it prints and exits as that program does.
protocol ScriptDialog {
    var form: Form { get }
    /// What the program prints when the form ends with `values` (nothing when it prints nothing).
    func printed(_ values: JSONValue, session: FormSession) -> String
    /// The program's exit status for a form that ended.
    func exitStatus(_ session: FormSession) -> Int32
    /// Sets the session up as the program starts (the focus, a selection).
    func start(_ session: FormSession)
    /// What feeds the running window besides the person (yad's values on standard input).
    @MainActor func feed(_ session: FormSession) -> (any WindowCompanion)?
    /// What the program does once its window has ended and the values are written.
    func ended()
}

extension ScriptDialog {
    @MainActor func feed(_ session: FormSession) -> (any WindowCompanion)? { nil }
    func ended() {}
}

/// A zenity or yad option translated into Keyform's own: its name and its value, if it takes one.
struct KeyformOption: Equatable {
    let name: String
    let value: String?

    init(_ name: String, _ value: String? = nil) { (self.name, self.value) = (name, value) }
}

/// The problem with a zenity or yad command line, for the message before exit 2.
struct ScriptDialogProblem: Error { let message: String }

/// zenity's and yad's command lines, read into a `ScriptDialog` before Keyform's own parsing.
enum ScriptDialogs {
    /// The dialog of this command line, read before parsing (see `Keyform.main`); nil when it is
    /// neither a zenity nor a yad one.
    nonisolated(unsafe) static var current: (any ScriptDialog)?

    /// Keyform's own options that a zenity or yad command line may carry for a subcommand
    /// (`keyform render --forms … --png out.png`), passed on as they are.
    static let keyformOwn: Set<String> = ["--today", "--layout", "--png", "--scale", "--theme"]

    /// Keyform's arguments for `arguments` (the command line without the program): unchanged
    /// unless they are a zenity or yad command line, after a subcommand's name or not. The
    /// dialog becomes `current`; the options it gives the subcommand are only those the
    /// subcommand takes (`check` has no window to size).
    static func translate(_ arguments: [String]) throws(ScriptDialogProblem) -> [String] {
        let subcommand = arguments.first.flatMap { name in Subcommand.allCases.first { $0.spec.name == name } }
        let rest = subcommand == nil ? arguments[...] : arguments.dropFirst()
        // `zenity --forms --help`: Keyform's help, which points to docs/zenity-yad.md.
        if rest.contains("--help"), YadForm.applies(to: rest) || ZenityForm.applies(to: rest) {
            return (subcommand.map { [$0.spec.name] } ?? []) + ["--help"]
        }
        let dialog: any ScriptDialog, options: [KeyformOption], words: [String]
        if YadForm.applies(to: rest) {
            (dialog, options) = try YadForm.translate(rest)
            words = []  // yad's words are the fields' values
        } else if ZenityForm.applies(to: rest) {
            (dialog, options, words) = try ZenityForm.translate(rest)
        } else {
            return arguments
        }
        let command = subcommand ?? .open
        // `check --form` with the file forgotten: yad's form with no field is no form to check.
        if command != .open, let yad = dialog as? YadForm, yad.fields.isEmpty {
            throw ScriptDialogProblem(message: "\(command.spec.name) --form needs a form file (--form FILE), or yad's --field options")
        }
        current = dialog
        let known = Set(command.spec.options.map(\.spelling))
        var result = subcommand.map { [$0.spec.name] } ?? []
        for option in options where known.contains(option.name) {
            result += [option.name] + (option.value.map { [$0] } ?? [])
        }
        // Any --output makes `replay` print what the window would, which `printed` writes.
        if command == .replay { result += ["--output", "lines"] }
        return result + words
    }
}

/// A zenity or yad command line read one argument at a time, as GLib's option parser reads it:
/// an option's value is inline (`--title=T`) or the next argument.
struct ScriptArguments {
    private let arguments: ArraySlice<String>
    private var index: ArraySlice<String>.Index
    /// The option being read, and its inline value (the only way to give an optional value:
    /// `--kill-parent=HUP`).
    private(set) var name = ""
    private(set) var inline: String?

    init(_ arguments: ArraySlice<String>) {
        self.arguments = arguments
        index = arguments.startIndex
    }

    /// The next argument, taken as the option being read; nil at the end.
    mutating func next() -> String? {
        guard index < arguments.endIndex else { return nil }
        defer { index += 1 }
        (name, inline) = ScriptDialogs.split(arguments[index])
        return arguments[index]
    }

    /// The arguments not read yet.
    var rest: ArraySlice<String> { arguments[index...] }

    /// The option's value.
    mutating func value() throws(ScriptDialogProblem) -> String {
        if let inline { return inline }
        guard index < arguments.endIndex else { throw ScriptDialogProblem(message: "\(name) needs a value") }
        defer { index += 1 }
        return arguments[index]
    }

    /// The option's value as a whole number (spaces before it allowed, as `atoi` does).
    mutating func number() throws(ScriptDialogProblem) -> Int {
        let text = try value()
        guard let number = Int(String(text.drop { $0 == " " })) else {
            throw ScriptDialogProblem(message: "\(name) takes a whole number, not \"\(text)\"")
        }
        return number
    }
}

extension ScriptDialogs {
    /// `--name=value` or `--name`, as GLib's option parser splits an argument.
    static func split(_ argument: String) -> (String, String?) {
        guard argument.startsWithBytes("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// `text` as GLib's `g_strcompress` reads it, which zenity and yad pass their texts through:
    /// `\n`, `\t` and the other C escapes, and `\NNN` in octal, become the characters they stand
    /// for; a backslash before any other character is dropped.
    static func compressed(_ text: String) -> String {
        var result: [UInt8] = [], bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = bytes.popFirst() else { result.append(byte); continue }
            switch next {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "v"): result.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var code = Int(next - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { break }
                    code = code * 8 + Int(digit - UInt8(ascii: "0"))
                    bytes.removeFirst()
                }
                result.append(UInt8(truncatingIfNeeded: code))
            default: result.append(next)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Options zenity or yad take that change nothing Keyform shows or prints: they place,
    /// decorate or feed a window in ways Keyform does not (docs/zenity-yad.md).
    static func noEffect(values: [String], flags: [String]) -> [OptionSpec] {
        let help = "Accepted; no effect in Keyform."
        return values.map { OptionSpec.value($0, "VALUE", help: help) } + flags.map { OptionSpec.flag($0, help: help) }
    }

    /// The plain text of `markup`, which zenity and yad give GTK as Pango markup; nil for text
    /// that is not markup (an `&` alone), for which GTK shows no text and warns, as Keyform does
    /// here, naming `place`.
    static func plainText(ofMarkup markup: String, place: String) -> String? {
        do { return try PangoMarkup.plainText(of: markup) } catch {
            standardError("keyform: warning: \(place) is not Pango markup, so it shows no text, as in zenity and yad: \(error.message)")
            return nil
        }
    }

    /// The `label` field of a text zenity or yad shows as Pango markup (`--text`): drawn styled,
    /// its plain text the label; no text for one that is not markup.
    static func markupText(id: String, _ markup: String, place: String) -> Field {
        var field = Field(id: id, kind: .label)
        if let text = plainText(ofMarkup: markup, place: place) {
            (field.label, field.markup) = (literal(text), markup)
        }
        return field
    }

    /// A yad button's label (a BTN field's, a `--button`'s), Pango markup with a mnemonic as yad's
    /// `get_label` gives GTK: its plain text, keeping the `_` before the Alt letter, and the
    /// markup to draw where it styles anything (an ordinary label is drawn as Keyform's buttons
    /// draw theirs, shortened with … when it does not fit). No text for one that is not markup.
    static func buttonLabel(_ label: String, place: String) -> (label: String, markup: String?) {
        guard let text = plainText(ofMarkup: label, place: place) else { return ("", nil) }
        return (text, text == label ? nil : label)
    }

    /// A label whose `_` is text: zenity's labels, and yad's that GTK gives no Alt letter.
    static func literal(_ label: String) -> String {
        String(label.flatMap { $0 == "_" ? "__" : String($0) })
    }
}
