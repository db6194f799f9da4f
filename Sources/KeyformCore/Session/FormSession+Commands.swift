/// The responder chain: the focused control, its sections, the form, the window and the
/// application each make their commands when a key arrives, and the first that handles the key
/// wins. Mnemonics (Alt+letter) come after the form's own commands.
extension FormSession {
    /// Offers a press to the commands along the chain, `priority` ones (before the focused
    /// control) or the rest (after it). Returns nil when none took the key, else whether it acted.
    func runCommand(for press: KeyPress, priority: Bool) -> Bool? {
        for scope in CommandScope.allCases {
            let candidates = priority ? priorityCommands(in: scope) : commands(in: scope)
            for command in candidates where command.priority == priority && command.matches(press) {
                switch perform(command.action) {
                case .handled: return true
                case .stop: return false
                case .ignored: continue
                }
            }
            if scope == .form && !priority {
                switch activateMnemonic(press) {
                case .handled: return true
                case .stop: return false
                case .ignored: break
                }
            }
        }
        return nil
    }

    /// The command a press would run first, priority ones before the rest.
    func command(for press: KeyPress) -> KeyCommand? {
        let all = CommandScope.allCases.flatMap { commands(in: $0) }
        return all.first { $0.priority && $0.matches(press) } ?? all.first { !$0.priority && $0.matches(press) }
    }

    /// One scope's commands as things are now: its own, then an app's.
    func commands(in scope: CommandScope) -> [KeyCommand] {
        builtInCommands(in: scope) + appCommands(in: scope)
    }

    func builtInCommands(in scope: CommandScope) -> [KeyCommand] {
        switch scope {
        case .control:
            guard let node = focus.focused else { return [] }
            let control = tree[node].control
            return control.ownKeys(in: context(node)) + control.commands(in: context(node))
        case .section: return sectionCommands()
        case .form: return keyCommands.formCommands.filter { isAvailable($0.action) }
        case .window: return windowCommands()
        case .application:
            return [KeyCommand(chords: [KeyChord(.questionMark, .control), KeyChord(.f1)], title: "Show keyboard shortcuts",
                               action: .toggleOverlay)]
        }
    }

    /// The commands that come before the focused control: its own keys, and Tab, Shift+Tab and
    /// Escape. Every key press asks for them, a letter too, so only these are made (a text
    /// field's editing commands, the form's and the window's others come after it; an app's too,
    /// `appCommands`).
    func priorityCommands(in scope: CommandScope) -> [KeyCommand] {
        switch scope {
        case .control: return focus.focused.map { tree[$0].control.ownKeys(in: context($0)) } ?? []
        case .window: return Self.focusKeys
        case .section, .form, .application: return []
        }
    }

    /// Made once. `KeyCommand` is not Sendable only for an app's action, which these have none of.
    private nonisolated(unsafe) static let focusKeys = [
        KeyCommand(chords: [KeyChord(.tab)], title: "Next field", action: .nextField, priority: true),
        KeyCommand(chords: [KeyChord(.tab, .shift)], title: "Previous field", action: .previousField, priority: true),
        // Ctrl+Tab and Ctrl+Shift+Tab move focus from anywhere, a text area too, as in GTK and Qt
        // (where Tab types a tab there); unlisted, as Tab already says it.
        KeyCommand(chords: [KeyChord(.tab, .control)], title: nil, action: .nextField, priority: true),
        KeyCommand(chords: [KeyChord(.tab, [.control, .shift])], title: nil, action: .previousField, priority: true),
        KeyCommand(chords: [KeyChord(.escape)], title: "Cancel", action: .escape, priority: true),
    ]

    func windowCommands() -> [KeyCommand] {
        var commands = Self.focusKeys
        if form.returnKey != .none {
            // Listed only where Return submits; elsewhere it does what Tab does.
            commands.append(KeyCommand(chords: [KeyChord(.returnKey)], title: returnSubmits ? "Submit" : nil, action: .returnKey))
        }
        commands.append(KeyCommand(chords: [KeyChord(.returnKey, .control)], title: "Submit", action: .submit))
        if maxScroll > 0 {
            commands.append(KeyCommand(chords: [KeyChord(.pageDown)], title: "Scroll down", action: .scrollPage(down: true)))
            commands.append(KeyCommand(chords: [KeyChord(.pageUp)], title: "Scroll up", action: .scrollPage(down: false)))
        }
        return commands
    }

    /// Whether Return submits from here under the form's `returnKey`: never where the focused
    /// control uses it itself, so the overlay never says Return submits there.
    var returnSubmits: Bool {
        if focusedControlTakesReturn { return false }
        switch form.returnKey {
        case .submit: return true
        case .nextThenSubmit:
            return focus.focused.map(isLastInput) ?? false
        case .next, .none: return false
        }
    }

    /// A plain Return the focused control uses itself: a line break in an editable text area,
    /// a token of the text typed in a token field (`TextEditingControl.handleKey`, `TokensControl`).
    private var focusedControlTakesReturn: Bool {
        guard let node = focus.focused, let text = textControl(node) else { return false }
        if type(of: text).isMultiline { return !text.textInput.readOnly }
        return tree[node].field.kind == .tokens && !text.textInput.editor.isEmpty
    }

    /// Whether only buttons, if anything, follow `node` in the tab order: Return there submits,
    /// so a one-field prompt takes one Return, as `zenity --entry` does.
    func isLastInput(_ node: Int) -> Bool {
        let position = order.position[node]
        guard position >= 0 else { return false }
        return order.sequence[(position + 1)...].allSatisfy { !snapshot.nodes[$0].isTabStop || tree[$0].control.shape == .button }
    }

    /// F6 leaves the section being filled in, Shift+F6 goes back before it, innermost first.
    func sectionCommands() -> [KeyCommand] {
        guard let node = focus.focused else { return [] }
        return tree.ancestors(of: node).flatMap { section in
            [KeyCommand(chords: [KeyChord(.f6)], title: "Skip the rest of this section",
                        action: .leaveSection(section, forward: true)),
             KeyCommand(chords: [KeyChord(.f6, .shift)], title: "Back to before this section",
                        action: .leaveSection(section, forward: false))]
        }
    }

    /// Form file commands that name a field exist while that field can take them.
    func isAvailable(_ action: CommandAction) -> Bool {
        switch action {
        case .focus(let id): return tree.index(of: id).map { snapshot.nodes[$0].canFocus } ?? false
        case .clear(let id): return tree.index(of: id).map { submits($0) && tree[$0].control.canClear(in: context($0)) } ?? false
        default: return true
        }
    }

    func perform(_ action: CommandAction) -> CommandOutcome {
        switch action {
        case .submit: submit()
        case .cancel: cancel()
        case .toggleOverlay:
            // Reached only while it is hidden: while it shows, `dismissOverlay` takes this key.
            showShortcutsOverlay(byHold: false)
        case .focus(let id):
            guard let node = tree.index(of: id) else { return .ignored }
            requestFocus(node, cause: .keyboard)
        case .clear(let id):
            guard let node = tree.index(of: id) else { return .ignored }
            watchBeforeChange(node)
            tree[node].control.clear(in: context(node))
        case .nextField: return moveFocus(.forward) ? .handled : .stop
        case .previousField: return moveFocus(.backward) ? .handled : .stop
        case .returnKey: return returnKey() ? .handled : .stop
        case .escape: return escape() ? .handled : .stop
        case .scrollPage(let down):
            return scroll(to: scrollOffset.y + (down ? 0.9 : -0.9) * viewport.height) ? .handled : .stop
        case let .leaveSection(section, forward): return leave(section: section, forward: forward)
        case .selectAll, .copy, .cut, .paste, .undo, .redo, .moveWord, .deleteWord, .clearTokens, .chooseOption, .openPopup, .toggle,
             .stepDate:
            guard let node = focus.focused else { return .ignored }
            return tree[node].control.perform(action, in: context(node))
        case .app(let action): return action.run() ? .handled : .ignored
        }
        return .handled
    }

    /// Focuses the first stop after the section (or the last before it), without wrapping.
    func leave(section: Int, forward: Bool) -> CommandOutcome {
        let inside = order.sequence.indices.filter { tree.ancestors(of: order.sequence[$0]).contains(section) }
        guard let first = inside.first, let last = inside.last,
              let target = FocusEngine.firstStop(after: forward ? last : first, forward: forward,
                                                 within: order.sequence.count, order, snapshot) else { return .stop }
        requestFocus(target, cause: .keyboard)
        return .handled
    }
}
