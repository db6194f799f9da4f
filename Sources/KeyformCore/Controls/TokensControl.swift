/// Chips of text: typed text becomes a token on Return, comma, leaving the field or submitting;
/// BackSpace in an empty input removes the last token; Left from the start of the input selects
/// tokens; a chip's ✕ removes it; `options` are suggested as you type. Its chips and their
/// geometry are in TokensControl+Chips.
final class TokensControl: TextEditingControl {
    /// The rows of chips it shows: as many as its tokens take.
    private var rows = 1
    /// The text typed and not yet a token.
    let textInput: TextInput
    private(set) var tokens: [String]
    /// The token chosen with Left from the start of the input, drawn selected.
    private(set) var selectedToken: Int?
    /// The last token added or removed since focus came (“Rust” added), for a screen reader.
    private var lastChange: String?
    /// Where the chips and the input went, and what they were placed for (see `tokenFlow`).
    var flow: (tokens: [String], typed: String, width: Double, flow: TokenFlow)?

    init(field: Field) {
        textInput = TextInput(text: "", limit: field.maxLength, multiline: false)
        tokens = field.tokens.map { TextEditor.entering($0, multiline: false) }  // a token is one line, as typed ones are
        // Undoing the first edit keeps the tokens the field started with.
        textInput.history = UndoHistory(undoSnapshot())
    }

    static var fileKeys: Set<String> { ["options"] }
    static var valueShape: ValueShape { .strings }
    static var viewFollowsCaret: Bool { true }

    func forgetMeasures() {
        textInput.wrap = nil
        flow = nil
    }

    func controlHeight(in context: ControlContext) -> Double {
        Theme.controlHeight + Double(rows - 1) * chipRowHeight(in: context)
    }

    /// Fits its height to its rows of chips. One with a `frame` keeps its size and scrolls its
    /// rows instead.
    func fitToContent(in context: ControlContext) -> Bool {
        guard context.field.frame == nil, context.isShown else { return false }
        let wanted = tokenFlow(in: context).rows
        guard wanted != rows else { return false }
        rows = wanted
        return true
    }

    // MARK: Keys and commands

    func handleKey(_ press: KeyPress, in context: ControlContext) -> Bool {
        handleTokenKey(press, in: context) ?? handleTextKey(press, in: context)
    }

    /// Token keys, or nil when the key is for the input's text.
    func handleTokenKey(_ press: KeyPress, in context: ControlContext) -> Bool? {
        let unmodified = press.modifiers.isDisjoint(with: .command)
        let plain = unmodified && !press.modifiers.contains(.shift)
        let editor = textInput.editor
        if let selected = selectedToken {
            switch press.key {
            case .left where plain: selectToken(max(0, selected - 1), in: context)
            case .right where plain: selectToken(selected + 1 < tokens.count ? selected + 1 : nil, in: context)
            case .backSpace where plain, .delete where plain:
                removeToken(at: selected, in: context)
                // The neighbour takes the selection: the next token, else the previous, else the input.
                selectToken(selected < tokens.count ? selected : (selected > 0 ? selected - 1 : nil), in: context)
            default:
                selectToken(nil, in: context)
                return nil
            }
            return true
        }
        switch press.key {
        case .left where plain && editor.caret == 0 && !editor.hasSelection && !tokens.isEmpty:
            selectToken(tokens.count - 1, in: context)
            return true
        case .backSpace where editor.isEmpty && !tokens.isEmpty:
            // The input was already empty before this press (deleting its last letter took an
            // earlier one), so this removes the last token; with a modifier it does nothing, and
            // neither does a held BackSpace repeating past the input it emptied.
            if plain && !press.isRepeat { removeToken(at: tokens.count - 1, in: context) }
            return true
        // Ctrl+Return goes on to submit, which makes the text a token first.
        case .returnKey where unmodified && !editor.isEmpty, .keypadEnter where unmodified && !editor.isEmpty:
            commitToken(in: context)
            return true
        case _ where press.text == "," && unmodified:
            commitToken(in: context)
            return true
        default:
            return nil
        }
    }

    func commands(in context: ControlContext) -> [KeyCommand] {
        let editing = editingCommands(in: context)
        guard !tokens.isEmpty else { return editing }
        return editing + [KeyCommand(chords: [KeyChord(.delete, [.control, .shift])], title: "Remove all tokens", action: .clearTokens)]
    }

    func perform(_ action: CommandAction, in context: ControlContext) -> CommandOutcome {
        guard action == .clearTokens else { return performEditing(action, in: context) }
        tokens = []
        selectedToken = nil
        context.valueChanged()
        return .handled
    }

    // MARK: Tokens

    func selectToken(_ index: Int?, in context: ControlContext) {
        selectedToken = index
        context.invalidate()
    }

    func removeToken(at index: Int, in context: ControlContext) {
        lastChange = "“\(tokens.remove(at: index))” removed"
        tokensChanged(in: context)
    }

    /// The field may have grown or shrunk: while it is typed in, its input stays in view.
    func tokensChanged(in context: ControlContext) {
        context.valueChanged()
        if context.isEditing { keepCaretVisible(in: context) }
    }

    /// Turns the typed text into a token and empties the input. Text that is a token already
    /// stays typed and the field says so under itself: typed text is never dropped.
    func commitToken(in context: ControlContext) {
        guard duplicateToken == nil else { return context.showValidationMessage() }
        let token = typedToken
        textInput.editor.setText("")
        if let token {
            tokens.append(token)
            lastChange = "“\(token)” added"
        }
        tokensChanged(in: context)
        updateSuggestions(in: context)
    }

    /// Leaving the field or submitting the form: text typed and not yet a token becomes one.
    func commitPending(in context: ControlContext) {
        guard !textInput.editor.isEmpty else { return }
        commitToken(in: context)
    }

    /// The typed text as a token holds it, without the spaces around it; nil when blank.
    var typedToken: String? {
        let text = textInput.editor.text.trimmingSpaces
        return text.isEmpty ? nil : text
    }

    /// The typed text that will become a token: nil when blank or when it is a token already.
    var pendingToken: String? { typedToken.flatMap { tokens.contains($0) ? nil : $0 } }

    /// The typed text when the field already holds it as a token (each is held once), else nil.
    var duplicateToken: String? { typedToken.flatMap { tokens.contains($0) ? $0 : nil } }

    // MARK: Suggestions

    func textChanged(in context: ControlContext) { updateSuggestions(in: context) }

    /// The options that start with (or else contain) the typed text and are not tokens yet; the
    /// list shows while there is text and a match.
    func updateSuggestions(in context: ControlContext) {
        let typed = textInput.editor.text.trimmingSpaces.lowercased()
        let unused = context.field.options.filter { !tokens.contains($0) }
        let matches = typed.isEmpty ? [] : unused.filter { $0.lowercased().hasPrefix(typed) }
            + unused.filter { !$0.lowercased().hasPrefix(typed) && $0.lowercased().contains(typed) }
        context.showSuggestions(matches, as: .suggestion)
    }

    func chooseFromList(_ item: Int, of list: PickerList, in context: ControlContext) {
        textInput.editor.setText(list.items[item])
        commitToken(in: context)
    }

    func focusGained(_ cause: FocusCause, from old: Int?, in context: ControlContext) {
        lastChange = nil
        selectOnTab(cause, from: old, in: context)
    }

    // MARK: Accessibility

    /// A panel holding the list of its tokens, each a list item with a `remove` action, and the
    /// entry typed into (its suggestions too while they show). Focus is on the entry, or on the
    /// token chosen with Left. The entry's description says how many tokens there are, after
    /// the token last added or removed: read with the entry when focus comes, and when it
    /// changes (Orca reads a description that changes where it is).
    func accessibleNode(in context: ControlContext) -> AccessibleNode {
        var panel = context.accessibleNode(.panel)
        let focused = panel.states.remove(.focused) != nil
        let states = panel.states.intersection([.visible, .showing, .enabled, .sensitive])
        var list = AccessibleNode.list(named: panel.name, items: tokens, frame: panel.frame, states: states, action: "remove")
        var entry = textNode(in: context)
        let count = tokens.count == 1 ? "1 token" : "\(tokens.count) tokens"
        entry.description = [entry.description, lastChange ?? "", count].filter { !$0.isEmpty }.joined(separator: ". ")
        if let selectedToken {
            list.parts[selectedToken].states.insert(.selected)
            if focused { list.parts[selectedToken].states.insert(.focused) }
            entry.states.remove(.focused)
        }
        if !context.field.options.isEmpty { entry.states.insert(.supportsAutocompletion) }
        panel.parts = [list, entry]
        if let suggestions = context.openPopup as? PickerList {
            var shown = AccessibleNode.list(named: "Suggestions", items: suggestions.items, frame: suggestions.frame(in: context),
                                            states: states, action: nil)
            shown.parts[suggestions.highlighted].states.insert(.selected)
            panel.activeDescendant = [panel.parts.count, suggestions.highlighted]
            panel.parts.append(shown)
        }
        return panel
    }

    /// `remove` on a token removes it, as its chip's ✕ does.
    func performAccessibleAction(_ name: String, on part: [Int], in context: ControlContext) -> Bool {
        guard name == "remove", part.count == 2, part[0] == 0, tokens.indices.contains(part[1]) else {
            return context.performAsMnemonic(name, on: part)
        }
        guard context.isEnabled else { return false }
        removeToken(at: part[1], in: context)
        if let selected = selectedToken, selected >= tokens.count { selectToken(tokens.isEmpty ? nil : tokens.count - 1, in: context) }
        return true
    }

    // MARK: Value

    func undoSnapshot() -> FieldSnapshot { textInput.snapshot(tokens: tokens) }

    func restoreUndoStep(_ step: FieldSnapshot) {
        textInput.restore(step)
        tokens = step.tokens
        selectedToken = nil
    }

    /// Text typed and not yet a token is part of the value: a draft or a recovery holds it too.
    func value(in context: ControlContext) -> JSONValue? {
        .array((tokens + [pendingToken].compactMap { $0 }).map { .string($0) })
    }

    func showWhenValue(in context: ControlContext) -> String { tokens.last ?? "" }
    func isEmpty(in context: ControlContext) -> Bool { tokens.isEmpty && pendingToken == nil }

    func problem(in context: ControlContext) -> String? {
        duplicateToken.map { "\(context.field.displayName) already has “\($0)”" }
    }

    func canClear(in context: ControlContext) -> Bool { !tokens.isEmpty || !textInput.editor.isEmpty }

    /// Its tokens and its typed text; undoable like any edit.
    func clear(in context: ControlContext) {
        tokens = []
        selectedToken = nil
        clearText(in: context)
    }
}
