import CXCB

/// XInput 2 pointer events: buttons and motion go on as the core events they stand for, smooth
/// scrolling straight to the session.
extension FormWindow {
    func dispatchGeneric(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        guard let pointerInput else { return }
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
