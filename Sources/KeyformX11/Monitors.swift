import CXCB
import CXCBRandR
import KeyformCore

/// Where the screen's monitors are, for placing popups on the one the form is on, as GTK does:
/// RandR 1.5's monitors, else the root window. Device pixels, root coordinates.
enum Monitors {
    /// The active monitors; the root window alone without RandR 1.5 or when the server lists none.
    /// Two round trips, asked once, when the window is first mapped.
    static func areas(on x: XConnection) -> [Rect] {
        let root = Rect(x: 0, y: 0, width: Double(x.screen.width_in_pixels), height: Double(x.screen.height_in_pixels))
        let c = x.connection
        guard RandRVersion.atLeast(1, 5, on: x) else { return [root] }
        let cookie = xcb_randr_get_monitors(c, x.screen.root, 1)
        let monitors: [Rect] = (try? x.reply("RRGetMonitors", { xcb_randr_get_monitors_reply(c, cookie, $0) }) { reply -> [Rect] in
            var areas: [Rect] = []
            var monitor = xcb_randr_get_monitors_monitors_iterator(reply)
            while monitor.rem > 0, let info = monitor.data?.pointee {
                areas.append(Rect(x: Double(info.x), y: Double(info.y), width: Double(info.width), height: Double(info.height)))
                xcb_randr_monitor_info_next(&monitor)
            }
            return areas
        }) ?? []
        return monitors.isEmpty ? [root] : monitors
    }

    /// The monitor that holds most of `window`; the first when it lies on none.
    static func area(holding window: Rect, among monitors: [Rect]) -> Rect {
        let shared = { (monitor: Rect) -> Double in
            let part = monitor.intersection(window)
            return part.isEmpty ? 0 : part.width * part.height
        }
        return monitors.max { shared($0) < shared($1) }.flatMap { shared($0) > 0 ? $0 : nil } ?? monitors[0]
    }
}
