import CXKBCommon
import KeyformCore

/// Keysym names as xkb spells them (`Tab`, `ISO_Left_Tab`, `Cyrillic_ef`), for the replay
/// language, form files and the shortcut overlay.
public enum KeysymNames {
    /// The key with this keysym name: exact spelling first, then ignoring case; nil if unknown.
    public static func key(named name: String) -> Key? {
        for flags in [XKB_KEYSYM_NO_FLAGS, XKB_KEYSYM_CASE_INSENSITIVE] {
            let keysym = xkb_keysym_from_name(name, flags)
            if keysym != 0 { return Key(keysym) } // 0 is NoSymbol
        }
        return nil
    }

    /// The keysym's name (`Return`), or its hex value if it has none.
    public static func name(of key: Key) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(key.keysym, &buffer, buffer.count) > 0 else { return key.description }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What the keysym types on its own, or "" for keys that type nothing or a control character.
    public static func text(of key: Key) -> String {
        let scalar = xkb_keysym_to_utf32(key.keysym)
        guard !isControl(scalar), let unicode = Unicode.Scalar(scalar) else { return "" }
        return String(Character(unicode))
    }

    /// NUL and the C0 and DEL control characters, which a key press never types.
    static func isControl(_ scalar: UInt32) -> Bool { scalar < 0x20 || scalar == 0x7f }
}
