import KeyformCore

/// The keyboard of `keyform replay`: key names and physical keys translated through a layout
/// compiled from its name, the way a real keyboard with that layout would type them.
public final class ReplayKeyboard: KeyResolving {
    /// A layout compiled from xkb's data, and the key that types each keysym with no modifier,
    /// for `shift+a` to type "A" as a keyboard does.
    private struct Layout {
        let translator: KeyboardTranslator
        let keycodeByKeysym: [UInt32: UInt32]

        init(_ layout: String) throws(KeyboardError) {
            let parts = layout.split(separator: ":", maxSplits: 1).map(String.init)
            translator = KeyboardTranslator(keymap: try Keymap(layout: parts.first ?? "us", variant: parts.count > 1 ? parts[1] : ""))
            var map: [UInt32: UInt32] = [:]
            for keycode in UInt32(8)...255 {
                let keysym = translator.translate(keycode: keycode, modifiers: []).key.keysym
                if keysym != 0 && map[keysym] == nil { map[keysym] = keycode }
            }
            keycodeByKeysym = map
            // Building the map fed every key to compose; start clean.
            translator.cancelCompose()
        }
    }

    private let layout: String
    /// Compiled at once (`init(layout:)`), or at the first key that needs it (`init(deferring:)`).
    private var compiled: Result<Layout, KeyboardError>?

    /// `layout` is `NAME` or `NAME:VARIANT`, as `--layout` takes it (`us`, `de:nodeadkeys`).
    public init(layout: String) throws(KeyboardError) {
        self.layout = layout
        compiled = .success(try Layout(layout))
    }

    /// `layout`, compiled only when a key that types a character, a dead key or a physical key
    /// is pressed: Tab, Return, Escape, the arrows and the function keys need no xkb data, so a
    /// session driven by them (and `type:`) runs where xkb's data is not installed.
    public init(deferring layout: String) { self.layout = layout }

    private func compiledLayout() throws(ReplayError) -> Layout {
        let result = compiled ?? { () -> Result<Layout, KeyboardError> in
            do throws(KeyboardError) { return .success(try Layout(layout)) } catch { return .failure(error) }
        }()
        compiled = result
        switch result {
        case .success(let layout): return layout
        case .failure(let error): throw ReplayError("layout \"\(layout)\": \(error)")
        }
    }

    public func press(keysymName name: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress {
        guard let key = KeysymNames.key(named: name) else { throw ReplayError("unknown key name \"\(name)\"") }
        let text = KeysymNames.text(of: key)
        // Tab, Return, Escape, the arrows, F1…: the same keys on every layout, and with no
        // layout compiled yet, no compose sequence they could end. No need to compile one.
        let sameOnEveryLayout = compiled == nil && key.keysym >= 0xff00 && key.keysym <= 0xffff && text.isEmpty
        if !sameOnEveryLayout, case let layout = try compiledLayout(), let keycode = layout.keycodeByKeysym[key.keysym] {
            return layout.translator.strike(keycode: keycode, modifiers: modifiers)
        }
        // Not on this layout (ISO_Left_Tab, F13…): the keysym itself, as a remapped key would give.
        let latin = (0x20...0x7e).contains(key.keysym) ? key : nil
        return KeyPress(key: key, text: modifiers.isDisjoint(with: .command) ? text : "", modifiers: modifiers, latinKey: latin)
    }

    public func press(physicalKey name: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress {
        let layout = try compiledLayout()
        guard let keycode = layout.translator.keycode(named: name) else {
            throw ReplayError("no key \"\(name)\" on layout \"\(self.layout)\" (xkb key names look like AC01, TAB, RTRN)")
        }
        return layout.translator.strike(keycode: keycode, modifiers: modifiers)
    }
}
