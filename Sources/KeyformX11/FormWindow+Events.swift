import CXCB
import KeyformCore

/// Turning X events into `InputEvent`s for the session, one event type per case.
extension FormWindow {
    /// Wheel notches: X reports each as a press of buttons 4–7.
    static let scrollStep = 48.0

    func dispatch(_ event: UnsafeMutablePointer<xcb_generic_event_t>) {
        // The top bit marks events another client sent (SendEvent); they are handled alike.
        let type = event.pointee.response_type & 0x7f
        if type == XCB_GE_GENERIC { return dispatchGeneric(event) }
        if let inputMethod, inputMethod.filter(event) { return deliverInputMethodOutput() }
        if holdsForKeyListeners(type) { return holdForKeyListeners(event.pointee) }
        if holdsForInputMethod(type) { return deferredInput.append(event.pointee) }
        handle(event)
    }

    /// One event, in its turn. `waited`: it waited for key listeners or the input method, so a
    /// key is read with the modifiers and group its event recorded.
    func handle(_ event: UnsafeMutablePointer<xcb_generic_event_t>, waited: Bool = false) {
        let raw = UnsafeRawPointer(event)
        let type = event.pointee.response_type & 0x7f
        clipboard.noteTime(of: event)
        if type != XCB_MOTION_NOTIFY { deliverMotion() }
        // The desktop's settings (events on the root and the XSETTINGS manager's window).
        if let desktop, desktop.handle(event) { return followDesktop() }
        switch Int32(type) {
        case 0:
            // An error for a request nobody checked (the reply-reading ones throw where read):
            // nothing here can repair it, and a lost connection is caught after the batch.
            break
        case XCB_KEY_PRESS, XCB_KEY_RELEASE:
            // The input method's first, if one takes keys now; else ours at once. With an input
            // method a key may have waited for it (`deferredInput`): read it as it was pressed.
            let key = raw.load(as: xcb_key_press_event_t.self)
            if Int32(type) == XCB_KEY_PRESS { userTime.note(key.time) }
            // What the events before it did is told first (a click that ended the composition,
            // focus moved to another field): the batch may not be over.
            if inputMethod != nil {
                var host = self
                session.performRequests(on: &host)
                updateInputMethod()
            }
            if inputMethod?.forward(key) != true { deliverKey(key, inEventState: waited || inputMethod != nil) }
        case XCB_BUTTON_PRESS:
            let button = raw.load(as: xcb_button_press_event_t.self)
            userTime.note(button.time)
            pointerCame()
            buttonPress(button)
        case XCB_BUTTON_RELEASE:
            let button = raw.load(as: xcb_button_release_event_t.self)
            if let pointer = Self.pointerButton(button.detail) {
                session.handle(.pointerRelease(pointer, at: logicalPoint(formPixel(in: button.event, x: button.event_x, y: button.event_y))))
            }
        case XCB_MOTION_NOTIFY:
            let motion = raw.load(as: xcb_motion_notify_event_t.self)
            pointerCame()
            pendingMotion = logicalPoint(formPixel(in: motion.event, x: motion.event_x, y: motion.event_y))
        case XCB_FOCUS_IN, XCB_FOCUS_OUT:
            let focus = raw.load(as: xcb_focus_in_event_t.self)
            // NotifyPointer is about the window under the pointer, not where keys go.
            guard focus.detail != XCB_NOTIFY_DETAIL_POINTER.rawValue else { break }
            let focused = Int32(type) == XCB_FOCUS_IN
            if focused != hasFocus {
                hasFocus = focused
                if !focused { keyboard.forgetHeldKeys() }
                session.handle(.windowFocus(focused))
            }
        case XCB_EXPOSE:
            let expose = raw.load(as: xcb_expose_event_t.self)
            if let popup = popupWindow, expose.window == popup.id { return popup.copy() }
            exposed.append((Rect(x: Double(expose.x), y: Double(expose.y), width: Double(expose.width), height: Double(expose.height)),
                            event.pointee.full_sequence))
        case XCB_CONFIGURE_NOTIFY:
            // Ours only: the desktop's watcher selects StructureNotify on the root and on the
            // XSETTINGS manager's window too.
            let configure = raw.load(as: xcb_configure_notify_event_t.self)
            guard configure.window == window.id else { break }
            resize(width: configure.width, height: configure.height)
            inputMethod?.windowMoved()
            followScreenPlace()
        case XCB_MAP_NOTIFY:
            if raw.load(as: xcb_map_notify_event_t.self).window == window.id { followScreenPlace() }
        case XCB_DESTROY_NOTIFY:
            destroyed = destroyed || raw.load(as: xcb_destroy_notify_event_t.self).window == window.id
        case XCB_SELECTION_REQUEST, XCB_SELECTION_NOTIFY, XCB_SELECTION_CLEAR, XCB_PROPERTY_NOTIFY:
            handleSelectionEvent(event)
        case XCB_CLIENT_MESSAGE:
            let message = raw.load(as: xcb_client_message_event_t.self)
            guard message.type == x.atoms.wmProtocols && message.format == 32 else { break }
            if message.data.data32.0 == x.atoms.wmDeleteWindow { closeRequested = true }
            if message.data.data32.0 == x.atoms.netWmPing { pings.append(message) }
        default:
            if type == keyboard.eventBase { keyboard.handle(event) }
        }
    }

    /// A key press or release for the session. `inEventState`: it may be read after its
    /// modifiers were let go (it went to the input method and came back, or waited for it), so it
    /// is read with the modifiers and group its event recorded.
    func deliverKey(_ key: xcb_key_press_event_t, inEventState: Bool = false) {
        if Int32(key.response_type & 0x7f) == XCB_KEY_PRESS {
            let press = inEventState ? keyboard.press(keycode: UInt32(key.detail), state: key.state)
                : keyboard.press(keycode: UInt32(key.detail))
            session.handle(.keyPress(press))
        } else if let release = keyboard.release(keycode: UInt32(key.detail), state: key.state) {
            session.handle(.keyRelease(release))
        }
    }

    /// Gives the session the last of a burst of pointer motion; called before any other event so
    /// the order of events is kept.
    func deliverMotion() {
        guard let point = pendingMotion else { return }
        pendingMotion = nil
        session.handle(.pointerMotion(at: point))
    }

    private func buttonPress(_ button: xcb_button_press_event_t) {
        let pixel = formPixel(in: button.event, x: button.event_x, y: button.event_y)
        let point = logicalPoint(pixel)
        if let pointer = Self.pointerButton(button.detail) {
            let count = clicks.press(button: button.detail, time: button.time, x: pixel.x, y: pixel.y)
            session.handle(.pointerPress(pointer, at: point, modifiers: XKeyboard.modifiers(button.state),
                                         clickCount: count))
        } else if let (dx, dy) = Self.scrollDelta(button.detail) {
            session.handle(.scroll(dx: dx, dy: dy))
        }
    }

    /// Where X reports the pointer (device pixels in the form's window, `formPixel`), in the
    /// core's logical units.
    private func logicalPoint(_ pixel: (x: Int32, y: Int32)) -> Point { scale.logical(Point(x: Double(pixel.x), y: Double(pixel.y))) }

    /// A ConfigureNotify also reports moves and restacking; only a new size matters.
    private func resize(width newWidth: UInt16, height newHeight: UInt16) {
        guard newWidth != width || newHeight != height else { return }
        width = newWidth
        height = newHeight
        painter.resize(width: newWidth, height: newHeight, scale: scale)
        session.handle(.resize(logicalSize(width: newWidth, height: newHeight)))
    }

    static func pointerButton(_ button: UInt8) -> PointerButton? {
        switch button {
        case 1: return .primary
        case 2: return .middle
        case 3: return .secondary
        default: return nil
        }
    }

    /// Buttons 4/5 are the wheel up/down, 6/7 left/right. Positive `dy` shows what is below.
    static func scrollDelta(_ button: UInt8) -> (Double, Double)? {
        switch button {
        case 4: return (0, -scrollStep)
        case 5: return (0, scrollStep)
        case 6: return (-scrollStep, 0)
        case 7: return (scrollStep, 0)
        default: return nil
        }
    }
}
