/// Chips of text: typed text becomes a token on Return, comma, leaving the field or submitting;
/// BackSpace in an empty input removes the last token; Left from the start of the input selects
/// tokens; a chip's ✕ removes it; `options` are suggested as you type.
final class TokensControl: TextEditingControl {
    /// The rows of chips it shows: as many as its tokens take.
    private var rows = 1
    /// The text typed and not yet a token.
    let textInput: TextInput
    var tokens: [String]
    /// The token chosen with Left from the start of the input, drawn selected.
    var selectedToken: Int?
    /// Where the chips and the input went, and what they were placed for (see `tokenFlow`).
    var flow: (tokens: [String], typed: String, width: Double, flow: TokenFlow)?

    init(field: Field) {
        textInput = TextInput(text: "", limit: field.maxLength, multiline: false)
        tokens = field.tokens.map { TextEditor.entering($0, multiline: false) }  // a token is one line, as typed ones are
        // Undoing the first edit keeps the tokens the field started with.
        textInput.history = UndoHistory(undoSnapshot())
    }

    static var fileKeys: Set<String> { ["options"] }
    static var valueShape: ValueShape { .texts }

    func controlHeight(in context: ControlContext) -> Double {
        Theme.controlHeight + Double(rows - 1) * context.session.chipRowHeight
    }

    /// Fits its height to its rows of chips. One with a `frame` keeps its size and scrolls its
    /// rows instead.
    func fitToContent(in context: ControlContext) -> Bool {
        guard context.field.frame == nil, context.session.shown[context.node] else { return false }
        let wanted = context.session.tokenFlow(context.node).rows
        guard wanted != rows else { return false }
        rows = wanted
        return true
    }

    func undoSnapshot() -> FieldSnapshot { textInput.snapshot(tokens: tokens) }

    func restoreUndoStep(_ step: FieldSnapshot) {
        textInput.restore(step)
        tokens = step.tokens
        selectedToken = nil
    }

    func commitPending(in context: ControlContext) { context.session.commitPendingText(context.node) }

    func chooseFromList(_ item: Int, of list: PickerList, in context: ControlContext) {
        textInput.editor.setText(list.items[item])
        context.session.commitToken(context.node)
    }

    /// Text typed and not yet a token is part of the value: a draft or a recovery holds it too.
    func value(in context: ControlContext) -> JSONValue? {
        let session = context.session, node = context.node
        return .array((tokens + [session.pendingToken(node)].compactMap { $0 }).map { .string($0) })
    }

    func showWhenValue(in context: ControlContext) -> String { tokens.last ?? "" }

    func isEmpty(in context: ControlContext) -> Bool {
        tokens.isEmpty && context.session.pendingToken(context.node) == nil
    }

    func problem(in context: ControlContext) -> String? {
        context.session.duplicateToken(context.node).map { "\(context.field.displayName) already has “\($0)”" }
    }

    func canClear(in context: ControlContext) -> Bool {
        !tokens.isEmpty || !textInput.editor.isEmpty
    }
}
