import KeyformCore

/// The window's side of the input method (`InputMethod`): what it said goes to the session in
/// order, and after each batch it is told where focus and the caret are.
extension FormWindow {
    /// Keys it gave back, its composition and its commits, to the session.
    func deliverInputMethodOutput() {
        guard let inputMethod else { return }
        for output in inputMethod.takeOutput() {
            switch output {
            case let .key(key, composing): deliverKey(key, fromInputMethod: true, composing: composing)
            case let .preedit(text, caret, highlight): session.handle(.preedit(text, caret: caret, highlight: highlight))
            case .commit(let text): session.handle(.commit(text))
            case .report(let message): report(message)
            }
        }
    }

    /// Before each batch: held keys due, and an input method gone quiet.
    func tickInputMethod() {
        guard let inputMethod else { return }
        inputMethod.tick(now: MonotonicClock.now())
        deliverInputMethodOutput()
    }

    /// After each batch: focus is in a field taking its text while the window has focus, and the
    /// caret (the candidate window's spot) is where the session says, whenever either changed.
    func updateInputMethod() {
        guard let inputMethod else { return }
        let spot = hasFocus ? session.inputMethodSpot : nil
        inputMethod.update(field: spot == nil ? nil : session.editingID, caret: spot)
    }
}
