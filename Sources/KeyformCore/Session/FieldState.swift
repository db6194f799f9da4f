/// What the person changed in one field while the form runs.
struct FieldState {
    /// Text controls: the value; token fields: the text not yet turned into a token.
    var editor: TextEditor
    var tokens: [String]
    /// How far the text is scrolled inside the control, so the caret stays visible.
    var textScroll = Point.zero
    /// Token fields: the token chosen with Left from the start of the input, drawn selected.
    var selectedToken: Int?
    /// The text as last drawn, in lines (see `FormSession.wrappedText`).
    var wrap: WrappedText?
    /// Token fields: where the chips and the input went, and what they were placed for (see
    /// `FormSession.tokenFlow`).
    var flow: (tokens: [String], typed: String, width: Double, flow: TokenFlow)?

    init(field: Field) {
        editor = TextEditor(text: field.kind == .tokens ? "" : field.value,
                            limit: field.maxLength, multiline: field.kind == .textarea)
        tokens = field.tokens.map { TextEditor.entering($0, multiline: false) }  // a token is one line, as typed ones are
    }
}
