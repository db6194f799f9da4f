/// A one-line field whose text is drawn as bullets and never leaves it: no copy, no cut, no
/// word boundaries shown, never in a draft or on standard error.
final class PasswordControl: TextEditingControl {
    init(field: Field) {}

    static var fileKeys: Set<String> { ["pattern"] }
    static var isSecret: Bool { true }
}
