import CXCB
import KeyformCore
import KeyformX11

/// The server's core keyboard mapping as a driver that fakes key presses needs it: which keycode
/// types a keysym (and whether with Shift), which keycodes are the modifiers, and spare keycodes
/// to borrow, like xdotool does, for keysyms the layout lacks. Borrowed keycodes are given back
/// (mapped to nothing again) in `deinit`.
final class CoreKeyboardMapping {
    private let x: XConnection
    private let minKeycode: UInt8
    private var keysymsPerKeycode = 0
    /// `keysymsPerKeycode` keysyms for every keycode from `minKeycode` on.
    private var keysyms: [UInt32] = []
    private var modifierKeycodes: [UInt8: UInt8] = [:]
    /// Keycodes that had no keysym when we started: ours to borrow.
    private var spareKeycodes: [UInt8] = []
    private var borrowed: [UInt32: UInt8] = [:]
    private var nextSpare = 0

    init(connection x: XConnection) throws {
        self.x = x
        minKeycode = xcb_get_setup(x.connection).pointee.min_keycode
        try reload()
        spareKeycodes = (0..<keysyms.count / max(keysymsPerKeycode, 1)).compactMap { index in
            let row = keysyms[index * keysymsPerKeycode..<(index + 1) * keysymsPerKeycode]
            return row.allSatisfy { $0 == 0 } ? minKeycode + UInt8(index) : nil
        }
    }

    deinit {
        for keycode in borrowed.values {
            xcb_change_keyboard_mapping(x.connection, 1, keycode, 2, [UInt32(0), 0])
        }
        x.flush()
    }

    /// Reads the keyboard and modifier mappings again (after a MappingNotify), in one round trip.
    func reload() throws {
        let c = x.connection
        let setup = xcb_get_setup(c).pointee
        let keyboardCookie = xcb_get_keyboard_mapping(c, setup.min_keycode, setup.max_keycode - setup.min_keycode + 1)
        let modifierCookie = xcb_get_modifier_mapping(c)
        let keyboard = Result {
            try x.reply("GetKeyboardMapping", { xcb_get_keyboard_mapping_reply(c, keyboardCookie, $0) }) { reply in
                let symbols = UnsafeBufferPointer(start: xcb_get_keyboard_mapping_keysyms(reply),
                                                  count: Int(xcb_get_keyboard_mapping_keysyms_length(reply)))
                return (Int(reply.pointee.keysyms_per_keycode), Array(symbols))
            }
        }
        let modifiers = try x.reply("GetModifierMapping", { xcb_get_modifier_mapping_reply(c, modifierCookie, $0) }) { reply in
            let perModifier = Int(reply.pointee.keycodes_per_modifier)
            let codes = UnsafeBufferPointer(start: xcb_get_modifier_mapping_keycodes(reply),
                                            count: Int(xcb_get_modifier_mapping_keycodes_length(reply)))
            // Rows in X order: Shift, Lock, Control, Mod1 … Mod5; the first keycode of a row will do.
            var firstOfRow: [UInt8: UInt8] = [:]
            for row in 0..<8 where perModifier > 0 {
                if let code = codes[row * perModifier..<(row + 1) * perModifier].first(where: { $0 != 0 }) {
                    firstOfRow[UInt8(row)] = code
                }
            }
            return firstOfRow
        }
        (keysymsPerKeycode, keysyms) = try keyboard.get()
        modifierKeycodes = modifiers
    }

    /// The keycode of a modifier: Shift, Control, Alt (Mod1) or Super (Mod4).
    func keycode(of modifier: Modifiers) -> UInt8? {
        switch modifier {
        case .shift: return modifierKeycodes[0]
        case .control: return modifierKeycodes[2]
        case .alt: return modifierKeycodes[3]
        case .super: return modifierKeycodes[6]
        default: return nil
        }
    }

    /// The key that types `keysym` in the first group, unshifted if any key has it unshifted. For
    /// a keysym the layout lacks, maps a spare keycode to it (the server then tells every client,
    /// which reloads its keymap before the key arrives).
    func keycode(for keysym: UInt32) throws -> (keycode: UInt8, shift: Bool) {
        for column in 0..<min(2, keysymsPerKeycode) {
            var index = column
            while index < keysyms.count {
                if keysyms[index] == keysym { return (minKeycode + UInt8(index / keysymsPerKeycode), column == 1) }
                index += keysymsPerKeycode
            }
        }
        if let keycode = borrowed[keysym] { return (keycode, false) }
        guard !spareKeycodes.isEmpty else {
            throw AutomationError.cannotType("keysym 0x\(String(keysym, radix: 16)) (no spare keycode to map it to)")
        }
        // Round robin, and no giving back until the end: a client may still be reading the keymap
        // a borrowed key had when it was pressed.
        let keycode = spareKeycodes[nextSpare % spareKeycodes.count]
        nextSpare += 1
        borrowed = borrowed.filter { $0.value != keycode }
        borrowed[keysym] = keycode
        xcb_change_keyboard_mapping(x.connection, 1, keycode, 2, [keysym, keysym])
        return (keycode, false)
    }
}
