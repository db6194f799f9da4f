/// Where the session asks an app's hooks and commands (`SessionHooks`), and what the app's
/// actions may do to the form while it runs.
extension FormSession {
    /// The app's commands in a scope of the responder chain: the focused field's, then those of
    /// the sections around it (innermost first), the form's and the window's. None takes
    /// priority: each comes after the focused control.
    func appCommands(in scope: CommandScope) -> [KeyCommand] {
        let places: [SessionHooks.Place]
        switch scope {
        case .control: places = focus.focused.map { [.field(tree[$0].field.id)] } ?? []
        case .section: places = focus.focused.map { tree.ancestors(of: $0).map { .section(tree[$0].field.id) } } ?? []
        case .form: places = [.form]
        case .window: places = [.window]
        case .application: places = []
        }
        return places.flatMap(hooks.commands).map { KeyCommand(chords: $0.chords, title: $0.title, action: .app(AppAction($0.run))) }
    }

    /// BackSpace with no modifier in a text field whose input is empty before the key and with
    /// nothing composing: the app's hook may take it, before the field (a token field would
    /// remove its last token).
    func appTakesBackspace(_ press: KeyPress, node: Int) -> Bool {
        guard press.key == .backSpace, press.modifiers.isDisjoint(with: Modifiers.command.union(.shift)), preedit.isEmpty,
              let text = textControl(node), text.textInput.editor.isEmpty else { return false }
        return hooks.backspaceWhenEmpty(tree[node].field.id)
    }

    /// Cancels, unless the app's hook keeps the form open.
    func cancel() {
        if hooks.cancel() { result = .cancelled }
    }

    /// Runs `body` (an event's dispatch, or a change the program makes) as one change the app
    /// hears of after it: each value it changes is a notice as it changes, and a focus move, from
    /// where focus was before it to where it is after, one notice at its end. Nothing is told
    /// while it runs (`tellApp`), so an `onChange` that sets its own field's value never replaces
    /// the control under an edit that is still running.
    package func noticingChanges<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let before = focusedID
        effects.changeDepth += 1
        defer {
            effects.changeDepth -= 1
            if effects.changeDepth == 0, focusedID != before { effects.notices.append(.focusChanged(from: before, to: focusedID)) }
        }
        return try body()
    }

    /// Tells the app (`SessionHooks.tell`) each notice not yet told, in order, and returns
    /// whether there was any. A hook's own changes are noticed in turn and told in the same
    /// loop, until none is left; a hook that sets a value the field already has changes nothing,
    /// so a hook that sets its own field's value ends. Nothing is told during a change (from an
    /// app's action, or from a hook): the loop that runs after it tells it. `takeUpdate` and
    /// `runBatch` call it, so every host tells the app this way, after its batch's events.
    @discardableResult
    package func tellApp() -> Bool {
        guard effects.changeDepth == 0 else { return false }
        var told = false
        while !effects.notices.isEmpty {
            // Taken whole (one letter of a long `type:` is one notice): what the hooks change
            // meanwhile is queued anew, and told after these.
            let notices = effects.notices
            effects.notices = []
            effects.told += notices
            told = true
            for notice in notices { noticingChanges { hooks.tell(notice) } }
        }
        return told
    }

    /// Sets a field's value while the form runs, read as a form file's `value` is (text, an
    /// option, a list of text, a boolean, an ISO date). The field starts afresh with it: its
    /// undo history and selection are its new value's.
    package func setValue(_ value: JSONValue, of id: String) throws(PrefillError) {
        guard let node = tree.index(of: id) else { throw PrefillError("no field \"\(id)\"") }
        var field = tree[node].field
        try field.prefill(with: value)
        let control = field.kind.control.init(field: field)
        // The same value again changes nothing, so a hook that sets its own field's value ends.
        guard control.value(in: context(node)) != tree[node].control.value(in: context(node)) else { return }
        tree[node].field = field
        tree[node].control = control
        if focus.focused == node { tree[node].control.focusGained(.program, from: node, in: context(node)) }
        valueChanged(node)
    }

    /// Submits from the program (an app's action or its own code): as Ctrl+Return does, focus
    /// moving at once to a field that refuses.
    package func submitNow() {
        noticingChanges {
            submit()
            applyFocusRequest()
        }
    }

    /// Cancels from the program, the app's cancel hook asked first.
    package func cancelNow() { cancel() }

    /// The titled commands available now, as the shortcuts overlay would list them.
    package var availableShortcuts: [(title: String, keys: String, group: String)] {
        shortcutItems().map { ($0.title, $0.keys, $0.group) }
    }
}
