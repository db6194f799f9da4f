import CXCB

/// Selection replies too large for one property, sent with the ICCCM INCR protocol (§2.7.2):
/// the requestor's property first holds INCR and the size; each time the requestor deletes it we
/// write the next chunk, and a zero-length chunk ends the transfer. Driven by PropertyNotify
/// events, so the window keeps serving input between chunks.
final class IncrementalSender {
    private struct Transfer {
        let requestor: xcb_window_t
        let property: xcb_atom_t
        let type: xcb_atom_t
        let bytes: [UInt8]
        var offset = 0
        /// When a requestor that stopped reading (or died) is given up on.
        var deadline: Double
    }

    /// A requestor that reads nothing for this long (milliseconds) is given up on.
    static let timeout = 5000.0

    private let x: XConnection
    /// The largest chunk: at most 256 KiB, as GTK sends, and never more than one request holds.
    let chunkSize: Int
    private var transfers: [Transfer] = []
    /// By requestor: the events we added to those it had selected, to take away when its last
    /// transfer ends. Another client's window keeps every event this connection selected there
    /// before (the root's, an XSETTINGS owner's).
    private var addedEvents: [xcb_window_t: UInt32] = [:]

    init(connection x: XConnection) {
        self.x = x
        chunkSize = min(256 * 1024, x.maximumPropertyBytes)
    }

    /// Starts sending `bytes` as `type` into `property` of `requestor`; the caller then sends the
    /// SelectionNotify. A transfer already running into the same property is replaced.
    func start(_ bytes: [UInt8], type: xcb_atom_t, requestor: xcb_window_t, property: xcb_atom_t, incr: xcb_atom_t) {
        transfers.removeAll { $0.requestor == requestor && $0.property == property }
        // Watch before writing, so the requestor's first delete cannot be missed.
        if addedEvents[requestor] == nil { addedEvents[requestor] = x.addEvents(of: requestor, XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue) }
        x.setProperty(property, of: requestor, type: incr, words: [UInt32(clamping: bytes.count)])
        transfers.append(Transfer(requestor: requestor, property: property, type: type, bytes: bytes,
                                  deadline: MonotonicClock.now() + Self.timeout))
    }

    /// A PropertyNotify from a requestor's window: its delete asks for the next chunk.
    func propertyChanged(_ event: xcb_property_notify_event_t) {
        guard event.state == UInt8(XCB_PROPERTY_DELETE.rawValue),
              let i = transfers.firstIndex(where: { $0.requestor == event.window && $0.property == event.atom }) else { return }
        let transfer = transfers[i]
        let end = min(transfer.offset + chunkSize, transfer.bytes.count)
        // After the last chunk, the empty one (offset == end == count) says the transfer is done.
        x.setProperty(transfer.property, of: transfer.requestor, type: transfer.type, bytes: transfer.bytes[transfer.offset..<end])
        if transfer.offset == end {
            finish(at: i)
        } else {
            transfers[i].offset = end
            transfers[i].deadline = MonotonicClock.now() + Self.timeout
        }
    }

    /// When the oldest stalled transfer will be given up on.
    var nextDeadline: Double? { transfers.map(\.deadline).min() }

    /// Gives up on transfers whose requestor stopped reading.
    func expire(now: Double) {
        while let i = transfers.firstIndex(where: { $0.deadline <= now }) { finish(at: i) }
    }

    private func finish(at i: Int) {
        let requestor = transfers.remove(at: i).requestor
        guard !transfers.contains(where: { $0.requestor == requestor }), let added = addedEvents.removeValue(forKey: requestor) else { return }
        // The requestor's window may be gone: then there is nothing to take away.
        x.removeEvents(of: requestor, added)
    }
}
