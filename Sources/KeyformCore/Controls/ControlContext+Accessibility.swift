/// What every control's accessible node starts from, so a kind adds only what is its own.
extension ControlContext {
    /// A node for the field: named by its label without the mnemonic's `_` (by its placeholder
    /// when it has no label, as HTML names an unlabelled input), with its placeholder as the
    /// placeholder, described by its validation message, with the states every field has, its
    /// control's frame, and its mnemonic as the key binding of `action`, its first action (nil:
    /// it has none).
    func accessibleNode(_ role: AccessibleRole, action: String? = "activate") -> AccessibleNode {
        let field = self.field, message = accessibleMessage, kind = type(of: control)
        // No more of a label than can be shown is read, as no more is drawn (see `WrappedLabel`).
        let label = String(field.label.prefix(WrappedLabel.shownGraphemes))
        let labelText = kind.labelHasMnemonic ? Mnemonic(label: label).text : label
        var node = AccessibleNode(role: role, name: labelText.isEmpty ? field.placeholder : labelText)
        if !labelText.isEmpty { node.placeholder = field.placeholder }
        node.description = message ?? ""
        if kind.labelHasMnemonic { node.keyBinding = mnemonicLetter.map { "Alt+" + $0.uppercased() } }
        node.actions = action.map { [AccessibleAction($0, keyBinding: node.keyBinding)] } ?? []
        node.frame = windowFrame
        if isShown { node.states.formUnion([.visible, .showing]) }
        if isSensitive { node.states.formUnion([.enabled, .sensitive]) }
        if kind.takesFocus { node.states.insert(.focusable) }
        if isFocused { node.states.insert(.focused) }
        if field.required { node.states.insert(.required) }
        if message != nil { node.states.insert(.invalidEntry) }
        if isChecking { node.states.insert(.busy) }
        return node
    }

    /// Does the field's own first action as its mnemonic does (`FormSession.activateMnemonic`):
    /// focus moves to it, then it acts, so `press` on a button submits. False for any other
    /// action, a part's, or a field that cannot take focus now.
    func performAsMnemonic(_ name: String, on part: [Int]) -> Bool {
        let control = self.control
        guard part.isEmpty, isEnabled, name == control.accessibleNode(in: self).actions.first?.name else { return false }
        focusNow()
        _ = control.activate(in: self)
        return true
    }
}
