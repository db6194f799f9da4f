import CXCB

/// A window property's value, copied out of a GetProperty reply.
struct PropertyValue {
    var type: xcb_atom_t
    /// 8, 16 or 32: the unit of `bytes`.
    var format: UInt8
    var bytes: [UInt8]

    /// The value as 32-bit items (atoms, integers), for format 32.
    var words: [UInt32] {
        guard format == 32 else { return [] }
        return bytes.withUnsafeBytes { raw in (0..<bytes.count / 4).map { raw.load(fromByteOffset: $0 * 4, as: UInt32.self) } }
    }
}

/// Reading and writing window properties, the mailbox of every selection transfer.
extension XConnection {
    /// Reads the whole of `property` on `window`, deleting it when `delete` is set (the server
    /// deletes only a property read to its end, which this always does). Nil when the property
    /// does not exist. One round trip to the server, which answers at once. `limit`: the most
    /// bytes read of another client's property, which could be as large as the server allows.
    func property(_ property: xcb_atom_t, of window: xcb_window_t, delete: Bool, limit: Int = 0x7fff_fffc) throws -> PropertyValue? {
        let c = connection
        // The length is in 32-bit units; by default this asks for everything.
        let cookie = xcb_get_property(c, delete ? 1 : 0, window, property, XCB_GET_PROPERTY_TYPE_ANY.rawValue, 0, UInt32(limit / 4))
        return try reply("GetProperty", { xcb_get_property_reply(c, cookie, $0) }) { reply in
            guard reply.pointee.type != xcb_atom_t(XCB_NONE) else { return nil }
            let bytes = UnsafeRawBufferPointer(start: xcb_get_property_value(reply), count: Int(xcb_get_property_value_length(reply)))
            return PropertyValue(type: reply.pointee.type, format: reply.pointee.format, bytes: Array(bytes))
        }
    }

    /// A text property of the root window (as `AT_SPI_BUS`, where the accessibility bus's
    /// launcher puts its address), or nil when there is none. Two round trips, only when asked.
    public func rootText(_ name: String) -> String? {
        let c = connection
        let cookie = xcb_intern_atom(c, 1, UInt16(name.utf8.count), name)
        guard let atom = try? reply("InternAtom(\(name))", { xcb_intern_atom_reply(c, cookie, $0) }, read: { $0.pointee.atom }),
              atom != xcb_atom_t(XCB_NONE), let value = try? property(atom, of: screen.root, delete: false) else { return nil }
        return String(decoding: value.bytes, as: UTF8.self)
    }

    /// Replaces `property` on `window` with bytes (format 8).
    func setProperty(_ property: xcb_atom_t, of window: xcb_window_t, type: xcb_atom_t, bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { raw in
            _ = xcb_change_property(connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 8,
                                    UInt32(raw.count), raw.baseAddress)
        }
    }

    /// Replaces `property` on `window` with 32-bit items (atoms, integers).
    func setProperty(_ property: xcb_atom_t, of window: xcb_window_t, type: xcb_atom_t, words: [UInt32]) {
        _ = xcb_change_property(connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, property, type, 32,
                                UInt32(words.count), words)
    }

    /// The most bytes one ChangeProperty may carry on this connection (BIG-REQUESTS included),
    /// less room for the request's own header.
    var maximumPropertyBytes: Int { Int(xcb_get_maximum_request_length(connection)) * 4 - 64 }

    /// Sends a SelectionNotify to `requestor`: the answer to its ConvertSelection, with `property`
    /// None when the conversion was refused.
    func notifySelection(requestor: xcb_window_t, selection: xcb_atom_t, target: xcb_atom_t, property: xcb_atom_t,
                         time: xcb_timestamp_t) {
        var event = xcb_selection_notify_event_t()
        event.response_type = UInt8(XCB_SELECTION_NOTIFY)
        event.time = time
        event.requestor = requestor
        event.selection = selection
        event.target = target
        event.property = property
        withUnsafeBytes(of: &event) { raw in
            // SendEvent always carries 32 bytes; the struct is exactly that.
            _ = xcb_send_event(connection, 0, requestor, UInt32(XCB_EVENT_MASK_NO_EVENT.rawValue),
                               raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
    }

    /// Sets which events of another client's window (or the root) this connection gets: the
    /// mask is this connection's own, so no other client's is touched.
    private func selectEvents(of window: xcb_window_t, _ mask: UInt32) {
        _ = xcb_change_window_attributes(connection, window, XCB_CW_EVENT_MASK.rawValue, [mask])
    }

    /// The events this connection gets from `window` now; nil when the window is gone. One
    /// round trip.
    private func selectedEvents(of window: xcb_window_t) -> UInt32? {
        let c = connection
        let cookie = xcb_get_window_attributes(c, window)
        return try? reply("GetWindowAttributes", { xcb_get_window_attributes_reply(c, cookie, $0) }, read: {
            $0.pointee.your_event_mask
        })
    }

    /// Adds `mask` to the events this connection gets from `window`, keeping what another part
    /// of the program selected there (xcb-imdkit watches the root's XIM_SERVERS the same way).
    /// Returns the part of `mask` that was not selected before: what `removeEvents` is to take
    /// away again. One round trip.
    @discardableResult
    func addEvents(of window: xcb_window_t, _ mask: UInt32) -> UInt32 {
        // A window already gone: nothing to select, and its successor is announced anew.
        guard let current = selectedEvents(of: window) else { return 0 }
        if current | mask != current { selectEvents(of: window, current | mask) }
        return mask & ~current
    }

    /// Takes `mask` away from the events this connection gets from `window`, keeping the rest,
    /// whatever was added since. One round trip.
    func removeEvents(of window: xcb_window_t, _ mask: UInt32) {
        guard mask != 0, let current = selectedEvents(of: window), current & mask != 0 else { return }
        selectEvents(of: window, current & ~mask)
    }
}
