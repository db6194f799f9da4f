/// A one-line field whose text is drawn as bullets and never leaves it: no copy, no cut, no
/// word boundaries shown, never in a draft or on standard error.
final class PasswordControl: TextEditingControl {
    let textInput: TextInput

    init(field: Field) { textInput = TextInput(field: field) }

    static var fileKeys: Set<String> { ["pattern", "patternMessage"] }
    static var isSecret: Bool { true }
    static var masksText: Bool { true }
}
