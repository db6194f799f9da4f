import CXCB

/// _NET_WM_PING (EWMH): a window manager asks whether a window still responds by sending it a
/// WM_PROTOCOLS client message, and the client answers by sending the message back to the root
/// window. The form answers after it has handled the events that came before the ping and
/// painted what they changed, so an answer also says that all of it is on screen: tests and the
/// demo tour wait for that instead of for a while. This is the window's half, the answer; the
/// sender's half is in KeyformAutomation (`XConnection+Ping.swift`).
extension XConnection {
    /// Answers a ping: the same message, for the root window, to whoever watches the root's
    /// children (the window manager, or the client that sent it).
    func answer(ping: xcb_client_message_event_t) {
        var answer = ping
        answer.window = screen.root
        send(answer, to: screen.root, mask: XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue | XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT.rawValue)
    }

    /// Sends a 32-byte client message; `package` for KeyformAutomation, which sends the pings.
    package func send(_ message: xcb_client_message_event_t, to window: xcb_window_t, mask: UInt32) {
        var message = message
        withUnsafeBytes(of: &message) { raw in
            // SendEvent always carries 32 bytes; the struct is exactly that.
            _ = xcb_send_event(connection, 0, window, mask, raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
    }
}
