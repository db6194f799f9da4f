import CXCB
import CXCBAutomation
import CXKBCommon
import Glibc
import KeyformCairo
import KeyformCore
import KeyformX11

/// A second X client that plays the person, through the XTEST extension: for the demo tour,
/// end-to-end tests and benchmarks. Keys go to the focused window; pointer positions are
/// relative to the window `waitForWindow` found.
///
/// Input calls (`key`, `type`, `click`, `sync`) do not throw: like X requests, they report
/// trouble later. The first failure is kept in `failure`, makes later input calls do nothing,
/// and is thrown by `check()`, `waitForWindow` and `screenshot`.
///
/// Nothing here waits for a while: `sync` waits for the window to answer a _NET_WM_PING, which
/// it does once it has handled and painted everything sent before.
///
/// Not isolated: a test of the library's `await run()` plays the person from a task of its
/// own while the window's loop has the main actor.
public final class XTestDriver {
    private let x: XConnection
    private let keyboard: CoreKeyboardMapping
    /// The window `waitForWindow` found, which `click` aims at and `sync` pings.
    public private(set) var window: UInt32?
    public private(set) var failure: Error?
    /// How long `sync` waits (seconds) for a window's answer before it calls it a failure: a
    /// guard against a window that hangs, never a measure of speed.
    public var patience = 60.0
    private var pings: UInt32 = 0

    public init(displayName: String) throws {
        x = try XConnection(displayName: displayName)
        let c = x.connection
        let name = "XTEST"
        let cookie = xcb_query_extension(c, UInt16(name.utf8.count), name)
        let present = try x.reply("QueryExtension", { xcb_query_extension_reply(c, cookie, $0) }) { $0.pointee.present != 0 }
        guard present else { throw X11Error.missingExtension(name) }
        keyboard = try CoreKeyboardMapping(connection: x)
        // Answers to pings come to the root window, for those who watch its children.
        xcb_change_window_attributes(c, x.screen.root, XCB_CW_EVENT_MASK.rawValue, [XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue])
    }

    /// Waits until a viewable window whose WM_CLASS instance or class is `wmClass` appears (at the
    /// top level, or inside a window manager's frame), gives it the input focus (with no window
    /// manager nobody else would) and returns it. With `process`, only a window whose
    /// `_NET_WM_PID` is that process's: a second program of the same class (a zenity message over
    /// a zenity form) must not be taken for the first, whose focus would then be given back.
    public func waitForWindow(wmClass: String = "keyform", process: pid_t? = nil, timeout: Double) throws -> UInt32 {
        try check()
        let deadline = MonotonicClock.now() + timeout * 1000
        repeat {
            if let found = try findWindow(wmClass: wmClass, process: process) {
                window = found
                xcb_set_input_focus(x.connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), found, xcb_timestamp_t(XCB_CURRENT_TIME))
                sync()
                try check()
                return found
            }
            usleep(20_000)
        } while MonotonicClock.now() < deadline
        throw AutomationError.timedOut("a window of class \"\(wmClass)\"")
    }

    /// Presses and releases the key for `keysym` with `modifiers` held (and Shift, if the keysym
    /// is on the shifted level).
    public func key(_ keysym: UInt32, modifiers: Modifiers = []) {
        attempt {
            try press(keysym, modifiers: modifiers, down: true)
            try press(keysym, modifiers: modifiers, down: false)
        }
    }

    /// Presses modifiers then the key, and leaves them held (to show the shortcut overlay, say).
    public func keyDown(_ keysym: UInt32, modifiers: Modifiers = []) {
        attempt { try press(keysym, modifiers: modifiers, down: true) }
    }

    /// Releases what `keyDown` with the same arguments pressed.
    public func keyUp(_ keysym: UInt32, modifiers: Modifiers = []) {
        attempt { try press(keysym, modifiers: modifiers, down: false) }
    }

    /// Types `text` one Unicode scalar at a time; "\n" is Return, "\t" is Tab.
    public func type(_ text: String) {
        for scalar in text.unicodeScalars {
            let keysym: UInt32
            switch scalar {
            case "\n": keysym = Key.returnKey.keysym
            case "\t": keysym = Key.tab.keysym
            default: keysym = xkb_utf32_to_keysym(scalar.value)
            }
            guard keysym != 0 else {
                attempt { throw AutomationError.cannotType("U+\(String(scalar.value, radix: 16, uppercase: true))") }
                return
            }
            key(keysym)
        }
    }

    /// Moves the pointer to (`x`, `y`) in the found window and clicks `button` (4–7 scroll).
    public func click(x px: Double, y py: Double, button: UInt8 = 1) {
        guard let window else { preconditionFailure("XTestDriver.click before waitForWindow") }
        attempt {
            let c = x.connection
            let root = x.screen.root
            let cookie = xcb_translate_coordinates(c, window, root, Int16(px.rounded()), Int16(py.rounded()))
            let (rootX, rootY) = try x.reply("TranslateCoordinates", { xcb_translate_coordinates_reply(c, cookie, $0) }) {
                ($0.pointee.dst_x, $0.pointee.dst_y)
            }
            xcb_test_fake_input(c, UInt8(XCB_MOTION_NOTIFY), 0, xcb_timestamp_t(XCB_CURRENT_TIME), root, rootX, rootY, 0)
            fake(UInt8(XCB_BUTTON_PRESS), button)
            fake(UInt8(XCB_BUTTON_RELEASE), button)
            x.flush()
        }
    }

    /// Waits until the server has handled everything sent so far (the keys are in the window's
    /// queue), then until `window` (by default the one `waitForWindow` found) has handled it and
    /// painted the result, or has gone away (a submitted form): it answers a _NET_WM_PING only
    /// then. A window that neither answers nor goes within `patience` is a failure.
    public func sync(window target: UInt32? = nil) {
        attempt {
            let c = x.connection
            let cookie = xcb_get_input_focus(c)
            try x.reply("GetInputFocus", { xcb_get_input_focus_reply(c, cookie, $0) }) { _ in }
            try followMappingChanges()
            if let target = target ?? window { try ping(target) }
        }
    }

    /// Throws the first failure of an input call, if there was one.
    public func check() throws {
        if let failure { throw failure }
    }

    /// The window's pixels as an ARGB32 image (`writePNG` it to save), with its open popups
    /// (`popups(of:)`) over it as a person sees them: the image grows to hold them.
    public func screenshot(window: UInt32) throws -> CairoSurface {
        try check()
        let shot = try WindowCapture.capture(window, on: x)
        let popups = try popups(of: window)
        guard !popups.isEmpty else { return shot }
        let shots = try popups.map { (image: try WindowCapture.capture($0, on: x), frame: try frame(of: $0)) }
        return WindowCapture.combine([(shot, try frame(of: window))] + shots)
    }

    /// The popups `window` shows in windows of their own: the override-redirect windows on the
    /// root, mapped and transient for it, as GTK's and Keyform's popups are.
    public func popups(of window: UInt32) throws -> [UInt32] {
        let c = x.connection
        let transient = XCB_ATOM_WM_TRANSIENT_FOR.rawValue
        // Every request sent, then every reply read: one round trip for all the root's children.
        let requests = try children(of: x.screen.root).map { child in
            (child, xcb_get_window_attributes(c, child), xcb_get_property(c, 0, child, transient, XCB_ATOM_WINDOW.rawValue, 0, 1))
        }
        return requests.compactMap { child, attributesCookie, transientCookie in
            // A window can vanish between the requests: its errors just mean "not this one".
            let popup = try? x.reply("GetWindowAttributes", { xcb_get_window_attributes_reply(c, attributesCookie, $0) }) {
                $0.pointee.override_redirect != 0 && $0.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue)
            }
            let parent = try? x.reply("GetProperty(WM_TRANSIENT_FOR)", { xcb_get_property_reply(c, transientCookie, $0) }) { reply in
                xcb_get_property_value_length(reply) == 4 ? xcb_get_property_value(reply).load(as: UInt32.self) : nil
            }
            return popup == true && parent == window ? child : nil
        }
    }

    /// Where `window` is on the screen, in pixels.
    public func frame(of window: UInt32) throws -> Rect {
        let c = x.connection
        let geometryCookie = xcb_get_geometry(c, window)
        let placeCookie = xcb_translate_coordinates(c, window, x.screen.root, 0, 0)
        let size = try x.reply("GetGeometry", { xcb_get_geometry_reply(c, geometryCookie, $0) }) {
            Size(width: Double($0.pointee.width), height: Double($0.pointee.height))
        }
        return try x.reply("TranslateCoordinates", { xcb_translate_coordinates_reply(c, placeCookie, $0) }) {
            Rect(x: Double($0.pointee.dst_x), y: Double($0.pointee.dst_y), width: size.width, height: size.height)
        }
    }

    /// Runs an input call's work, keeping its error; after a failure, input would go astray.
    private func attempt(_ body: () throws -> Void) {
        guard failure == nil else { return }
        do { try body() } catch { failure = error }
    }

    /// Presses (or releases, in reverse order) the modifiers and the key for `keysym`.
    private func press(_ keysym: UInt32, modifiers: Modifiers, down: Bool) throws {
        let (keycode, held) = try resolve(keysym, modifiers: modifiers)
        if down {
            for modifier in held { fake(UInt8(XCB_KEY_PRESS), modifier) }
            fake(UInt8(XCB_KEY_PRESS), keycode)
        } else {
            fake(UInt8(XCB_KEY_RELEASE), keycode)
            for modifier in held.reversed() { fake(UInt8(XCB_KEY_RELEASE), modifier) }
        }
        x.flush()
    }

    /// The keycode for `keysym` and the modifier keycodes to hold around it, in press order.
    private func resolve(_ keysym: UInt32, modifiers: Modifiers) throws -> (UInt8, [UInt8]) {
        try followMappingChanges()
        let (keycode, shift) = try keyboard.keycode(for: keysym)
        let wanted = shift ? modifiers.union(.shift) : modifiers
        let held = try [Modifiers.shift, .control, .alt, .super].filter(wanted.contains).map { modifier in
            guard let code = keyboard.keycode(of: modifier) else {
                throw AutomationError.cannotType("a key with modifiers \(modifier.rawValue) (no modifier key)")
            }
            return code
        }
        return (keycode, held)
    }

    private func fake(_ type: UInt8, _ detail: UInt8) {
        xcb_test_fake_input(x.connection, type, detail, xcb_timestamp_t(XCB_CURRENT_TIME), xcb_window_t(XCB_NONE), 0, 0, 0)
    }

    /// Pings `window` and waits for its answer, or for it to be destroyed (its DestroyNotify, or
    /// the error the ping causes when it was gone already).
    private func ping(_ window: xcb_window_t) throws {
        // Its StructureNotify brings the DestroyNotify, wherever a window manager put it.
        xcb_change_window_attributes(x.connection, window, XCB_CW_EVENT_MASK.rawValue, [XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue])
        pings &+= 1
        let serial = pings
        x.ping(window, serial: serial)
        let deadline = MonotonicClock.now() + patience * 1000
        var done = false
        while !done {
            x.flush()
            try followMappingChanges { event in
                let raw = UnsafeRawPointer(event)
                switch Int32(event.pointee.response_type & 0x7f) {
                case 0: done = done || raw.load(as: xcb_generic_error_t.self).resource_id == window
                case XCB_DESTROY_NOTIFY: done = done || raw.load(as: xcb_destroy_notify_event_t.self).window == window
                default: done = done || x.pingAnswer(event) == serial
                }
            }
            guard !done else { return }
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { throw AutomationError.timedOut("window \(window) to answer a ping") }
            var descriptor = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(remaining.rounded(.up)))
        }
    }

    /// Reads what the server sent us (MappingNotify, what `ping` waits for, and the rest of what
    /// watching the root's children brings, which `other` may look at) and reloads the keyboard
    /// mapping if it changed (`setxkbmap`, or a key we borrowed).
    private func followMappingChanges(other: (UnsafePointer<xcb_generic_event_t>) -> Void = { _ in }) throws {
        var changed = false
        while let event = xcb_poll_for_event(x.connection) {
            defer { free(event) }
            if event.pointee.response_type & 0x7f == XCB_MAPPING_NOTIFY {
                let notify = UnsafeRawPointer(event).load(as: xcb_mapping_notify_event_t.self)
                changed = changed || notify.request != UInt8(XCB_MAPPING_POINTER.rawValue)
            } else {
                other(event)
            }
        }
        try x.checkConnection()
        if changed { try keyboard.reload() }
    }

    /// The first viewable window of class `wmClass`, searching the root's children, then theirs
    /// (a reparenting window manager puts clients inside frames).
    private func findWindow(wmClass: String, process: pid_t?) throws -> xcb_window_t? {
        var level = [x.screen.root]
        for _ in 0..<3 {
            let windows = try level.flatMap(children(of:))
            let c = x.connection
            // Send every request, then read every reply: one round trip for the whole level.
            let requests = windows.map { window in
                (window, xcb_get_window_attributes(c, window),
                 xcb_get_property(c, 0, window, XCB_ATOM_WM_CLASS.rawValue, XCB_ATOM_STRING.rawValue, 0, 64),
                 xcb_get_property(c, 0, window, x.atoms.netWmPid, XCB_ATOM_CARDINAL.rawValue, 0, 1))
            }
            var found: xcb_window_t?
            for (window, attributesCookie, classCookie, pidCookie) in requests {
                // A window can vanish between the requests: its errors just mean "not this one".
                let viewable = try? x.reply("GetWindowAttributes", { xcb_get_window_attributes_reply(c, attributesCookie, $0) }) {
                    $0.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue)
                }
                let names = try? x.reply("GetProperty(WM_CLASS)", { xcb_get_property_reply(c, classCookie, $0) }) { reply in
                    let bytes = UnsafeRawBufferPointer(start: xcb_get_property_value(reply),
                                                       count: Int(xcb_get_property_value_length(reply)))
                    return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                }
                let pid = try? x.reply("GetProperty(_NET_WM_PID)", { xcb_get_property_reply(c, pidCookie, $0) }) { reply in
                    xcb_get_property_value_length(reply) == 4 ? xcb_get_property_value(reply).load(as: UInt32.self) : nil
                }
                let ours = process == nil || pid.flatMap { $0 } == process.map(UInt32.init)
                if found == nil, viewable == true, names?.contains(wmClass) == true, ours { found = window }
            }
            if let found { return found }
            level = windows
        }
        try x.checkConnection()
        return nil
    }

    private func children(of window: xcb_window_t) throws -> [xcb_window_t] {
        let c = x.connection
        let cookie = xcb_query_tree(c, window)
        return (try? x.reply("QueryTree", { xcb_query_tree_reply(c, cookie, $0) }) { reply in
            Array(UnsafeBufferPointer(start: xcb_query_tree_children(reply), count: Int(xcb_query_tree_children_length(reply))))
        }) ?? []
    }
}
