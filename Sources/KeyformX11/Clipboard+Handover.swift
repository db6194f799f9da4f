import CXCB
import Glibc

/// What we copied outlives us: at exit, a clipboard manager (the owner of CLIPBOARD_MANAGER) is
/// asked to take the CLIPBOARD text with SAVE_TARGETS, as the freedesktop clipboard manager
/// specification describes, and we serve its conversions until it says it is done.
extension Clipboard {
    /// Hands CLIPBOARD over to the clipboard manager, if we own it and a manager runs, waiting
    /// `timeout` milliseconds at most; other events are dropped (the window is closing).
    func handOver(timeout: Double = 2000) {
        guard !x.hasError, let offer = owner.offers[.clipboard], time != xcb_timestamp_t(XCB_CURRENT_TIME) else { return }
        let c = x.connection
        let cookie = xcb_get_selection_owner(c, atoms.clipboardManager)
        guard let manager = try? x.reply("GetSelectionOwner", { xcb_get_selection_owner_reply(c, cookie, $0) }, read: { $0.pointee.owner }),
              manager != xcb_window_t(XCB_NONE) else { return }
        // The targets worth saving: the manager converts them (with MULTIPLE) before it answers.
        var targets = [atoms.utf8String, atoms.mimeUTF8, atoms.text]
        if offer.latin1 != nil { targets.append(XCB_ATOM_STRING.rawValue) }
        x.setProperty(atoms.saveProperty, of: window, type: XCB_ATOM_ATOM.rawValue, words: targets)
        xcb_convert_selection(c, window, atoms.clipboardManager, atoms.saveTargets, atoms.saveProperty, time)
        let deadline = MonotonicClock.now() + timeout
        while true {
            x.flush()
            guard let event = xcb_poll_for_event(c) else {
                let remaining = deadline - MonotonicClock.now()
                guard remaining > 0, !x.hasError else { return }
                var descriptor = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, Int32(remaining.rounded(.up)))
                continue
            }
            defer { free(event) }
            if isManagerDone(event) { return }
            _ = handle(event)
        }
    }

    /// The manager's SelectionNotify for SAVE_TARGETS: it has the text (or refused; either way
    /// there is nothing more to wait for).
    private func isManagerDone(_ event: UnsafeMutablePointer<xcb_generic_event_t>) -> Bool {
        guard Int32(event.pointee.response_type & 0x7f) == XCB_SELECTION_NOTIFY else { return false }
        let notify = UnsafeRawPointer(event).load(as: xcb_selection_notify_event_t.self)
        return notify.requestor == window && notify.selection == atoms.clipboardManager
    }
}
