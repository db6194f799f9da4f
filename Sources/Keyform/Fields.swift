import KeyformCore

// The kinds of field, one type each, as a form file's `type` names them. The label may mark its
// mnemonic with `_` (`"_Name"`: Alt+N focuses the field).

/// A one-line text field (`text`; with `format`, `email` or `number`).
public struct TextField: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A text field labelled `label` (`_` before its mnemonic letter), starting with `value`; `format` makes it an email or number field.
    public init(_ label: String, id: String, value: String = "", format: TextFormat? = nil) {
        definition = FieldDefinition(id, .text, label: label)
        definition.field.value = value
        definition.field.format = format
    }
    /// A number field's bounds and how far Up and Down move (`min`, `max`, `step`).
    public func range(_ range: ClosedRange<Double>, step: Double? = nil) -> Self {
        with { $0.field.minimum = range.lowerBound; $0.field.maximum = range.upperBound; $0.field.step = step }
    }
}

/// A field whose text is shown as bullets and never written anywhere but the result (`password`).
public struct PasswordField: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A password field labelled `label`.
    public init(_ label: String, id: String) { definition = FieldDefinition(id, .password, label: label) }
}

/// Lines of text that wrap (`textarea`): `rows` shown, growing to `maxRows` as text is added.
public struct TextArea: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A text area showing `rows` lines, growing to `maxRows` (nil: it stays at `rows`).
    public init(_ label: String, id: String, value: String = "", rows: Int = 4, maxRows: Int? = nil) {
        definition = FieldDefinition(id, .textarea, label: label)
        definition.field.value = value
        definition.field.rows = rows
        definition.field.maxRows = maxRows
    }
}

/// One of a list of options, in a list that opens (`picker`); `value` must be one of them.
public struct Picker: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A picker of `options`, `value` chosen (nil: the first).
    public init(_ label: String, id: String, options: [String], value: String? = nil) {
        definition = FieldDefinition(id, .picker, label: label, options: options, value: value)
    }
}

/// Chips of text (`tokens`): Return or a comma makes one, BackSpace in the empty input removes
/// the last; `suggestions` are offered as the person types.
public struct TokenField: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A token field holding `tokens`, suggesting `suggestions` as the person types.
    public init(_ label: String, id: String, tokens: [String] = [], suggestions: [String] = []) {
        definition = FieldDefinition(id, .tokens, label: label)
        definition.field.tokens = tokens
        definition.field.options = suggestions
    }
}

/// A box with its label beside it (`checkbox`); its value is `true` or `false`.
public struct Checkbox: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A checkbox, checked when `isOn`.
    public init(_ label: String, id: String, isOn: Bool = false) {
        definition = FieldDefinition(id, .checkbox, label: label)
        definition.field.value = String(isOn)
    }
}

/// A group of options, one chosen, one Tab stop (`radio`); its value is the chosen option or "".
public struct RadioGroup: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A radio group of `options`, `value` chosen (nil: none).
    public init(_ label: String, id: String, options: [String], value: String? = nil) {
        definition = FieldDefinition(id, .radio, label: label, options: options, value: value)
    }
}

/// A date, typed or chosen from a calendar (`date`): values, `min` and `max` are ISO
/// `YYYY-MM-DD`; `format` is how it is submitted (strftime-style), ISO when nil.
public struct DateField: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A date field: `value`, `min` and `max` ISO (`2026-11-23`); `format` strftime-style, as submitted.
    public init(_ label: String, id: String, value: String = "", min: String? = nil, max: String? = nil, format: String? = nil) {
        definition = FieldDefinition(id, .date, label: label)
        definition.field.value = value
        definition.field.minimumDate = min.flatMap { definition.date($0, for: "min") }
        definition.field.maximumDate = max.flatMap { definition.date($0, for: "max") }
        definition.field.dateFormat = format.map(DateFormat.init)
    }
}

/// Text to read, the whole width (`label`).
public struct Label: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// Text to read, wrapped at the form's width.
    public init(_ text: String, id: String) { definition = FieldDefinition(id, .label, label: text) }
}

/// A button that submits or cancels the form (`button` with its `action`).
public struct Button: FieldElement {
    /// What pressing it does.
    public enum Action: Sendable {
        /// Submits the form (its fields' rules and `onSubmit` asked first).
        case submit
        /// Cancels the form (`shouldCancel` asked first).
        case cancel
    }
    /// The field being built.
    public var definition: FieldDefinition
    /// A button that does `action`.
    public init(_ label: String, id: String, action: Action = .submit) {
        definition = FieldDefinition(id, .button, label: label)
        definition.field.action = action == .submit ? .submit : .cancel
    }
}

/// Fields under a title, traversed as a unit, with their own Tab order (`section`). Key commands
/// inside it are offered while focus is in it.
public struct Section: FieldElement {
    /// The field being built.
    public var definition: FieldDefinition
    /// A section titled `title`, its fields in `columns`, Tab going through them in `tabOrder` (ids of its own fields; nil: reading order).
    public init(_ title: String, id: String, columns: Int = 1, tabOrder: [String]? = nil, @FormBuilder content: () -> [FormPart]) {
        definition = FieldDefinition(id, .section, label: title)
        definition.field.columns = columns
        definition.field.tabOrder = tabOrder
        definition.content = content()
    }
}
