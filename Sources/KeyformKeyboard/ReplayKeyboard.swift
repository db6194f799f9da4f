import KeyformCore

/// The keyboard of `keyform replay`: key names and physical keys translated through a layout
/// compiled from its name, the way a real keyboard with that layout would type them.
public final class ReplayKeyboard: KeyResolving {
    private let translator: KeyboardTranslator
    private let layout: String
    /// The key that types each keysym with no modifier, for `shift+a` to type "A" as a keyboard does.
    private let keycodeByKeysym: [UInt32: UInt32]

    /// `layout` is `NAME` or `NAME:VARIANT`, as `--layout` takes it (`us`, `de:nodeadkeys`).
    public init(layout: String) throws(KeyboardError) {
        let parts = layout.split(separator: ":", maxSplits: 1).map(String.init)
        let keymap = try Keymap(layout: parts.first ?? "us", variant: parts.count > 1 ? parts[1] : "")
        translator = KeyboardTranslator(keymap: keymap)
        self.layout = layout
        var map: [UInt32: UInt32] = [:]
        for keycode in UInt32(8)...255 {
            let keysym = translator.translate(keycode: keycode, modifiers: []).key.keysym
            if keysym != 0 && map[keysym] == nil { map[keysym] = keycode }
        }
        keycodeByKeysym = map
        // Building the map fed every key to compose; start clean.
        translator.cancelCompose()
    }

    public func press(keysymName name: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress {
        guard let key = KeysymNames.key(named: name) else { throw ReplayError("unknown key name \"\(name)\"") }
        if let keycode = keycodeByKeysym[key.keysym] {
            return translator.strike(keycode: keycode, modifiers: modifiers)
        }
        // Not on this layout (ISO_Left_Tab, F13…): the keysym itself, as a remapped key would give.
        let latin = (0x20...0x7e).contains(key.keysym) ? key : nil
        let text = modifiers.isDisjoint(with: .command) ? KeysymNames.text(of: key) : ""
        return KeyPress(key: key, text: text, modifiers: modifiers, latinKey: latin)
    }

    public func press(physicalKey name: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress {
        guard let keycode = translator.keycode(named: name) else {
            throw ReplayError("no key \"\(name)\" on layout \"\(layout)\" (xkb key names look like AC01, TAB, RTRN)")
        }
        return translator.strike(keycode: keycode, modifiers: modifiers)
    }
}
