import CXCB
import KeyformCore

/// Owning CLIPBOARD and PRIMARY: taking a selection with a text, answering other clients'
/// ConvertSelection (ICCCM §2.2) and letting go when another client takes it.
final class SelectionOwner {
    /// What we offer while we own a selection.
    final class Offer {
        let text: String
        /// When we took the selection: requests from before it are refused, TIMESTAMP answers it.
        let since: xcb_timestamp_t
        /// The text as STRING, worked out once, when first asked for (a long text costs a pass).
        lazy var latin1: [UInt8]? = SelectionOwner.latin1(text)

        init(text: String, since: xcb_timestamp_t) {
            self.text = text
            self.since = since
        }
    }

    private let x: XConnection
    private let window: xcb_window_t
    private let atoms: SelectionAtoms
    /// Replies too large for one property go out in chunks.
    let sender: IncrementalSender
    private(set) var offers: [SelectionName: Offer] = [:]

    init(connection x: XConnection, window: xcb_window_t, atoms: SelectionAtoms) {
        self.x = x
        self.window = window
        self.atoms = atoms
        sender = IncrementalSender(connection: x)
    }

    /// Offers `text` as the selection `name`, taken at `time` (the server time of the event that
    /// asked for it). The server refuses a time older than the selection's last change, so
    /// ownership is checked, as the ICCCM asks. Each copy takes CLIPBOARD anew, so clipboard
    /// managers see the new content; PRIMARY already ours only changes its text (a drag changes
    /// it with every motion).
    func own(_ name: SelectionName, text: String, time: xcb_timestamp_t) throws {
        if name == .primary, let offer = offers[name] {
            offers[name] = Offer(text: text, since: offer.since)
            return
        }
        let c = x.connection
        let selection = atoms.atom(name)
        xcb_set_selection_owner(c, window, selection, time)
        let cookie = xcb_get_selection_owner(c, selection)
        let owner = try x.reply("GetSelectionOwner", { xcb_get_selection_owner_reply(c, cookie, $0) }) { $0.pointee.owner }
        if owner == window { offers[name] = Offer(text: text, since: time) }
    }

    /// Another client took the selection (SelectionClear). A clear from before we last took it
    /// is stale and changes nothing.
    func lost(_ clear: xcb_selection_clear_event_t) {
        guard clear.owner == window, let name = atoms.name(clear.selection), let offer = offers[name],
              Self.isAtOrAfter(clear.time, offer.since) else { return }
        offers[name] = nil
    }

    /// Answers a SelectionRequest: converts into the requestor's property and sends it a
    /// SelectionNotify, whose property is None when the request is refused.
    func answer(_ request: xcb_selection_request_event_t) {
        // An obsolete requestor may give no property: the target's name serves (ICCCM §2.2).
        let property = request.property == xcb_atom_t(XCB_NONE) ? request.target : request.property
        var converted = false
        // Only another client's window takes a conversion: written into our own window, it would
        // overwrite our properties (WM_NAME, WM_PROTOCOLS) and, through INCR, our window's events;
        // into the root, the desktop's.
        let requestorIsOthers = request.requestor != window && request.requestor != x.screen.root
        if requestorIsOthers, request.owner == window, let name = atoms.name(request.selection), let offer = offers[name],
           request.time == xcb_timestamp_t(XCB_CURRENT_TIME) || Self.isAtOrAfter(request.time, offer.since) {
            if request.target == atoms.multiple {
                converted = convertMultiple(offer, requestor: request.requestor, property: request.property)
            } else {
                converted = convert(offer, to: request.target, requestor: request.requestor, property: property)
            }
        }
        x.notifySelection(requestor: request.requestor, selection: request.selection, target: request.target,
                          property: converted ? property : xcb_atom_t(XCB_NONE), time: request.time)
    }

    /// Writes `offer` as `target` into `property` of `requestor`; false for a target we do not offer.
    private func convert(_ offer: Offer, to target: xcb_atom_t, requestor: xcb_window_t, property: xcb_atom_t) -> Bool {
        switch target {
        case atoms.targets:
            var targets = [atoms.targets, atoms.timestamp, atoms.multiple, atoms.utf8String, atoms.mimeUTF8, atoms.text]
            if offer.latin1 != nil { targets.append(XCB_ATOM_STRING.rawValue) }
            x.setProperty(property, of: requestor, type: XCB_ATOM_ATOM.rawValue, words: targets)
        case atoms.timestamp:
            x.setProperty(property, of: requestor, type: XCB_ATOM_INTEGER.rawValue, words: [offer.since])
        case atoms.utf8String, atoms.mimeUTF8:
            send(Array(offer.text.utf8), type: target, requestor: requestor, property: property)
        case XCB_ATOM_STRING.rawValue:
            guard let latin1 = offer.latin1 else { return false }
            send(latin1, type: XCB_ATOM_STRING.rawValue, requestor: requestor, property: property)
        case atoms.text:
            // TEXT lets the owner choose: STRING when it can carry the text, else UTF8_STRING.
            if let latin1 = offer.latin1 {
                send(latin1, type: XCB_ATOM_STRING.rawValue, requestor: requestor, property: property)
            } else {
                send(Array(offer.text.utf8), type: atoms.utf8String, requestor: requestor, property: property)
            }
        default:
            return false
        }
        return true
    }

    /// MULTIPLE: the requestor's property lists (target, property) pairs; each is converted, and a
    /// pair that fails gets property None written back (ICCCM §2.6.2).
    private func convertMultiple(_ offer: Offer, requestor: xcb_window_t, property: xcb_atom_t) -> Bool {
        guard property != xcb_atom_t(XCB_NONE),
              let list = try? x.property(property, of: requestor, delete: false), list.format == 32 else { return false }
        var pairs = list.words
        var refused = false
        for i in stride(from: 0, to: pairs.count - 1, by: 2) {
            let ok = pairs[i] != atoms.multiple && pairs[i + 1] != xcb_atom_t(XCB_NONE)
                && convert(offer, to: pairs[i], requestor: requestor, property: pairs[i + 1])
            if !ok {
                pairs[i + 1] = xcb_atom_t(XCB_NONE)
                refused = true
            }
        }
        if refused { x.setProperty(property, of: requestor, type: atoms.atomPair, words: pairs) }
        return true
    }

    /// Text data goes in one property when it fits, else through INCR.
    private func send(_ bytes: [UInt8], type: xcb_atom_t, requestor: xcb_window_t, property: xcb_atom_t) {
        if bytes.count > sender.chunkSize {
            sender.start(bytes, type: type, requestor: requestor, property: property, incr: atoms.incr)
        } else {
            x.setProperty(property, of: requestor, type: type, bytes: bytes[...])
        }
    }

    /// The text in ISO 8859-1, the encoding of STRING; nil if it has other characters.
    static func latin1(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard scalar.value < 0x100 else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return bytes
    }

    /// X server times are milliseconds that wrap around every 49.7 days: `a` is at or after `b`
    /// when it is less than half the range ahead.
    static func isAtOrAfter(_ a: xcb_timestamp_t, _ b: xcb_timestamp_t) -> Bool {
        a &- b < 0x8000_0000
    }
}
