import CXCB
import KeyformCore
import KeyformKeyboard

/// Keys offered to assistive technology before the form (`KeyListeners`). While a key waits for
/// its answer, the input events after it wait behind it (`heldForKeyListeners`), so the form
/// gets them in the order they came; a consumed key is dropped, the others are handled as if
/// they had just come, read in the state their events recorded.
extension FormWindow {
    /// Whether an input event waits for the key listeners: a key while they want keys, and any
    /// input behind a key that waits.
    func holdsForKeyListeners(_ type: UInt8) -> Bool {
        guard Self.isInput(type) else { return false }
        return !heldForKeyListeners.isEmpty || (Self.isKey(type) && keyListeners?.wantKeys == true)
    }

    func holdForKeyListeners(_ event: xcb_generic_event_t) {
        heldForKeyListeners.append(event)
        offerHeldKeys()
    }

    /// Offers the first held key, handing the events before it on; nothing while one is offered.
    private func offerHeldKeys() {
        while !keyOffered, let first = heldForKeyListeners.first {
            if Self.isKey(first.response_type & 0x7f), let listeners = keyListeners, listeners.wantKeys {
                keyOffered = true
                let key = withUnsafeBytes(of: first) { $0.load(as: xcb_key_press_event_t.self) }
                let described = keyboard.describe(keycode: UInt32(key.detail), state: key.state)
                listeners.offerKey(pressed: Int32(key.response_type & 0x7f) == XCB_KEY_PRESS, keysym: described.keysym,
                                   keycode: key.detail, state: key.state, text: described.text,
                                   keysymName: KeysymNames.name(of: Key(described.keysym)), time: key.time) { [weak self] consumed in
                    self?.keyAnswered(consumed: consumed)
                }
                return
            }
            handOn(heldForKeyListeners.removeFirst())
        }
    }

    private func keyAnswered(consumed: Bool) {
        keyOffered = false
        let key = heldForKeyListeners.removeFirst()
        if !consumed { handOn(key) }
        offerHeldKeys()
    }

    /// An event that waited goes where it would have gone: to wait for the input method, or handled.
    private func handOn(_ event: xcb_generic_event_t) {
        var event = event
        if holdsForInputMethod(event.response_type & 0x7f) { return deferredInput.append(event) }
        handle(&event, waited: true)
    }

    private static func isKey(_ type: UInt8) -> Bool { [XCB_KEY_PRESS, XCB_KEY_RELEASE].contains(Int32(type)) }

    /// Keys, buttons and motion: what waits for key listeners or an input method, in order.
    static func isInput(_ type: UInt8) -> Bool {
        [XCB_KEY_PRESS, XCB_KEY_RELEASE, XCB_BUTTON_PRESS, XCB_BUTTON_RELEASE, XCB_MOTION_NOTIFY].contains(Int32(type))
    }
}
