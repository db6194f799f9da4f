/// A one-line text field; `type: "email"` and `"number"` are text fields with a format to check.
final class TextControl: TextEditingControl {
    init(field: Field) {}

    static var fileKeys: Set<String> { ["pattern", "readOnly"] }
}
