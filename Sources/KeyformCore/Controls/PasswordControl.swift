/// A one-line field whose text is drawn as bullets and never leaves it: no copy, no cut, no
/// word boundaries shown, never in a draft or on standard error.
final class PasswordControl: TextEditingControl {
    let textInput: TextInput

    init(field: Field) { textInput = TextInput(text: field.value, limit: field.maxLength, multiline: false) }

    static var fileKeys: Set<String> { ["pattern"] }
    static var isSecret: Bool { true }
}
