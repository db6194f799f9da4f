import CXCB
import KeyformCore

/// Pasting from another client's selection without ever waiting for it: ConvertSelection into a
/// property of our window, then the owner's SelectionNotify, read with delete; INCR data arrives
/// chunk by chunk through PropertyNotify. An owner that never answers, or dies half-way, is given
/// up on after `timeout` and the paste is dropped. What an owner says is not trusted: only the
/// property we named is read, only text is taken, an INCR's announced size reserves nothing, and
/// a transfer past the value limit is dropped (`Outcome.tooLarge`).
final class SelectionFetcher {
    private struct Fetch {
        /// The time of the ConvertSelection, which the owner's SelectionNotify repeats.
        let time: xcb_timestamp_t
        var target: xcb_atom_t
        /// INCR data received so far; nil until the owner starts an INCR transfer.
        var chunks: [UInt8]?
        /// Text type of the INCR chunks (from the first one).
        var type: xcb_atom_t = xcb_atom_t(XCB_NONE)
        /// How many pastes wait for this text (a held Ctrl+V asks again before the first arrives).
        var copies = 1
        var deadline: Double
    }

    /// An owner silent for this long (milliseconds) is given up on.
    static let timeout = 2000.0

    private let x: XConnection
    private let window: xcb_window_t
    private let atoms: SelectionAtoms
    private var fetches: [SelectionName: Fetch] = [:]

    /// What a selection event did to a paste.
    enum Outcome: Equatable {
        /// The text, complete, and how many times to paste it.
        case text(String, copies: Int)
        /// Dropped: the owner sent more than a value may hold (`InputLimits.valueBytes`).
        case tooLarge(SelectionName)
    }

    init(connection x: XConnection, window: xcb_window_t, atoms: SelectionAtoms) {
        self.x = x
        self.window = window
        self.atoms = atoms
    }

    /// Asks the owner of `name` for its text as UTF8_STRING, with the server time of the event
    /// that asked for the paste.
    func fetch(_ name: SelectionName, time: xcb_timestamp_t) {
        if fetches[name] != nil {
            fetches[name]?.copies += 1
            return
        }
        fetches[name] = Fetch(time: time, target: atoms.utf8String, deadline: MonotonicClock.now() + Self.timeout)
        convert(name)
    }

    /// The owner's answer. Returns the text and how many times to paste it, once it is complete.
    /// A notify naming another property than ours is not the answer (any client can send one,
    /// naming WM_NAME to have us read and delete it): it is left alone.
    func selectionNotified(_ event: xcb_selection_notify_event_t) -> Outcome? {
        guard event.requestor == window, let name = atoms.name(event.selection), var fetch = fetches[name],
              fetch.chunks == nil, event.time == fetch.time || event.time == xcb_timestamp_t(XCB_CURRENT_TIME),
              event.property == atoms.pasteProperty(name) || event.property == xcb_atom_t(XCB_NONE) else { return nil }
        guard event.property != xcb_atom_t(XCB_NONE) else {
            // Refused: an old owner may still offer STRING; after that the paste is dropped.
            if fetch.target == atoms.utf8String {
                fetches[name]?.target = XCB_ATOM_STRING.rawValue
                convert(name)
            } else {
                fetches[name] = nil
            }
            return nil
        }
        guard let value = try? x.property(event.property, of: window, delete: true, limit: InputLimits.valueBytes + 4) else {
            fetches[name] = nil
            return nil
        }
        if value.type == atoms.incr {
            // Deleting the INCR property (done by the read) tells the owner to send the first chunk.
            // The size it announces is only a lower bound (ICCCM §2.7.2), and may be a lie: nothing
            // is reserved for it.
            fetch.chunks = []
            fetch.deadline = MonotonicClock.now() + Self.timeout
            fetches[name] = fetch
            return nil
        }
        fetches[name] = nil
        guard isText(value) else { return nil }
        guard value.bytes.count <= InputLimits.valueBytes else { return .tooLarge(name) }
        return .text(decode(value.bytes, type: value.type), copies: fetch.copies)
    }

    /// A PropertyNotify on our window: during INCR, each new value is the next chunk, and an
    /// empty one ends the transfer. Returns the text and its copies once complete.
    func propertyChanged(_ event: xcb_property_notify_event_t) -> Outcome? {
        guard event.window == window, event.state == UInt8(XCB_PROPERTY_NEW_VALUE.rawValue),
              let name = [SelectionName.clipboard, .primary].first(where: { atoms.pasteProperty($0) == event.atom }),
              fetches[name]?.chunks != nil else { return nil }
        let received = fetches[name]?.chunks?.count ?? 0
        guard let value = try? x.property(event.atom, of: window, delete: true, limit: InputLimits.valueBytes - received + 4) else {
            fetches[name] = nil
            return nil
        }
        if value.bytes.isEmpty, let fetch = fetches.removeValue(forKey: name) {
            return .text(decode(fetch.chunks ?? [], type: fetch.type), copies: fetch.copies)
        }
        // Every chunk is text of the type the first one had.
        guard isText(value), received == 0 || value.type == fetches[name]?.type else {
            fetches[name] = nil
            return nil
        }
        guard received + value.bytes.count <= InputLimits.valueBytes else {
            // The owner may go on writing chunks; nobody reads or deletes them any more.
            fetches[name] = nil
            return .tooLarge(name)
        }
        // In place: a copy of the fetch would copy everything received so far, chunk after chunk.
        fetches[name]?.type = value.type
        fetches[name]?.chunks?.append(contentsOf: value.bytes)
        fetches[name]?.deadline = MonotonicClock.now() + Self.timeout
        return nil
    }

    /// When the slowest owner will be given up on.
    var nextDeadline: Double? { fetches.values.map(\.deadline).min() }

    /// Drops the pastes whose owners fell silent, and what they left in our properties; returns
    /// the selections whose pastes were dropped.
    func expire(now: Double) -> [SelectionName] {
        guard !fetches.isEmpty else { return [] }  // asked on every pass of the window's loop
        let silent = fetches.filter { $0.value.deadline <= now }.keys.sorted { $0.rawValue < $1.rawValue }
        for name in silent {
            fetches[name] = nil
            xcb_delete_property(x.connection, window, atoms.pasteProperty(name))
        }
        return silent
    }

    private func convert(_ name: SelectionName) {
        guard let fetch = fetches[name] else { return }
        xcb_convert_selection(x.connection, window, atoms.atom(name), fetch.target, atoms.pasteProperty(name), fetch.time)
    }

    /// Whether a property holds text, in a type we read: UTF8_STRING, text/plain;charset=utf-8,
    /// STRING or TEXT, 8 bits a unit. ATOM, INTEGER, an image are not pasted as letters.
    private func isText(_ value: PropertyValue) -> Bool {
        value.format == 8 && [atoms.utf8String, atoms.mimeUTF8, atoms.text, XCB_ATOM_STRING.rawValue].contains(value.type)
    }

    /// STRING is ISO 8859-1; everything else we ask for is UTF-8. A NUL some owners append goes.
    private func decode(_ data: [UInt8], type: xcb_atom_t) -> String {
        var bytes = data[...]
        while bytes.last == 0 { bytes.removeLast() }
        if type == XCB_ATOM_STRING.rawValue {
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
