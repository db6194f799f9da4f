import CXCB
import CXCBAutomation
import Foundation
import KeyformAutomation
import KeyformCairo
@testable import KeyformX11
import Testing

/// A bare X client of the test's own on the form's display, for faults no person could make by
/// hand: requests go out as fast as the server takes them, with no round trip between them.
@MainActor
final class FaultClient {
    let x: XConnection

    init(display: String) throws { x = try XConnection(displayName: display) }

    /// Sets a window's size, as a window manager or `xdotool windowsize` does.
    func resize(_ window: UInt32, width: UInt32, height: UInt32) {
        let mask = UInt16(XCB_CONFIG_WINDOW_WIDTH.rawValue | XCB_CONFIG_WINDOW_HEIGHT.rawValue)
        xcb_configure_window(x.connection, window, mask, [width, height])
    }

    func map(_ window: UInt32) { xcb_map_window(x.connection, window) }
    func unmap(_ window: UInt32) { xcb_unmap_window(x.connection, window) }

    /// A window over the whole screen that no window manager handles: mapping and unmapping it
    /// covers and uncovers everything under it, an Expose for each window every time.
    func coveringWindow() -> UInt32 {
        let id = x.generateID()
        let mask = XCB_CW_BACK_PIXEL.rawValue | XCB_CW_OVERRIDE_REDIRECT.rawValue
        xcb_create_window(x.connection, UInt8(XCB_COPY_FROM_PARENT), id, x.screen.root, 0, 0,
                          x.screen.width_in_pixels, x.screen.height_in_pixels, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), x.screen.root_visual, mask, [x.screen.black_pixel, 1])
        return id
    }

    /// Presses and releases a physical key by its keycode: what it types depends on the layout
    /// the server has at that moment.
    func tap(keycode: UInt8) {
        for type in [XCB_KEY_PRESS, XCB_KEY_RELEASE] {
            xcb_test_fake_input(x.connection, UInt8(type), keycode, xcb_timestamp_t(XCB_CURRENT_TIME), xcb_window_t(XCB_NONE), 0, 0, 0)
        }
        x.flush()
    }

    /// Sets the keyboard's autorepeat, as `xset r rate DELAY RATE` does: the first repeat after
    /// `delay` ms, then one every `interval` ms. (XKB SetControls on the core keyboard, which the
    /// server passes on to the XTEST keyboard; the per-key repeat mask is left as it is.)
    func setAutorepeat(delay: UInt16, interval: UInt16) throws {
        let c = x.connection
        let use = xcb_xkb_use_extension(c, 1, 0)
        try x.reply("XkbUseExtension", { xcb_xkb_use_extension_reply(c, use, $0) }) { _ in }
        let keyboard = xcb_xkb_device_spec_t(XCB_XKB_ID_USE_CORE_KBD.rawValue)
        let repeatKeys = UInt32(XCB_XKB_BOOL_CTRL_REPEAT_KEYS.rawValue)
        let perKey = [UInt8](repeating: 0, count: 32)  // ignored: changeControls leaves out PerKeyRepeat
        let cookie = xcb_xkb_set_controls_checked(c, keyboard, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, repeatKeys, repeatKeys, repeatKeys,
                                                  delay, interval, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, perKey)
        try x.check(cookie, "XkbSetControls")
    }

    /// Waits until the server has handled every request sent so far.
    func sync() throws {
        x.flush()
        let c = x.connection
        let cookie = xcb_get_input_focus(c)
        try x.reply("GetInputFocus", { xcb_get_input_focus_reply(c, cookie, $0) }) { _ in }
    }

    func size(of window: UInt32) throws -> (width: UInt16, height: UInt16) {
        let c = x.connection
        let cookie = xcb_get_geometry(c, window)
        return try x.reply("GetGeometry", { xcb_get_geometry_reply(c, cookie, $0) }) { ($0.pointee.width, $0.pointee.height) }
    }
}

/// What `/proc/PID/status` says of a process's memory, in KiB: the resident set now and its peak.
struct ProcessMemory: CustomStringConvertible {
    var residentKiB: Int
    var peakKiB: Int

    init(pid: pid_t) throws {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func field(_ name: String) throws -> Int {
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(name + ":") }, "no \(name) in /proc/\(pid)/status")
            return try #require(Int(line.split(separator: " ").dropFirst().first ?? ""), "\(line)")
        }
        residentKiB = try field("VmRSS")
        peakKiB = try field("VmHWM")
    }

    var description: String { "VmRSS \(residentKiB) KiB, VmHWM \(peakKiB) KiB" }
}

/// A form with a field of every kind that holds typed text.
let everyTextKindForm = #"""
    {"title": "Faults", "size": {"width": 420, "height": 360}, "fields": [
      {"id": "name", "type": "text", "label": "_Name"},
      {"id": "notes", "type": "textarea", "label": "N_otes"},
      {"id": "skills", "type": "tokens", "label": "S_kills", "value": ["Swift"]},
      {"id": "pin", "type": "password", "label": "_PIN"},
      {"id": "years", "type": "picker", "label": "_Years", "options": ["0", "1", "2"], "value": "0"}]}
    """#

extension ScriptedWindow {
    /// The form's window, given the input focus again (a fault may have taken it away).
    func windowID() throws -> UInt32 { try driver.waitForWindow(timeout: patience) }

    /// Fills `everyTextKindForm`: a name, two lines of notes, a token and a PIN.
    func fillEveryTextKind(pin: String = "s3cret-Pin") throws {
        try type("Ada")
        try xdotool("key", "Tab")
        try type("line one")
        try xdotool("key", "Return")
        try type("line two")
        try xdotool("key", "Tab")
        try type("X11")
        try xdotool("key", "Return")
        try xdotool("key", "Tab")
        try type(pin)
    }

    /// The values `fillEveryTextKind` typed, as standard output or a draft has them (no PIN).
    static let filledValues: [String: Any] = ["name": "Ada", "notes": "line one\nline two", "skills": ["Swift", "X11"], "years": "0"]

    /// After a lost display or window: the values `fillEveryTextKind` typed, but not the PIN, are
    /// the last line of standard error, and nothing went to standard output.
    func expectFilledValuesOnStandardError(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = stderr.split(separator: "\n")
        let values = try #require(lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
                                  "no values on standard error: \(stderr)", sourceLocation: sourceLocation)
        #expect(sameValues(values, Self.filledValues), "\(values)", sourceLocation: sourceLocation)
        #expect(!stderr.contains("s3cret"), sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, sourceLocation: sourceLocation)
    }

    /// Ctrl+Return submits (the window's own command); returns the submitted values.
    func submit() throws -> [String: Any] {
        try xdotool("key", "ctrl+Return")
        let status = exitStatus()
        #expect(status == 0, "\(stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout)")
    }
}

extension XTestDriver {
    /// Waits until the window no longer looks like `before`: the form has handled what was sent
    /// and drawn it.
    func waitForRepaint(of window: UInt32, from before: CairoSurface, sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try screenshot(of: window, when: { !samePixels($0, before) }, "the window did not change",
                           sourceLocation: sourceLocation)
    }

    /// Waits until the window's pixels meet `condition`, and returns them (the last ones, with an
    /// issue saying `what` did not happen, if `patience` runs out first: a guard against a hang).
    func screenshot(of window: UInt32, when condition: (CairoSurface) -> Bool, _ what: String,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> CairoSurface {
        let deadline = Date().addingTimeInterval(patience)
        var shot = try screenshot(window: window)
        while !condition(shot) {
            guard Date() < deadline else {
                Issue.record("\(what)", sourceLocation: sourceLocation)
                return shot
            }
            usleep(10_000)
            shot = try screenshot(window: window)
        }
        return shot
    }
}

/// Values compared as JSON sees them (strings and lists of strings).
func sameValues(_ a: [String: Any], _ b: [String: Any]) -> Bool { NSDictionary(dictionary: a).isEqual(to: b) }
