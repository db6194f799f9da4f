import CXCB
import KeyformCore

/// `_KEYFORM_INPUT_METHOD` on the window: what it last told its input method, for tests and for
/// anyone finding out why their input method is not used (`xprop _KEYFORM_INPUT_METHOD`).
/// `fcitx focused X,Y` (the spot: the caret's bottom left, in window coordinates) with the
/// composition shown there as code points (`composing U+D55C`), so that a test can wait for what
/// the input method made of the keys it was sent, as a person looks before typing on;
/// `fcitx unfocused`; `fcitx gone: WHY`. The same words whichever way the window reaches it.
@MainActor
struct InputMethodStatus {
    private let x: XConnection
    private let window: xcb_window_t
    /// The name after `@im=` (`ibus`, `fcitx`), which starts every state.
    let name: String
    /// `_KEYFORM_INPUT_METHOD`, once interned.
    private var atom: xcb_atom_t?

    init(connection: XConnection, window: xcb_window_t, name: String) {
        x = connection
        self.window = window
        self.name = name
    }

    mutating func focused(at spot: xcb_point_t, composing text: String) {
        let composing = text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
        publish("focused \(spot.x),\(spot.y)" + (composing.isEmpty ? "" : " composing " + composing.joined(separator: " ")))
    }

    mutating func unfocused() { publish("unfocused") }

    mutating func gone(_ why: String) { publish("gone: \(why)") }

    private mutating func publish(_ state: String) {
        let c = x.connection
        if atom == nil {
            let atomName = "_KEYFORM_INPUT_METHOD"
            let cookie = xcb_intern_atom(c, 0, UInt16(atomName.utf8.count), atomName)
            atom = try? x.reply("InternAtom", { xcb_intern_atom_reply(c, cookie, $0) }) { $0.pointee.atom }
        }
        guard let atom else { return }
        let line = name + " " + state
        _ = xcb_change_property(c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, atom, XCB_ATOM_STRING.rawValue, 8,
                                UInt32(line.utf8.count), line)
    }
}
