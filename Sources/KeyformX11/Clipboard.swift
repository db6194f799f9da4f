import CXCB
import KeyformCore

/// The X selections of one window, as the session's requests need them: owning CLIPBOARD and
/// PRIMARY, pasting from other clients, and the server time both must be stamped with.
final class Clipboard {
    let x: XConnection
    let window: xcb_window_t
    let atoms: SelectionAtoms
    let owner: SelectionOwner
    private let fetcher: SelectionFetcher
    /// The server time of the latest input event. Selections are taken and converted with the
    /// time of the event that asked for it, never CurrentTime (ICCCM §2.1).
    private(set) var time = xcb_timestamp_t(XCB_CURRENT_TIME)
    /// Requests made before any event told us the time (at start-up the focused field's text is
    /// selected, for PRIMARY); they wait for the PropertyNotify that `askForTime` causes.
    private var waiting: [PlatformRequest] = []

    init(connection x: XConnection, window: xcb_window_t) throws {
        self.x = x
        self.window = window
        atoms = try SelectionAtoms(connection: x)
        owner = SelectionOwner(connection: x, window: window, atoms: atoms)
        fetcher = SelectionFetcher(connection: x, window: window, atoms: atoms)
    }

    /// Keeps the time of input events and of PropertyNotify on our window.
    func noteTime(of event: UnsafePointer<xcb_generic_event_t>) {
        let raw = UnsafeRawPointer(event)
        let eventTime: xcb_timestamp_t
        switch Int32(event.pointee.response_type & 0x7f) {
        case XCB_KEY_PRESS, XCB_KEY_RELEASE, XCB_BUTTON_PRESS, XCB_BUTTON_RELEASE, XCB_MOTION_NOTIFY:
            eventTime = raw.load(as: xcb_key_press_event_t.self).time
        case XCB_PROPERTY_NOTIFY:
            let notify = raw.load(as: xcb_property_notify_event_t.self)
            guard notify.window == window else { return }
            eventTime = notify.time
        default:
            return
        }
        // Events another client made up (SendEvent) may carry CurrentTime.
        if eventTime != xcb_timestamp_t(XCB_CURRENT_TIME) { time = eventTime }
    }

    /// Carries out one of the session's requests. Returns the texts to paste now: a paste from a
    /// selection we own needs no X round trip.
    func perform(_ request: PlatformRequest) -> [String] {
        guard time != xcb_timestamp_t(XCB_CURRENT_TIME) else {
            if waiting.isEmpty { askForTime() }
            waiting.append(request)
            return []
        }
        switch request {
        case let .setSelection(name, text):
            // A failed round trip means the connection broke, which the event loop reports.
            try? owner.own(name, text: text, time: time)
        case .paste(let name):
            if let offer = owner.offers[name] { return [offer.text] }
            fetcher.fetch(name, time: time)
        case .compositionEnded, .saveDraft:
            break  // the window's own (`FormWindow.perform`)
        }
        return []
    }

    /// Handles SelectionRequest, SelectionNotify, SelectionClear and PropertyNotify. Returns the
    /// pastes that completed, or were dropped for their size.
    func handle(_ event: UnsafePointer<xcb_generic_event_t>) -> [SelectionFetcher.Outcome] {
        let raw = UnsafeRawPointer(event)
        switch Int32(event.pointee.response_type & 0x7f) {
        case XCB_SELECTION_REQUEST:
            owner.answer(raw.load(as: xcb_selection_request_event_t.self))
        case XCB_SELECTION_CLEAR:
            owner.lost(raw.load(as: xcb_selection_clear_event_t.self))
        case XCB_SELECTION_NOTIFY:
            return fetcher.selectionNotified(raw.load(as: xcb_selection_notify_event_t.self)).map { [$0] } ?? []
        case XCB_PROPERTY_NOTIFY:
            let notify = raw.load(as: xcb_property_notify_event_t.self)
            if notify.window == window && notify.atom == atoms.timeProperty && !waiting.isEmpty {
                let requests = waiting
                waiting = []
                return requests.flatMap(perform).map { .text($0, copies: 1) }
            }
            owner.sender.propertyChanged(notify)
            return fetcher.propertyChanged(notify).map { [$0] } ?? []
        default:
            break
        }
        return []
    }

    /// When a transfer whose other side went quiet is due to be given up on.
    var nextDeadline: Double? {
        MonotonicClock.earliest(fetcher.nextDeadline, owner.sender.nextDeadline)
    }

    /// Gives up on transfers whose other side went quiet; returns the selections whose pastes
    /// were dropped.
    func expire(now: Double) -> [SelectionName] {
        owner.sender.expire(now: now)
        return fetcher.expire(now: now)
    }

    /// Appends nothing to a property of ours: the PropertyNotify it causes carries the time.
    private func askForTime() {
        xcb_change_property(x.connection, UInt8(XCB_PROP_MODE_APPEND.rawValue), window, atoms.timeProperty,
                            XCB_ATOM_INTEGER.rawValue, 32, 0, nil)
    }
}
