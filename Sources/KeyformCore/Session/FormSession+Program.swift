/// Changes a program (or `keyform replay`) makes to a running form.
extension FormSession {
    public enum ProgramError: Error, Equatable, CustomStringConvertible {
        case unknownField(String)
        case notFocusable(String)
        case notEditing
        public var description: String {
            switch self {
            case .unknownField(let id): return "no field \"\(id)\""
            case .notFocusable(let id): return "\"\(id)\" cannot take focus (hidden, disabled, or not a control)"
            case .notEditing: return "no text field is being edited"
            }
        }
    }

    private func node(_ id: String) throws(ProgramError) -> Int {
        guard let node = tree.index(of: id) else { throw .unknownField(id) }
        return node
    }

    public func focus(id: String) throws(ProgramError) {
        let node = try node(id)
        guard snapshot.nodes[node].canFocus else { throw .notFocusable(id) }
        focusNow(node, cause: .program)
    }

    public func blur() { endEditing() }

    /// Sets the selection of the field being edited, in Character offsets.
    public func select(anchor: Int, caret: Int) throws(ProgramError) {
        guard let node = editingNode, let text = textControl(node) else { throw .notEditing }
        text.edit(in: context(node)) { $0.select(anchor: anchor, caret: caret) }
    }

    public func setHidden(_ id: String, _ hidden: Bool) throws(ProgramError) {
        let node = try node(id)
        tree[node].field.hidden = hidden
        relayout()
    }

    public func setDisabled(_ id: String, _ disabled: Bool) throws(ProgramError) {
        let node = try node(id)
        tree[node].field.disabled = disabled
        relayout()
    }

    /// Gives a field a new label (`_` before its mnemonic letter), or a section a new title.
    package func setLabel(_ label: String, of id: String) throws(ProgramError) {
        let node = try node(id)
        tree[node].field.label = label
        relayout()
    }

    /// Makes a field a Tab stop or not (`tabStop`), as an empty picker that gets options becomes one.
    package func setTabStop(_ id: String, _ tabStop: Bool) throws(ProgramError) {
        let node = try node(id)
        tree[node].field.tabStop = tabStop
        relayout()
    }

    /// Gives a picker or radio group new options, keeping its choice if it is among them (else
    /// none is chosen), or a token field new suggestions.
    package func setOptions(_ options: [String], of id: String) throws(ProgramError) {
        let node = try node(id)
        var field = tree[node].field
        let current = tree[node].control.value(in: context(node)) ?? .null
        field.options = options
        field.value = ""
        _ = try? field.prefill(with: current)
        let control = field.kind.control.init(field: field)
        let changed = control.value(in: context(node)) != current
        tree[node].field = field
        tree[node].control = control
        if focus.focused == node { tree[node].control.focusGained(.program, from: node, in: context(node)) }
        relayout()
        if changed { valueChanged(node) }
    }

    /// Shows `message` under a field where its rules' messages go (nil takes it away); it stays
    /// until the field's value changes, as a refused submit's does.
    package func setMessage(_ message: String?, of id: String) throws(ProgramError) {
        let node = try node(id)
        guard tree[node].message != message else { return }
        tree[node].message = message
        relayout()
    }

    /// Whether the form has a field (or section, label, button) `id`, removed or not.
    package func hasField(_ id: String) -> Bool { tree.index(of: id) != nil }

    /// Ends the form as cancelled, asking no hook: the program closes it.
    package func close() { result = .cancelled }

    /// Removes a field (and a section's fields) for good.
    public func remove(_ id: String) throws(ProgramError) {
        let node = try node(id)
        tree[node].removed = true
        relayout()
    }

    /// The selection of the field being edited, `[anchor, caret]`.
    public var selection: (anchor: Int, caret: Int)? {
        editingNode.flatMap(textControl).map { ($0.textInput.editor.anchor, $0.textInput.editor.caret) }
    }

    /// The open overlay, as replay reports it.
    public var overlayJSON: JSONValue {
        // The shortcuts overlay is drawn above everything, an open list included.
        if let shortcuts = shortcutsOverlayJSON { return shortcuts }
        return popup?.json ?? .null
    }

    public var startingPointID: String? {
        switch focus.start {
        case .none: return nil
        case .at(let node), .before(let node): return tree[node].field.id
        }
    }
}
