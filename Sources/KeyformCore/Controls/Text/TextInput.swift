/// What a text control holds while a person types into it: the text with its selection, how far
/// it is scrolled, its lines as last drawn, its undo history and the x that Up and Down keep.
/// Each text control owns one (see `TextEditingControl`); a token field's tokens are its own.
final class TextInput {
    /// Text controls: the value; token fields: the text not yet turned into a token.
    var editor: TextEditor
    /// How far the text is scrolled inside the control, so the caret stays visible.
    var scroll = Point.zero
    /// The text as last drawn, in lines (see `TextEditingControl.wrappedText`).
    var wrap: WrappedText?
    /// Undo and redo: only text controls have them.
    var history: UndoHistory
    /// Up/Down in a text area keep the x they started from while the caret stays where they put it.
    var verticalGoal: (x: Double, caret: Int)?
    /// `readOnly`: selected and copied, never edited (see `TextEditingControl.apply`).
    let readOnly: Bool

    init(text: String, limit: Int?, multiline: Bool, readOnly: Bool = false) {
        editor = TextEditor(text: text, limit: limit, multiline: multiline)
        self.readOnly = readOnly
        history = UndoHistory(FieldSnapshot(editor: editor, tokens: []))
    }

    /// The field's `value` as its text, within its `maxLength`.
    convenience init(field: Field, multiline: Bool = false) {
        self.init(text: field.value, limit: field.maxLength, multiline: multiline, readOnly: field.readOnly)
    }

    /// The text and its selection for undo, with what else the control's value holds.
    func snapshot(tokens: [String] = []) -> FieldSnapshot {
        FieldSnapshot(editor: editor, tokens: tokens)
    }

    /// The least change to the vertical scroll `y` that shows `caret` inside `rect` (both in
    /// content coordinates, scrolled by `y`), never above the first line.
    static func verticalScroll(_ y: Double, showing caret: Rect, within rect: Rect) -> Double {
        var y = y
        if caret.maxY > rect.maxY { y += caret.maxY - rect.maxY }
        if caret.minY < rect.minY { y = max(0, y - (rect.minY - caret.minY)) }
        return y
    }

    /// Puts back the text and the selection of an undo step.
    func restore(_ step: FieldSnapshot) { editor = step.editor }
}
