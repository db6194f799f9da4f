/// The session's side of text editing: it finds the text control being typed in and hands it
/// what is not a key press for it — the start of each event (for undo), a value change, a
/// paste, the wheel, the caret's blink and a compose sequence. The editing itself is the
/// control's (`TextEditingControl`).
extension FormSession {
    /// The field's control, if a person types text into it.
    func textControl(_ node: Int) -> (any TextEditingControl)? { tree[node].control as? any TextEditingControl }

    /// At the start of each input event: the field being edited notes its selection for undo.
    func noteSelectionForUndo() {
        guard let node = editingNode else { return }
        textControl(node)?.noteSelectionForUndo()
    }

    /// After a field's value changed: a text control records it for undo.
    func recordUndo(_ node: Int) {
        textControl(node)?.recordUndo()
    }

    /// Repaint only the caret (the blink).
    func invalidateCaret() {
        guard let node = editingNode, let text = textControl(node) else { return }
        invalidate(windowRect(text.caretRect(in: context(node))).insetBy(dx: -2, dy: -1))
    }

    /// Shows or clears the compose sequence in progress.
    func showPreedit(_ text: String) {
        guard text != preedit else { return }
        preedit = text
        if let node = editingNode { invalidate(node: node) }
    }

    /// Asks the platform for a selection's text, for the field being edited now.
    func requestPaste(_ selection: SelectionName) {
        effects.pasteTarget = editingNode
        post(.paste(selection))
    }

    /// Pasted text goes where it was asked for: if focus moved while a slow paste was on its way,
    /// it is dropped rather than typed into another field.
    func paste(_ text: String) -> Bool {
        defer { effects.pasteTarget = nil }
        guard let node = editingNode, effects.pasteTarget == nil || effects.pasteTarget == node, let control = textControl(node) else { return false }
        return control.edit(in: context(node)) { $0.insert(text) }
    }

    /// The wheel over a text control scrolls its text first, if it has more than it shows.
    func scrollText(under point: Point?, by dy: Double) -> Bool {
        guard let point, case .control(let node) = hitTest(point), let text = textControl(node) else { return false }
        return text.scrollText(by: dy, in: context(node))
    }

    /// A field's text as a person sees it, bullets for a password: what replay reports, so a
    /// password reaches no log.
    public func shownText(of id: String) -> String? {
        guard let node = tree.index(of: id) else { return nil }
        return textControl(node)?.shownText
    }
}
