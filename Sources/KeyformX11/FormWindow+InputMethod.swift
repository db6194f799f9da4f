import CXCB
import KeyformCore
import KeyformEnvironment

/// The window's side of the input method (`InputMethodConnection`): what it said goes to the
/// session in order, and after each batch it is told where focus and the caret are.
extension FormWindow {
    /// fcitx5's own D-Bus input context when the environment names fcitx (it is then looked for
    /// on the session bus, and XIM taken if it is not there), else XIM to what `XMODIFIERS` names.
    func chooseInputMethod() -> (any InputMethodConnection)? {
        let keyboard = keyboard
        let fcitx = FcitxInputMethod(connection: x, window: window.id,
                                     keysym: { keyboard.describe(keycode: UInt32($0.detail), state: $0.state).keysym },
                                     screenOrigin: { [unowned self] in rootOrigin })
        return fcitx ?? ximInputMethod()
    }

    private func ximInputMethod() -> InputMethod? {
        InputMethod(connection: x, window: window.id, modifiers: Environment.value("XMODIFIERS"))
    }

    /// Keys it gave back, its composition and its commits, to the session; then the input held
    /// for it, once it has caught up.
    func deliverInputMethodOutput() {
        guard let inputMethod else { return }
        for output in inputMethod.takeOutput() {
            switch output {
            case .key(let key): deliverKey(key, inEventState: true)
            case let .preedit(text, caret, segments): session.handle(.preedit(text, caret: caret, segments: segments))
            case .commit(let text): session.handle(.commit(text))
            }
        }
        while let first = deferredInput.first, !holdsForInputMethod(first.response_type & 0x7f, queued: true) {
            var event = deferredInput.removeFirst()
            handle(&event, waited: true)
        }
    }

    /// Whether an input event waits (in `deferredInput`) for the input method to catch up: a
    /// press after keys it has not answered yet, so that a click lands after the composition
    /// those keys make (and commits it), as the person saw it; and whatever comes after a held
    /// event. `queued`: the event is the first of those held.
    func holdsForInputMethod(_ type: UInt8, queued: Bool = false) -> Bool {
        guard let inputMethod, Self.isInput(type) else { return false }
        if inputMethod.isCatchingUp || (!queued && !deferredInput.isEmpty) { return true }
        guard Int32(type) == XCB_BUTTON_PRESS, inputMethod.hasKeysInFlight else { return false }
        inputMethod.catchUp()
        return inputMethod.isCatchingUp
    }

    /// Before each batch: held keys due.
    func tickInputMethod() {
        guard let inputMethod else { return }
        inputMethod.tick(now: MonotonicClock.now())
        deliverInputMethodOutput()
    }

    /// After each batch, with everything the input method said read: whether it has gone quiet.
    func checkInputMethodAnswers() {
        guard let inputMethod else { return }
        inputMethod.checkAnswering(now: MonotonicClock.now())
        deliverInputMethodOutput()
    }

    /// After each batch: focus is in a field taking its text while the window has focus, and the
    /// caret (the candidate window's spot) is where the session says, whenever either changed.
    func updateInputMethod() {
        if let fcitx = inputMethod as? FcitxInputMethod, fcitx.isUnavailable { inputMethod = ximInputMethod() }
        guard let inputMethod else { return }
        let spot = hasFocus ? session.inputMethodSpot.map(scale.device) : nil
        inputMethod.update(field: spot == nil ? nil : session.editingID, caret: spot)
    }
}
