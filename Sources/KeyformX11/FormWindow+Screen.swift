import CXCB
import KeyformCore

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
