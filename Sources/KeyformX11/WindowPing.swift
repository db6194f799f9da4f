import CXCB

/// _NET_WM_PING (EWMH): a window manager asks whether a window still responds by sending it a
/// WM_PROTOCOLS client message, and the client answers by sending the message back to the root
/// window. The form answers after it has handled the events that came before the ping and
/// painted what they changed, so an answer also says that all of it is on screen: tests and the
/// demo tour wait for that instead of for a while.
extension XConnection {
    /// Sends the ping numbered `serial` to `window`. With an empty event mask a client message
    /// goes to the client that created the window.
    func ping(_ window: xcb_window_t, serial: UInt32) {
        var message = xcb_client_message_event_t()
        message.response_type = UInt8(XCB_CLIENT_MESSAGE)
        message.format = 32
        message.window = window
        message.type = atoms.wmProtocols
        message.data.data32 = (atoms.netWmPing, serial, window, 0, 0)
        send(message, to: window, mask: XCB_EVENT_MASK_NO_EVENT.rawValue)
    }

    /// Answers a ping: the same message, for the root window, to whoever watches the root's
    /// children (the window manager, or the client that sent it).
    func answer(ping: xcb_client_message_event_t) {
        var answer = ping
        answer.window = screen.root
        send(answer, to: screen.root, mask: XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue | XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT.rawValue)
    }

    /// The serial of `event` if it is the answer to one of our pings.
    func pingAnswer(_ event: UnsafePointer<xcb_generic_event_t>) -> UInt32? {
        guard event.pointee.response_type & 0x7f == XCB_CLIENT_MESSAGE else { return nil }
        let message = UnsafeRawPointer(event).load(as: xcb_client_message_event_t.self)
        guard message.type == atoms.wmProtocols, message.format == 32, message.data.data32.0 == atoms.netWmPing,
              message.window == screen.root else { return nil }
        return message.data.data32.1
    }

    private func send(_ message: xcb_client_message_event_t, to window: xcb_window_t, mask: UInt32) {
        var message = message
        withUnsafeBytes(of: &message) { raw in
            // SendEvent always carries 32 bytes; the struct is exactly that.
            _ = xcb_send_event(connection, 0, window, mask, raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
    }
}
