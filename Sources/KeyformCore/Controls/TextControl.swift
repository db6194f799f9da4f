/// A one-line text field; `type: "email"` and `"number"` are text fields with a format to check.
final class TextControl: TextEditingControl {
    let textInput: TextInput

    init(field: Field) { textInput = TextInput(text: field.value, limit: field.maxLength, multiline: false) }

    static var fileKeys: Set<String> { ["pattern"] }
}
