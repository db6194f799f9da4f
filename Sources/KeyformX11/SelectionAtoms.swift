import CXCB
import KeyformCore

/// The atoms of the ICCCM selection protocol and the clipboard manager specification, interned
/// in one round trip.
struct SelectionAtoms {
    let clipboard: xcb_atom_t
    let targets: xcb_atom_t
    let multiple: xcb_atom_t
    let timestamp: xcb_atom_t
    let incr: xcb_atom_t
    let atomPair: xcb_atom_t
    let text: xcb_atom_t
    let utf8String: xcb_atom_t
    /// `text/plain;charset=utf-8`, which browsers ask for besides UTF8_STRING.
    let mimeUTF8: xcb_atom_t
    let clipboardManager: xcb_atom_t
    let saveTargets: xcb_atom_t
    /// Our window's properties where pastes arrive, one per selection so they never mix.
    let clipboardProperty: xcb_atom_t
    let primaryProperty: xcb_atom_t
    /// Where the clipboard manager's answer to SAVE_TARGETS goes.
    let saveProperty: xcb_atom_t
    /// Appended to with nothing to learn the server time from the PropertyNotify it causes.
    let timeProperty: xcb_atom_t

    static let names = ["CLIPBOARD", "TARGETS", "MULTIPLE", "TIMESTAMP", "INCR", "ATOM_PAIR", "TEXT", "UTF8_STRING",
                        "text/plain;charset=utf-8", "CLIPBOARD_MANAGER", "SAVE_TARGETS", "_KEYFORM_CLIPBOARD",
                        "_KEYFORM_PRIMARY", "_KEYFORM_SAVE_TARGETS", "_KEYFORM_TIME"]

    init(connection x: XConnection) throws {
        let a = try x.internAtoms(Self.names)
        (clipboard, targets, multiple, timestamp, incr, atomPair, text, utf8String) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])
        (mimeUTF8, clipboardManager, saveTargets, clipboardProperty) = (a[8], a[9], a[10], a[11])
        (primaryProperty, saveProperty, timeProperty) = (a[12], a[13], a[14])
    }

    func atom(_ name: SelectionName) -> xcb_atom_t {
        switch name {
        case .clipboard: return clipboard
        case .primary: return XCB_ATOM_PRIMARY.rawValue
        }
    }

    func name(_ atom: xcb_atom_t) -> SelectionName? {
        switch atom {
        case clipboard: return .clipboard
        case XCB_ATOM_PRIMARY.rawValue: return .primary
        default: return nil
        }
    }

    /// The property of our window where a paste from `name` arrives.
    func pasteProperty(_ name: SelectionName) -> xcb_atom_t {
        name == .clipboard ? clipboardProperty : primaryProperty
    }
}
