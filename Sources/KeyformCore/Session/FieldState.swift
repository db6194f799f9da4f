/// What the person changed in one field while the form runs.
struct FieldState {
    /// Text controls: the value; token fields: the text not yet turned into a token.
    var editor: TextEditor
    var tokens: [String]
    /// Pickers: the index of the chosen option.
    var choice: Int?
    /// How far the text is scrolled inside the control, so the caret stays visible.
    var textScroll = Point.zero
    /// A validation message shown under the control until the value is fixed.
    var message: String?

    init(field: Field) {
        editor = TextEditor(text: field.kind == .tokens ? "" : field.value,
                            limit: field.maxLength, multiline: field.kind == .textarea)
        tokens = field.tokens
        choice = field.kind == .picker ? (field.options.firstIndex(of: field.value) ?? (field.options.isEmpty ? nil : 0)) : nil
    }
}

/// The open list of a picker, drawn above the form.
struct PickerList: Equatable {
    var node: Int
    var highlighted: Int
    /// The first option shown when there are more than fit.
    var firstVisible: Int
}
