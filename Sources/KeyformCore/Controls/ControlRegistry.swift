/// The kinds of field a form may hold, by their `type` in a form file. This is the one table of
/// kinds: everything a kind does is in its control's file (`Controls/`), found through `control`.
public enum FieldKind: String, Sendable, CaseIterable {
    case text, password, textarea, picker, tokens, button, section, label
    case checkbox, radio, date

    /// The control that implements the kind.
    var control: any Control.Type {
        switch self {
        case .text: TextControl.self
        case .password: PasswordControl.self
        case .textarea: TextAreaControl.self
        case .picker: PickerControl.self
        case .tokens: TokensControl.self
        case .date: DateControl.self
        case .button: ButtonControl.self
        case .section: SectionControl.self
        case .label: LabelControl.self
        case .checkbox: CheckboxControl.self
        case .radio: RadioControl.self
        }
    }

    /// Never written to a draft or printed on failure: passwords.
    public var isSecret: Bool { control.isSecret }

    /// The kind a form file's `type` names: a kind, or `email`/`number`, text fields with a format.
    static func named(_ name: String) -> FieldKind? {
        FieldKind(rawValue: name) ?? TextFormat(rawValue: name).map { _ in .text }
    }

    /// The kinds that pass a test, as a message names them: `picker and tokens fields`.
    static func describe(_ test: (FieldKind) -> Bool) -> String {
        let names = allCases.filter(test).flatMap { kind in
            // Email and number fields are text fields.
            kind == .text ? [kind.rawValue] + TextFormat.allCases.map(\.rawValue) : [kind.rawValue]
        }
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined()
        return list + " fields"
    }
}
