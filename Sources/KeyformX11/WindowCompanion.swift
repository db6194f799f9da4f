import CXCB
import Glibc
import KeyformCore

/// Something besides the X server that the window's loop serves, on the main thread: the
/// accessibility bus. Before it waits, the loop asks what else to wait on; after, it hands over
/// what the wait found; after each painted batch it lets it send what the session changed; and
/// it lets it finish before the window goes.
@MainActor
public protocol WindowCompanion: AnyObject {
    /// Descriptors to wait on with the X connection, and the most milliseconds to wait (-1: no limit).
    func prepareToWait() -> (descriptors: [pollfd], timeout: Int32)
    /// The descriptors `prepareToWait` gave, in its order, with what the wait found on them.
    func dispatch(_ polled: [pollfd])
    func publish()
    func close()
}

extension FormWindow {
    /// Where the window's top-left corner is on the screen (the root window), or the origin if
    /// the server cannot say: one round trip to the X server.
    public func screenOrigin() -> Point {
        let c = x.connection
        let cookie = xcb_translate_coordinates(c, window.id, x.screen.root, 0, 0)
        let point = try? x.reply("TranslateCoordinates", { xcb_translate_coordinates_reply(c, cookie, $0) }) { reply in
            Point(x: Double(reply.pointee.dst_x), y: Double(reply.pointee.dst_y))
        }
        return point ?? .zero
    }
}

extension XConnection {
    /// A text property of the root window (as `AT_SPI_BUS`, where the accessibility bus's
    /// launcher puts its address), or nil when there is none. Two round trips, only when asked.
    public func rootText(_ name: String) -> String? {
        let c = connection
        let cookie = xcb_intern_atom(c, 1, UInt16(name.utf8.count), name)
        guard let atom = try? reply("InternAtom(\(name))", { xcb_intern_atom_reply(c, cookie, $0) }, read: { $0.pointee.atom }),
              atom != xcb_atom_t(XCB_NONE), let value = try? property(atom, of: screen.root, delete: false) else { return nil }
        return String(decoding: value.bytes, as: UTF8.self)
    }
}
