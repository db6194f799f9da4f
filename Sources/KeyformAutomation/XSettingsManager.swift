import CXCB
import KeyformX11

/// A small XSETTINGS manager for tests, as gnome-settings-daemon or xsettingsd is on a desktop:
/// it owns `_XSETTINGS_S0` through a window of its own, keeps its settings in that window's
/// `_XSETTINGS_SETTINGS` property and announces itself with a MANAGER message on the root.
/// `stop()` or `deinit` destroys the window, which gives the selection up.
public final class XSettingsManager {
    private let x: XConnection
    public let window: xcb_window_t
    private let settingsProperty: xcb_atom_t
    private var serial: UInt32 = 0

    public init(displayName: String, values: [String: XSettings.Value]) throws {
        let x = try XConnection(displayName: displayName)
        self.x = x
        let c = x.connection
        let atoms = try x.internAtoms(["_XSETTINGS_S\(x.screenNumber)", "MANAGER", "_XSETTINGS_SETTINGS"])
        let (selection, manager) = (atoms[0], atoms[1])
        settingsProperty = atoms[2]
        let window = x.generateID()
        self.window = window
        xcb_create_window(c, UInt8(XCB_COPY_FROM_PARENT), window, x.screen.root, -1, -1, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_ONLY.rawValue), x.screen.root_visual,
                          XCB_CW_OVERRIDE_REDIRECT.rawValue, [1])
        // The settings are in place before anyone can find the owner.
        write(values)
        xcb_set_selection_owner(c, window, selection, xcb_timestamp_t(XCB_CURRENT_TIME))
        let cookie = xcb_get_selection_owner(c, selection)
        let owner = try x.reply("GetSelectionOwner", { xcb_get_selection_owner_reply(c, cookie, $0) }) { $0.pointee.owner }
        guard owner == window else { throw AutomationError.privateServerFailed("another client owns _XSETTINGS_S\(x.screenNumber)") }
        var message = xcb_client_message_event_t()
        message.response_type = UInt8(XCB_CLIENT_MESSAGE)
        message.format = 32
        message.window = x.screen.root
        message.type = manager
        message.data.data32 = (UInt32(XCB_CURRENT_TIME), selection, window, 0, 0)
        withUnsafeBytes(of: &message) { raw in
            _ = xcb_send_event(c, 0, x.screen.root, XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue,
                               raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
        try sync()
    }

    deinit { stop() }

    /// Replaces every setting (a new serial), as a settings daemon does when one changes.
    public func update(_ values: [String: XSettings.Value]) throws {
        write(values)
        try sync()
    }

    /// Gives the selection up: the window goes, as when the daemon exits.
    public func stop() {
        xcb_destroy_window(x.connection, window)
        x.flush()
    }

    /// Sets the root's `RESOURCE_MANAGER`, as `xrdb -load` does.
    public func setResources(_ text: String) throws {
        let property = try x.internAtoms(["RESOURCE_MANAGER"])[0]
        let bytes = Array(text.utf8)
        xcb_change_property(x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), x.screen.root, property, XCB_ATOM_STRING.rawValue, 8,
                            UInt32(bytes.count), bytes)
        try sync()
    }

    /// Writes bytes as they are, well formed or not, for tests of a broken manager.
    public func writeRawProperty(_ bytes: [UInt8]) throws {
        writeProperty(bytes)
        try sync()
    }

    private func write(_ values: [String: XSettings.Value]) {
        serial += 1
        writeProperty(XSettings(serial: serial, values: values).encoded())
    }

    private func writeProperty(_ bytes: [UInt8]) {
        xcb_change_property(x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, settingsProperty, settingsProperty, 8,
                            UInt32(bytes.count), bytes)
    }

    /// Waits until the server has carried out every request so far.
    private func sync() throws {
        let c = x.connection
        let cookie = xcb_get_input_focus(c)
        try x.reply("GetInputFocus", { xcb_get_input_focus_reply(c, cookie, $0) }) { _ in }
    }
}
