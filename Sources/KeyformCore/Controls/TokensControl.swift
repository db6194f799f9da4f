/// Chips of text: typed text becomes a token on Return, comma, leaving the field or submitting;
/// BackSpace in an empty input removes the last token; Left from the start of the input selects
/// tokens; a chip's ✕ removes it; `options` are suggested as you type.
final class TokensControl: TextEditingControl {
    /// The rows of chips it shows: as many as its tokens take.
    private var rows = 1

    init(field: Field) {}

    static var fileKeys: Set<String> { ["options"] }
    static var valueShape: ValueShape { .strings }

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

    func commitPending(in context: ControlContext) { context.session.commitPendingText(context.node) }

    func chooseFromList(_ item: Int, of list: PickerList, in context: ControlContext) {
        context.session.states[context.node].editor.setText(list.items[item])
        context.session.commitToken(context.node)
    }

    /// Text typed and not yet a token is part of the value: a draft or a recovery holds it too.
    func value(in context: ControlContext) -> JSONValue? {
        let session = context.session, node = context.node
        return .array((session.states[node].tokens + [session.pendingToken(node)].compactMap { $0 }).map { .string($0) })
    }

    func showWhenValue(in context: ControlContext) -> String { context.session.states[context.node].tokens.last ?? "" }

    func isEmpty(in context: ControlContext) -> Bool {
        context.session.states[context.node].tokens.isEmpty && context.session.pendingToken(context.node) == nil
    }

    func problem(in context: ControlContext) -> String? {
        context.session.duplicateToken(context.node).map { "\(context.field.displayName) already has “\($0)”" }
    }

    func canClear(in context: ControlContext) -> Bool {
        !context.session.states[context.node].tokens.isEmpty || !context.session.states[context.node].editor.isEmpty
    }
}
