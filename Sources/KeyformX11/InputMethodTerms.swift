import CXCB
import CXCBOnDemand
import KeyformCore

/// The terms of the window's XIM conversation (`InputMethod`): what comes out of it for the
/// session, what the input method is told, and how long the window waits for it.
extension InputMethod {
    enum Output {
        /// A key the input method did not want, or gave back with the commit it ended: the form's.
        case key(xcb_key_press_event_t)
        case preedit(String, caret: Int, segments: [PreeditSegment])
        case commit(String)
    }

    /// Without an answer this long after a key, the input method is asked a question every
    /// server answers; without one this long, it is taken for hung and typing goes on without it.
    static let probeDelay = 250.0
    static let hangTimeout = 2_000.0
    /// Without an input context this long after connecting began, connecting starts over, with
    /// twice the wait each time, up to `lastConnectWait`: a server that missed the first
    /// handshake (busy starting with the session) is reached, and with none running the window
    /// stops looking (XIM_SERVERS changing still brings one that starts later).
    static let firstConnectWait = 2_000.0
    static let lastConnectWait = 8_000.0
    /// After the answer to `catchUp`, how long the input method must say nothing more (at the most
    /// `settleLimit` in all) before the input held for it goes.
    static let settleTime = 30.0
    static let settleLimit = 250.0
    /// How long keys the input method gave back wait for the commit of the composition they ended
    /// (ibus sends the key before the commit), so that they act after it, as in GTK.
    static let holdLimit = 100.0
    /// The input styles asked for, best first: the composition drawn by us at the caret
    /// (on-the-spot), else drawn by the input method at the spot, else in its own window.
    static let styles: [UInt32] = [
        XCB_IM_PreeditCallbacks.rawValue | XCB_IM_StatusNothing.rawValue,
        XCB_IM_PreeditPosition.rawValue | XCB_IM_StatusNothing.rawValue,
        XCB_IM_PreeditNothing.rawValue | XCB_IM_StatusNothing.rawValue,
    ]

    enum Told: Equatable {
        case nothing
        case unfocused
        /// Focus is in this field.
        case focused(String)
    }

    /// What is told the input method, in order (see `submit`).
    enum Request {
        case key(xcb_key_press_event_t)
        case focus(Bool)
        /// Has a reply.
        case spot(xcb_point_t)
        /// Has a reply; `catchUp`: the window holds input until it comes.
        case probe(catchUp: Bool)
    }

    struct SentKey {
        var event: xcb_key_press_event_t
        var time: Double
    }
}
