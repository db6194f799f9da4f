/// A one-line text field; `type: "email"` and `"number"` are text fields with a format to check.
/// A number field's Up and Down step its value by `step` (1 unless given) within `min` and `max`,
/// as a spin button does; its value is submitted as a number in canonical decimal (`Field.format`),
/// and its text becomes that when focus leaves it, so the person sees what a script will read.
final class TextControl: TextEditingControl {
    let textInput: TextInput

    init(field: Field) { textInput = TextInput(field: field) }

    static var fileKeys: Set<String> { ["pattern", "patternMessage", "readOnly"] }

    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool {
        guard context.field.format == .number, press.modifiers.isDisjoint(with: .command), press.key == .up || press.key == .down
        else { return handleTextKey(press, in: context) }
        step(by: press.key == .up ? 1 : -1, in: context)
        return true
    }

    /// Steps the number typed, or from 0 when nothing is; text that is not a number stays as it is.
    func step(by direction: Double, in context: ControlContext) {
        let field = context.field, text = textInput.editor.text
        guard let current = text.trimmingSpaces.isEmpty ? 0 : Field.number(text) else { return }
        let step = field.step ?? 1
        var next = Self.rounded(current + direction * step, likeStep: step)
        if let minimum = field.minimum { next = max(next, minimum) }
        if let maximum = field.maximum { next = min(next, maximum) }
        edit(in: context) { editor in
            editor.setText(Field.format(next))
            editor.moveCaret(to: editor.count, extending: false)
        }
    }

    /// A number field's number (null when empty); text that is no number stays text, as typed
    /// (the form refuses to submit it, but a timeout prints what there is).
    func submittedValue(in context: ControlContext) -> JSONValue? {
        let text = textInput.editor.text
        guard context.field.format == .number else { return .string(text) }
        if text.trimmingSpaces.isEmpty { return .null }
        return Field.number(text).map(JSONValue.number) ?? .string(text)
    }

    /// The app's completions of the text (`SessionHooks.suggestions`), in a list under the field.
    func textChanged(in context: ControlContext) {
        context.showSuggestions(context.suggestions(for: textInput.editor.text), as: .completion)
    }

    /// A suggestion chosen becomes the text, the caret at its end; what it suggests next shows.
    func chooseFromList(_ item: Int, of list: PickerList, in context: ControlContext) {
        edit(in: context) { editor in
            editor.setText(list.items[item])
            editor.moveCaret(to: editor.count, extending: false)
        }
    }

    func commitPending(in context: ControlContext) {
        guard context.field.format == .number, let number = Field.number(textInput.editor.text),
              case let canonical = Field.format(number), canonical != textInput.editor.text else { return }
        edit(in: context) { editor in
            editor.setText(canonical)
            editor.moveCaret(to: editor.count, extending: false)
        }
    }

    /// An entry; a number field's also gives its number and bounds (AT-SPI's `Value`), as a
    /// spin button's does, so a screen reader can say where in its range it is.
    func accessibleNode(in context: ControlContext) -> AccessibleNode {
        var node = textNode(in: context)
        let field = context.field
        guard field.format == .number else { return node }
        node.value = AccessibleValue(current: Field.number(textInput.editor.text) ?? 0,
                                     minimum: field.minimum ?? -Double.greatestFiniteMagnitude,
                                     maximum: field.maximum ?? Double.greatestFiniteMagnitude, increment: field.step ?? 1)
        return node
    }

    /// `value` rounded to as many decimals as `step` has, so 0.1 + 0.1 + 0.1 reads 0.3.
    static func rounded(_ value: Double, likeStep step: Double) -> Double {
        let written = Field.format(step)
        let decimals = written.split(separator: ".").dropFirst().first?.count ?? 0
        let scale = (0..<min(decimals, 15)).reduce(1.0) { scale, _ in scale * 10 }
        return (value * scale).rounded() / scale
    }
}
