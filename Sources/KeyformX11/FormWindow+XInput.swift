import CXCB

/// XInput 2 pointer events: buttons and motion go on as the core events they stand for, smooth
/// scrolling straight to the session.
extension FormWindow {
    /// Whether the window has taken up XInput 2.1 yet.
    enum PointerInput {
        /// Core events only, so far: a form filled in from the keyboard never loads libxcb-xinput.
        case awaitingPointer
        /// Started when the pointer came.
        case started(XInputPointer)
        /// Without XI2 the core events serve, so a server that lacks or refuses it only loses
        /// smooth scrolling.
        case unavailable
    }

    /// Called for each core pointer event: the first takes up XI2, whose events replace the core
    /// ones from the server's next event on. That one, and any already sent, are handled as core
    /// events: a wheel notch among them scrolls by its button, once.
    func pointerCame() {
        guard case .awaitingPointer = pointerInput else { return }
        pointerInput = XInputPointer.start(connection: x, window: window.id).map { .started($0) } ?? .unavailable
    }

    func dispatchGeneric(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        guard case let .started(pointerInput) = pointerInput else { return }
        for translation in pointerInput.translate(event) {
            switch translation {
            case .core(let core):
                // Both are the 32 bytes of a core event; dispatch reads the fields with raw loads.
                var generic = xcb_generic_event_t()
                withUnsafeMutableBytes(of: &generic) { $0.storeBytes(of: core, as: xcb_button_press_event_t.self) }
                dispatch(&generic)
            case let .scroll(dx, dy):
                deliverMotion()
                session.handle(.scroll(dx: dx * Self.scrollStep, dy: dy * Self.scrollStep))
            }
        }
    }
}
