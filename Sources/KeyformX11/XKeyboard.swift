import CXCB
import CXKBCommon
import KeyformCore
import KeyformKeyboard

/// The server's core keyboard through XKB: sets the extension up, follows the device's keymap and
/// state (so `setxkbmap de` while the window is open applies to the next key) and turns keycodes
/// into `KeyPress`es.
package final class XKeyboard {
    private let x: XConnection
    private let deviceID: Int32
    /// The response type of every XKB event: the extension's first event code.
    let eventBase: UInt8
    private var translator: KeyboardTranslator
    /// What each held key gave when pressed, so its release reports the same key (the translator
    /// translates presses only, and feeding it a release would advance a compose sequence).
    private var pressed: [UInt32: KeyPress] = [:]

    package init(connection x: XConnection) throws {
        self.x = x
        let c = x.connection
        var base: UInt8 = 0
        guard xkb_x11_setup_xkb_extension(c, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                                          XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, nil, nil, &base, nil) == 1 else {
            try x.checkConnection()
            throw X11Error.missingExtension("XKEYBOARD")
        }
        eventBase = base
        deviceID = xkb_x11_get_core_keyboard_device_id(c)
        guard deviceID != -1 else { throw X11Error.missingExtension("XKEYBOARD (no core keyboard)") }
        try Self.selectEvents(x, deviceID: deviceID)
        try Self.enableDetectableAutoRepeat(x, deviceID: deviceID)
        translator = try Self.translator(x, deviceID: deviceID)
    }

    /// Loads the compose table (`KeyboardTranslator.loadCompose`).
    func loadCompose() { translator.loadCompose() }

    func press(keycode: UInt32) -> KeyPress {
        held(translator.press(keycode: keycode), keycode: keycode)
    }

    /// A press translated in the state its event recorded (`KeyboardTranslator.press(keycode:coreState:)`).
    func press(keycode: UInt32, state: UInt16) -> KeyPress {
        held(translator.press(keycode: keycode, coreState: state), keycode: keycode)
    }

    /// Records `press` as held until its release. With detectable auto-repeat a held key sends
    /// press, press, …, release: a press of a key already held is a repeat.
    private func held(_ press: KeyPress, keycode: UInt32) -> KeyPress {
        var press = press
        press.isRepeat = pressed[keycode] != nil
        pressed[keycode] = press
        return press
    }

    /// The window lost the keyboard: the releases of the keys held now go elsewhere, so the next
    /// press of each is a new one.
    func forgetHeldKeys() { pressed = [:] }

    /// The key that `keycode` gave when pressed, with the modifiers of the release event (the X
    /// core state mask). Nil for a key pressed before the window had focus.
    func release(keycode: UInt32, state: UInt16) -> KeyPress? {
        guard let press = pressed.removeValue(forKey: keycode) else { return nil }
        return KeyPress(key: press.key, modifiers: Self.modifiers(state), latinKey: press.latinKey)
    }

    /// Shift, Control, Alt (Mod1) and Super (Mod4) from an X core event's state mask.
    static func modifiers(_ state: UInt16) -> Modifiers {
        var result: Modifiers = []
        if state & UInt16(XCB_MOD_MASK_SHIFT.rawValue) != 0 { result.insert(.shift) }
        if state & UInt16(XCB_MOD_MASK_CONTROL.rawValue) != 0 { result.insert(.control) }
        if state & UInt16(XCB_MOD_MASK_1.rawValue) != 0 { result.insert(.alt) }
        if state & UInt16(XCB_MOD_MASK_4.rawValue) != 0 { result.insert(.super) }
        return result
    }

    /// Handles an event whose response type is `eventBase`: state changes update the translator,
    /// keymap changes rebuild it from the device. If the new keymap cannot be read (the connection
    /// broke, which the event loop reports), the old one stays.
    func handle(_ event: UnsafePointer<xcb_generic_event_t>) {
        // Every XKB event starts response_type, xkbType, sequence, time, deviceID.
        let raw = UnsafeRawPointer(event)
        let xkbType = raw.load(fromByteOffset: 1, as: UInt8.self)
        let device = raw.load(fromByteOffset: 8, as: UInt8.self)
        guard Int32(device) == deviceID else { return }
        switch Int32(xkbType) {
        case XCB_XKB_STATE_NOTIFY:
            let state = raw.assumingMemoryBound(to: xcb_xkb_state_notify_event_t.self).pointee
            translator.updateMask(depressed: UInt32(state.baseMods), latched: UInt32(state.latchedMods),
                                  locked: UInt32(state.lockedMods), baseGroup: Int32(state.baseGroup),
                                  latchedGroup: Int32(state.latchedGroup), lockedGroup: Int32(state.lockedGroup))
        case XCB_XKB_NEW_KEYBOARD_NOTIFY:
            let notify = raw.assumingMemoryBound(to: xcb_xkb_new_keyboard_notify_event_t.self).pointee
            if notify.changed & UInt16(XCB_XKB_NKN_DETAIL_KEYCODES.rawValue) != 0 { reloadKeymap() }
        case XCB_XKB_MAP_NOTIFY:
            reloadKeymap()
        default:
            break
        }
    }

    private func reloadKeymap() {
        if let fresh = try? Self.translator(x, deviceID: deviceID, replacing: translator) { translator = fresh }
    }

    private static func translator(_ x: XConnection, deviceID: Int32, replacing previous: KeyboardTranslator? = nil) throws -> KeyboardTranslator {
        let keymap = try Keymap(x11Connection: x.connection, deviceID: deviceID)
        return try KeyboardTranslator(keymap: keymap, x11Connection: x.connection, deviceID: deviceID, replacing: previous)
    }

    /// Asks for the three events that keep our keymap and state in step with the server, with
    /// the details xkbcommon's interactive-x11 example selects.
    private static func selectEvents(_ x: XConnection, deviceID: Int32) throws {
        let events = UInt16(XCB_XKB_EVENT_TYPE_NEW_KEYBOARD_NOTIFY.rawValue | XCB_XKB_EVENT_TYPE_MAP_NOTIFY.rawValue
            | XCB_XKB_EVENT_TYPE_STATE_NOTIFY.rawValue)
        let newKeyboard = UInt16(XCB_XKB_NKN_DETAIL_KEYCODES.rawValue)
        let mapParts = UInt16(XCB_XKB_MAP_PART_KEY_TYPES.rawValue | XCB_XKB_MAP_PART_KEY_SYMS.rawValue
            | XCB_XKB_MAP_PART_MODIFIER_MAP.rawValue | XCB_XKB_MAP_PART_EXPLICIT_COMPONENTS.rawValue
            | XCB_XKB_MAP_PART_KEY_ACTIONS.rawValue | XCB_XKB_MAP_PART_VIRTUAL_MODS.rawValue
            | XCB_XKB_MAP_PART_VIRTUAL_MOD_MAP.rawValue)
        let stateParts = UInt16(XCB_XKB_STATE_PART_MODIFIER_BASE.rawValue | XCB_XKB_STATE_PART_MODIFIER_LATCH.rawValue
            | XCB_XKB_STATE_PART_MODIFIER_LOCK.rawValue | XCB_XKB_STATE_PART_GROUP_BASE.rawValue
            | XCB_XKB_STATE_PART_GROUP_LATCH.rawValue | XCB_XKB_STATE_PART_GROUP_LOCK.rawValue)
        var details = xcb_xkb_select_events_details_t()
        details.affectNewKeyboard = newKeyboard
        details.newKeyboardDetails = newKeyboard
        details.affectState = stateParts
        details.stateDetails = stateParts
        let cookie = xcb_xkb_select_events_aux_checked(x.connection, xcb_xkb_device_spec_t(deviceID), events, 0, 0,
                                                       mapParts, mapParts, &details)
        try x.check(cookie, "XkbSelectEvents")
    }

    /// A held key then sends press, press, …, release instead of X's release/press pairs, so a
    /// repeat is just another press.
    private static func enableDetectableAutoRepeat(_ x: XConnection, deviceID: Int32) throws {
        let flag = UInt32(XCB_XKB_PER_CLIENT_FLAG_DETECTABLE_AUTO_REPEAT.rawValue)
        let cookie = xcb_xkb_per_client_flags(x.connection, xcb_xkb_device_spec_t(deviceID), flag, flag, 0, 0, 0)
        try x.reply("XkbPerClientFlags", { xcb_xkb_per_client_flags_reply(x.connection, cookie, $0) }) { _ in }
    }
}
