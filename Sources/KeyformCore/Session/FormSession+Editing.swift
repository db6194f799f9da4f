/// The session's side of text editing: it finds the text control being typed in and hands it
/// what is not a key press for it — the start of each event (for undo), a value change, a
/// paste, the wheel, the caret's blink and a compose sequence. The editing itself is the
/// control's (`TextEditingControl`).
extension FormSession {
    /// The field's control, if a person types text into it.
    func textControl(_ node: Int) -> (any TextEditingControl)? { tree[node].control.textEditing }

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
        focusTracking.preedit = Preedit(text: text)
        if let node = editingNode { invalidate(node: node) }
    }

    /// The control being edited if it takes an input method's text: not masked (a password's
    /// composition would show what it hides) and not read-only.
    var compositionTarget: (node: Int, control: any TextEditingControl)? {
        guard let node = editingNode, let control = textControl(node),
              !type(of: control).masksText, !control.textInput.readOnly else { return nil }
        return (node, control)
    }

    /// An input method's composition so far; empty text ends it. A text area grows to show it.
    func showComposition(_ text: String, caret: Int?, segments: [PreeditSegment] = []) -> Bool {
        guard let (node, control) = compositionTarget else { return false }
        let inside = segments.map { PreeditSegment($0.range.clamped(to: 0..<text.count), converted: $0.converted) }.filter { !$0.range.isEmpty }
        let shown = Preedit(text: text, caret: caret.map { min(max(0, $0), text.count) }, segments: inside, byInputMethod: !text.isEmpty)
        guard shown != focusTracking.preedit else { return true }
        focusTracking.preedit = shown
        if fitToContent(node) { relayout() } else { invalidate(node: node) }
        control.keepCaretVisible(in: context(node))
        return true
    }

    /// Text an input method commits, typed as one undo step; the composition ends.
    func commitComposition(_ text: String) -> Bool {
        let wasShown = focusTracking.preedit.byInputMethod
        if wasShown && !showComposition("", caret: nil) { focusTracking.preedit = Preedit() }
        guard let node = editingNode, let control = textControl(node) else { return false }
        return control.commitText(text, in: context(node)) || wasShown
    }

    /// A click or a focus change ends an input method's composition as GTK does: what it shows is
    /// committed to the field it is typed in, and the platform makes the input method drop it.
    func finishComposition() {
        guard focusTracking.preedit.byInputMethod else { return }
        let text = preedit
        _ = commitComposition(text)
        post(.compositionEnded(text))
    }

    /// Where an input method puts its candidate window: the caret (inside a composition, at its
    /// caret) of the field being edited, in window coordinates; nil while no field that takes an
    /// input method's text is edited. The window tells the input method when it changes.
    public var inputMethodSpot: Rect? {
        guard let (node, control) = compositionTarget else { return nil }
        return windowRect(control.caretRect(in: context(node)))
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
