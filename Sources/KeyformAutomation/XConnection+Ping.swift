import CXCB
import KeyformX11

/// _NET_WM_PING, the sender's half: the driver pings the form and waits for the answer, which
/// says the form has handled and painted everything sent before (see KeyformX11's
/// `WindowPing.swift`, the window's half, which answers).
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

    /// The serial of `event` if it is the answer to one of our pings.
    func pingAnswer(_ event: UnsafePointer<xcb_generic_event_t>) -> UInt32? {
        guard event.pointee.response_type & 0x7f == XCB_CLIENT_MESSAGE else { return nil }
        let message = UnsafeRawPointer(event).load(as: xcb_client_message_event_t.self)
        guard message.type == atoms.wmProtocols, message.format == 32, message.data.data32.0 == atoms.netWmPing,
              message.window == screen.root else { return nil }
        return message.data.data32.1
    }
}
