/// Key presses, in one fixed order: compose, the shortcuts overlay, an open picker list, the
/// commands that take priority (Tab, Escape), the focused control (text editing first), then the
/// rest of the responder chain: the control's commands, its sections', the form's (Return, …),
/// the window's and the application's (FormSession+Commands).
extension FormSession {
    func handleKey(_ press: KeyPress) -> Bool {
        // A bare modifier never moves focus: Ctrl held alone shows the overlay, Alt underlines.
        if press.key.isModifier {
            modifierPressed(press)
            return false
        }
        noteNonModifierInput(press.modifiers)
        // An input method's composition owns every key until the input method commits or cancels
        // it (docs/architecture.md › Behaviour): no advancing, submitting, cancelling or token
        // deleted meanwhile.
        if focusTracking.preedit.byInputMethod { return true }
        // A dead key or compose sequence owns its keys until it is finished or cancelled.
        showPreedit(press.composing ? press.preedit : "")
        if press.composing { return true }
        if keyCommands.overlay != nil, dismissOverlay(for: press) { return true }
        if let popup, popup.handleKey(press, in: context(popup.node)) { return true }
        if let handled = runCommand(for: press, priority: true) { return handled }
        if let node = focus.focused, appTakesBackspace(press, node: node) || handleControlKey(press, node: node) { return true }
        return runCommand(for: press, priority: false) ?? false
    }

    /// Escape closes what is open, else cancels the form in one press, as GTK and Qt dialogs do
    /// (a compose sequence and the shortcuts overlay took the key before it came here).
    func escape() -> Bool {
        if popup != nil { closePopup() } else { cancel() }
        return true
    }

    /// Return outside a control that uses it, by the form's `returnKey`.
    func returnKey() -> Bool {
        // The app may decide per field; saying no, it took the key.
        if form.returnKey != .none, let node = focus.focused, !hooks.shouldReturn(tree[node].field.id) { return true }
        switch form.returnKey {
        case .none: return false
        case .submit: submit(); return true
        case .next: return moveFocus(.forward)
        case .nextThenSubmit:
            // With nothing focused Return enters the form, as Tab would.
            guard let node = focus.focused else { return moveFocus(.forward) }
            if !isLastInput(node) { return moveFocus(.forward) }
            submit()
            return true
        }
    }

    func handleControlKey(_ press: KeyPress, node: Int) -> Bool {
        tree[node].control.handleKey(press, in: context(node))
    }

    /// Typing letters jumps to the first item that starts with what was typed in the last second.
    func typeAhead(_ press: KeyPress, in items: [String]) -> Int? {
        guard !press.text.isEmpty, press.text != " " || typeAheadRunning else { return nil }
        let prefix = (now - keyCommands.typeAhead.time < 1000 ? keyCommands.typeAhead.text : "") + press.text.lowercased()
        keyCommands.typeAhead.text = prefix
        keyCommands.typeAhead.time = now
        return items.firstIndex { $0.lowercased().hasPrefix(prefix) }
            ?? items.firstIndex { $0.lowercased().hasPrefix(press.text.lowercased()) }
    }

    /// Whether a type-ahead search is under way (a key typed in the last second): a space then
    /// goes on with it ("united s"), as in GTK's lists, rather than opening the list.
    var typeAheadRunning: Bool { !keyCommands.typeAhead.text.isEmpty && now - keyCommands.typeAhead.time < 1000 }
}
