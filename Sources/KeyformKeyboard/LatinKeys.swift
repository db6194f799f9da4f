import KeyformCore

/// Finds the Latin keysym of a physical key, so Ctrl+C copies under `ru` and `us,ru` alike.
final class LatinKeys {
    private let keymap: Keymap
    /// Built on first need: only keymaps with no Latin layout at a key ever ask it.
    private lazy var usKeymap: Keymap? = try? Keymap(layout: "us")

    init(keymap: Keymap) { self.keymap = keymap }

    /// Nil when `keysym` is Latin already, or is a function, keypad, modifier or dead key
    /// (0xfd00…0xffff), which no layout turns into a letter. Otherwise the level-0 keysym of
    /// `keycode` in the first layout of the keymap that has a Latin one there, else in `us`.
    func latinKey(keycode: UInt32, keysym: UInt32) -> Key? {
        guard !Self.isLatin(keysym), !(0xfd00...0xffff).contains(keysym) else { return nil }
        for layout in 0..<keymap.layoutCount(keycode: keycode) {
            if let base = keymap.baseKeysym(keycode: keycode, layout: layout), Self.isLatin(base) {
                return Key(base)
            }
        }
        guard let us = usKeymap, let base = us.baseKeysym(keycode: keycode, layout: 0), Self.isLatin(base) else {
            return nil
        }
        return Key(base)
    }

    /// Printable ASCII: Latin keysyms have the character's code.
    private static func isLatin(_ keysym: UInt32) -> Bool { (0x20...0x7e).contains(keysym) }
}
