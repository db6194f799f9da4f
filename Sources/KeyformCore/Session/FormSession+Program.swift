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
        setFocus(node, cause: .program)
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
