import CXCB

/// Reads the desktop's settings from the server and notices when they change: the XSETTINGS
/// manager rewriting its property (PropertyNotify on its window), a new manager taking the
/// selection (the MANAGER message on the root) or the old one going (DestroyNotify), and `xrdb`
/// rewriting `RESOURCE_MANAGER` (PropertyNotify on the root). The events arrive on the window's
/// connection; the window's loop offers each to `handle`.
public final class DesktopSettingsWatcher {
    private let x: XConnection
    private let selection: xcb_atom_t
    private let settingsProperty: xcb_atom_t
    private let manager: xcb_atom_t
    private let resourceManager: xcb_atom_t
    /// The window owning `_XSETTINGS_S<screen>`, or none.
    private var owner = xcb_window_t(XCB_NONE)
    public private(set) var settings = DesktopSettings()

    static func atomNames(screen: Int32) -> [String] {
        ["_XSETTINGS_S" + decimal(screen), "_XSETTINGS_SETTINGS", "MANAGER", "RESOURCE_MANAGER"]
    }

    /// A screen's number (0 or more) in decimal. Not `String(screen)`: the standard library's
    /// formatting of integers lies in 64 KB blocks of its code that nothing else a window runs
    /// touches, which the kernel maps whole (see `FormDecoder.FieldPlace`).
    static func decimal(_ number: Int32) -> String {
        var digits: [UInt8] = [], rest = number
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    /// Adds the root's StructureNotify and PropertyChange events to those `connection` gets, and
    /// reads the settings.
    public init(connection: XConnection) throws {
        x = connection
        let atoms = try connection.internAtoms(Self.atomNames(screen: connection.screenNumber))
        (selection, settingsProperty, manager, resourceManager) = (atoms[0], atoms[1], atoms[2], atoms[3])
        connection.addEvents(of: connection.screen.root, XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue | XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
        settings.resources = readResources()
        followOwner()
    }

    /// Takes an event meant for the watcher, if it is one; true when the settings changed.
    public func handle(_ event: UnsafePointer<xcb_generic_event_t>) -> Bool {
        let raw = UnsafeRawPointer(event)
        let before = settings
        switch Int32(event.pointee.response_type & 0x7f) {
        case XCB_PROPERTY_NOTIFY:
            let notify = raw.load(as: xcb_property_notify_event_t.self)
            if notify.window == owner && notify.atom == settingsProperty {
                settings.xsettings = readXSettings()
            } else if notify.window == x.screen.root && notify.atom == resourceManager {
                settings.resources = readResources()
            } else {
                return false
            }
        case XCB_CLIENT_MESSAGE:
            let message = raw.load(as: xcb_client_message_event_t.self)
            guard message.window == x.screen.root, message.type == manager, message.data.data32.1 == selection else { return false }
            followOwner()
        case XCB_DESTROY_NOTIFY:
            guard owner != XCB_NONE, raw.load(as: xcb_destroy_notify_event_t.self).window == owner else { return false }
            followOwner()
        default:
            return false
        }
        return settings != before
    }

    /// Finds the selection's owner, watches its window and reads its settings (none without an owner).
    private func followOwner() {
        let c = x.connection
        let cookie = xcb_get_selection_owner(c, selection)
        owner = (try? x.reply("GetSelectionOwner", { xcb_get_selection_owner_reply(c, cookie, $0) }) { $0.pointee.owner })
            ?? xcb_window_t(XCB_NONE)
        if owner != XCB_NONE {
            // A window already gone has no property below: the MANAGER message of its successor
            // comes later.
            x.addEvents(of: owner, XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue | XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
        }
        settings.xsettings = readXSettings()
    }

    /// Nil with no manager, and when its property is missing or malformed (nothing to follow).
    private func readXSettings() -> XSettings? {
        guard owner != XCB_NONE,
              let value = try? x.property(settingsProperty, of: owner, delete: false, limit: XSettings.maximumBytes + 4) else { return nil }
        return try? XSettings.parse(value.bytes)
    }

    private func readResources() -> XResources {
        guard let value = try? x.property(resourceManager, of: x.screen.root, delete: false, limit: XResources.maximumBytes) else {
            return XResources()
        }
        return XResources.parse(String(decoding: value.bytes, as: UTF8.self))
    }
}
