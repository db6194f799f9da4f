import KeyformCore
import KeyformKeyboard
import Testing

/// A translator for `layout` that presses keys by xkb key name, as `key:` replay events do.
struct Keyboard {
    let translator: KeyboardTranslator

    init(_ layout: String, variant: String = "") throws {
        translator = KeyboardTranslator(keymap: try Keymap(layout: layout, variant: variant))
    }

    init(_ translator: KeyboardTranslator) {
        self.translator = translator
    }

    func press(_ keyName: String, _ modifiers: Modifiers = [],
               sourceLocation: SourceLocation = #_sourceLocation) throws -> KeyPress {
        let keycode = try #require(translator.keycode(named: keyName), "no key \(keyName)", sourceLocation: sourceLocation)
        return translator.translate(keycode: keycode, modifiers: modifiers)
    }
}

func keysymName(_ key: Key?) -> String? { key.map(KeysymNames.name(of:)) }
