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
        // A dead key or compose sequence owns its keys until it is finished or cancelled.
        showPreedit(press.composing ? press.preedit : "")
        if press.composing { return true }
        if keyCommands.overlay != nil, dismissOverlay(for: press) { return true }
        if pickerList != nil, handlePickerListKey(press) { return true }
        if let handled = runCommand(for: press, priority: true) { return handled }
        if let node = focus.focused, handleControlKey(press, node: node) { return true }
        return runCommand(for: press, priority: false) ?? false
    }

    /// Escape closes what is open, else ends editing, else cancels the form.
    func escape() -> Bool {
        if pickerList != nil {
            closePicker()
        } else if editingNode != nil {
            endEditing()
        } else {
            result = .cancelled
        }
        return true
    }

    /// Return outside a control that uses it, by the form's `returnKey`.
    func returnKey() -> Bool {
        switch form.returnKey {
        case .none: return false
        case .submit: submit(); return true
        case .next: return moveFocus(.forward)
        case .nextThenSubmit:
            // With nothing focused Return enters the form, as Tab would.
            guard let node = focus.focused else { return moveFocus(.forward) }
            if !FocusEngine.isLastStop(node, in: snapshot, order: order) { return moveFocus(.forward) }
            submit()
            return true
        }
    }

    func handleControlKey(_ press: KeyPress, node: Int) -> Bool {
        switch tree[node].field.kind {
        case .text, .password, .textarea, .tokens: return handleTextKey(press, node: node)
        case .picker: return handlePickerKey(press, node: node)
        case .button:
            guard press.modifiers.intersection(.command).isEmpty,
                  press.key == .space || press.key == .returnKey || press.key == .keypadEnter else { return false }
            activate(button: node)
            return true
        case .section, .label: return false
        }
    }

    func activate(button node: Int) {
        switch tree[node].field.action {
        case .cancel: result = .cancelled
        case .submit, nil: submit()
        }
    }

    // MARK: Picker

    func handlePickerKey(_ press: KeyPress, node: Int) -> Bool {
        let options = tree[node].field.options
        guard !options.isEmpty else { return false }
        let alt = press.modifiers.contains(.alt)
        let plain = press.modifiers.intersection(.command).isEmpty
        switch press.key {
        case .space where plain, .returnKey where plain, .keypadEnter where plain, .down where alt:
            openPicker(node)
        case .up where plain: choose(max(0, (states[node].choice ?? 0) - 1), in: node)
        case .down where plain: choose(min(options.count - 1, (states[node].choice ?? -1) + 1), in: node)
        case .home where plain: choose(0, in: node)
        case .end where plain: choose(options.count - 1, in: node)
        default:
            guard plain, let index = typeAhead(press, in: options) else { return false }
            choose(index, in: node)
        }
        return true
    }

    /// Keys for the open list. A suggestion list leaves typing and caret keys to the input.
    func handlePickerListKey(_ press: KeyPress) -> Bool {
        guard var list = pickerList, press.modifiers.isDisjoint(with: .command) else { return false }
        let last = list.items.count - 1
        let page = Theme.pickerMaxRows - 1
        let choosing = list.purpose == .choice
        switch press.key {
        case .up: list.highlighted = max(0, list.highlighted - 1)
        case .down: list.highlighted = min(last, list.highlighted + 1)
        case .home where choosing: list.highlighted = 0
        case .end where choosing: list.highlighted = last
        case .pageUp where choosing: list.highlighted = max(0, list.highlighted - page)
        case .pageDown where choosing: list.highlighted = min(last, list.highlighted + page)
        case .returnKey, .keypadEnter:
            chooseFromList(list.highlighted)
            return true
        case .space where choosing:
            chooseFromList(list.highlighted)
            return true
        case .escape:
            closePicker()
            return true
        default:
            guard choosing, let index = typeAhead(press, in: list.items) else { return false }
            list.highlighted = index
        }
        show(list)
        return true
    }

    /// Typing letters jumps to the first item that starts with what was typed in the last second.
    func typeAhead(_ press: KeyPress, in items: [String]) -> Int? {
        guard !press.text.isEmpty, press.text != " " else { return nil }
        let prefix = (now - typeAheadTime < 1000 ? typeAheadText : "") + press.text.lowercased()
        typeAheadText = prefix
        typeAheadTime = now
        return items.firstIndex { $0.lowercased().hasPrefix(prefix) }
            ?? items.firstIndex { $0.lowercased().hasPrefix(press.text.lowercased()) }
    }

    func choose(_ option: Int, in node: Int) {
        guard states[node].choice != option else { return }
        states[node].choice = option
        valueChanged(node)
    }
}
