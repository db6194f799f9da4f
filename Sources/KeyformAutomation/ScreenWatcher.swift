import CXCB
import CXCBDamage
import Glibc
import KeyformCore
import KeyformX11

/// Watches the whole screen from an X client of its own: DAMAGE on the root window (every paint
/// by any program, as raw rectangles) and SubstructureNotify on the root (a top-level window
/// mapped). Times are when an event reaches us, on `MonotonicClock`, the same way for every
/// program. Owns the damage object: `init` creates it, `deinit` destroys it.
public final class ScreenWatcher {
    public enum Event {
        /// `area`: what was painted, in the root window's pixels.
        case damage(Rect, at: Double)
        case mapped(UInt32, at: Double)
    }

    private let x: XConnection
    private let damage: UInt32
    /// The response type of DamageNotify: the extension's first event code.
    private let damageNotify: UInt8

    public init(displayName: String) throws {
        x = try XConnection(displayName: displayName)
        let c = x.connection
        let name = "DAMAGE"
        let extensionCookie = xcb_query_extension(c, UInt16(name.utf8.count), name)
        guard let info = xcb_query_extension_reply(c, extensionCookie, nil) else { throw X11Error.missingExtension(name) }
        let (present, firstEvent) = (info.pointee.present != 0, info.pointee.first_event)
        free(info)
        guard present else { throw X11Error.missingExtension(name) }
        damageNotify = firstEvent + UInt8(XCB_DAMAGE_NOTIFY)
        // The server ignores a client's DAMAGE requests until it has said which version it speaks.
        let versionCookie = xcb_damage_query_version(c, 1, 1)
        guard let version = xcb_damage_query_version_reply(c, versionCookie, nil) else { throw X11Error.missingExtension(name) }
        free(version)
        damage = x.generateID()
        let root = x.screen.root
        xcb_damage_create(c, damage, root, UInt8(XCB_DAMAGE_REPORT_LEVEL_RAW_RECTANGLES.rawValue))
        xcb_change_window_attributes(c, root, XCB_CW_EVENT_MASK.rawValue, [XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue])
        x.flush()
        try x.checkConnection()
    }

    deinit {
        xcb_damage_destroy(x.connection, damage)
        x.flush()
    }

    /// Gives `window` the input focus (with no window manager, nobody else would).
    public func focus(_ window: UInt32) {
        xcb_set_input_focus(x.connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), window, xcb_timestamp_t(XCB_CURRENT_TIME))
        x.flush()
    }

    /// The next damage or map event before `deadline` (`MonotonicClock`), or nil.
    public func next(until deadline: Double) throws -> Event? {
        while true {
            if let event = xcb_poll_for_event(x.connection) {
                let time = MonotonicClock.now()
                defer { free(event) }
                let type = event.pointee.response_type & 0x7f
                if type == damageNotify {
                    let area = UnsafeRawPointer(event).load(as: xcb_damage_notify_event_t.self).area
                    return .damage(Rect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height)), at: time)
                }
                if type == XCB_MAP_NOTIFY {
                    let map = UnsafeRawPointer(event).load(as: xcb_map_notify_event_t.self)
                    if map.override_redirect == 0 { return .mapped(map.window, at: time) }
                }
                continue
            }
            try x.checkConnection()
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return nil }
            var descriptor = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(remaining.rounded(.up)))
        }
    }

    /// The first top-level window mapped within `timeout` ms, and when.
    public func waitForMap(timeout: Double) throws -> (window: UInt32, at: Double)? {
        let deadline = MonotonicClock.now() + timeout
        while let event = try next(until: deadline) {
            if case let .mapped(window, time) = event { return (window, time) }
        }
        return nil
    }

    /// When the first paint arrives within `timeout` ms, or nil.
    public func firstDamage(timeout: Double) throws -> Double? {
        let deadline = MonotonicClock.now() + timeout
        while let event = try next(until: deadline) {
            if case .damage(_, let time) = event { return time }
        }
        return nil
    }

    /// Waits until nothing has been painted for `quiet` ms and returns when the last paint came
    /// (`since` if none came); nil if the screen is still busy after `timeout` ms.
    public func settle(quiet: Double, since: Double, timeout: Double) throws -> Double? {
        let giveUp = MonotonicClock.now() + timeout
        var last = since
        while true {
            if let event = try next(until: min(last + quiet, giveUp)) {
                if case .damage(_, let time) = event { last = time }
                continue
            }
            if MonotonicClock.now() >= last + quiet { return last }
            if MonotonicClock.now() >= giveUp { return nil }
        }
    }
}
