/// What a screen reader does to the form through the accessibility bus: the actions, text edits,
/// focus and choices AT-SPI's interfaces offer. Each runs like an input event: focus a control
/// asks for moves after it, and the change is announced like any other (`announcingChanges`).
/// Each returns whether it was done; an object that is gone or cannot do it does nothing.
extension FormSession {
    /// An action of `id` (one of its node's `actions`): `press` on a button, `remove` on a token.
    @discardableResult
    public func performAccessibleAction(_ name: String, on id: AccessibleID) -> Bool {
        act(on: id) { node in tree[node].control.performAccessibleAction(name, on: id.part, in: context(node)) }
    }

    /// Chooses the child at `index` of what `id` chooses among (`AccessibleNode.choices`), by its
    /// `select` action: AT-SPI's `Selection.SelectChild`.
    @discardableResult
    public func chooseAccessibleChild(_ index: Int, of id: AccessibleID) -> Bool {
        guard let choices = accessibleNode(id)?.choices else { return false }
        return performAccessibleAction("select", on: AccessibleID(id.object, part: id.part + choices + [index]))
    }

    /// Focus moves to the field `id` is (or is part of): `Component.GrabFocus`.
    @discardableResult
    public func focusAccessible(_ id: AccessibleID) -> Bool {
        act(on: id) { node in
            guard snapshot.nodes[node].canFocus else { return false }
            focusNow(node, cause: .keyboard)
            return true
        }
    }

    /// Replaces the text of `id` between two offsets (scalars; nil: all of it) with `text`, as
    /// typing over a selection does, within its `maxLength`: `EditableText`. Refused for a text
    /// that is not `editable`, a field that is disabled, and a text that could pass the value
    /// limit (`InputLimits.valueBytes`), which holds here as for every other source.
    @discardableResult
    public func editAccessibleText(of id: AccessibleID, replacing range: Range<Int>?, with text: String) -> Bool {
        editText(of: id, editable: true) { editor, shown in
            let kept = range == nil ? 0 : editor.text.utf8.count
            guard kept + text.utf8.count <= InputLimits.valueBytes else { return false }
            let range = range ?? 0..<shown.count
            editor.select(anchor: shown.graphemeOffset(range.lowerBound), caret: shown.graphemeOffset(range.upperBound))
            editor.insert(text)
            return true
        }
    }

    /// Selects the text of `id` from `anchor` to `caret` (scalars); equal, it puts the caret
    /// there: `Text.SetCaretOffset` and `SetSelection`.
    @discardableResult
    public func selectAccessibleText(of id: AccessibleID, anchor: Int, caret: Int) -> Bool {
        editText(of: id, editable: false) { editor, shown in
            editor.select(anchor: shown.graphemeOffset(anchor), caret: shown.graphemeOffset(caret))
            return true
        }
    }

    /// Puts the text between two offsets on the clipboard, as Copy does; never a masked text's.
    @discardableResult
    public func copyAccessibleText(of id: AccessibleID, range: Range<Int>) -> Bool {
        guard let text = accessibleNode(id)?.text, case .field(let node) = id.object, let control = textControl(node),
              type(of: control).masksText == false else { return false }
        post(.setSelection(.clipboard, text.slice(from: range.lowerBound, to: range.upperBound)))
        return true
    }

    /// Sets a number field's number, written as Up and Down write it: `Value.CurrentValue`. A
    /// number past its bounds is clamped to them, as GTK's adjustments clamp; NaN is refused.
    @discardableResult
    public func setAccessibleValue(of id: AccessibleID, to number: Double) -> Bool {
        guard let value = accessibleNode(id)?.value, !number.isNaN else { return false }
        return editAccessibleText(of: id, replacing: nil, with: Field.format(min(max(number, value.minimum), value.maximum)))
    }

    /// The object under a point of the window: a field's control, else the window.
    public func accessibleObject(at point: Point) -> AccessibleID {
        if case .control(let node) = hitTest(point) { return .field(node) }
        return .window
    }

    /// Runs `change` on the field `id` is, or is part of, as an input event runs; not on a part
    /// that is not there.
    private func act(on id: AccessibleID, _ change: (Int) -> Bool) -> Bool {
        guard result == nil, case .field(let node) = id.object, isAccessible(node), id.part.isEmpty || accessibleNode(id) != nil else {
            return false
        }
        return announcingChanges(to: node) {
            defer { applyFocusRequest() }
            return change(node)
        }
    }

    /// Edits the text `id` shows (a text field's, a token field's entry) with its control's
    /// editor; `editable`: only where the node says it can be changed, and the field is enabled.
    /// `change` returns false to refuse, leaving the text as it was.
    private func editText(of id: AccessibleID, editable: Bool, _ change: (inout TextEditor, AccessibleText) -> Bool) -> Bool {
        guard let node = accessibleNode(id), let shown = node.text,
              !editable || node.states.isSuperset(of: [.editable, .enabled]) else { return false }
        return act(on: id) { field in
            guard let control = textControl(field) else { return false }
            var refused = false
            let done = control.edit(in: context(field)) { editor in
                let before = editor
                refused = !change(&editor, shown)
                if refused { editor = before }
            }
            return done && !refused
        }
    }
}
