/// A one-line text field; `type: "email"` and `"number"` are text fields with a format to check.
final class TextControl: TextEditingControl {
    let textInput: TextInput

    init(field: Field) { textInput = TextInput(field: field) }

    static var fileKeys: Set<String> { ["pattern", "readOnly"] }
}
