/// Keysym names both ways, so the core can read `ctrl+Return` in a form file and write keys the
/// way the desktop does without importing C. The keyboard module implements it with xkb, which
/// knows every name; `BasicKeyNames` knows the ones a form usually needs.
public protocol KeyNaming {
    /// The key with this xkb keysym name (`Return`, `question`, `Cyrillic_ef`), or nil.
    func key(named name: String) -> Key?
    /// The xkb name of a key (`Page_Down`), or nil if it has none.
    func name(of key: Key) -> String?
}

/// The names of printable ASCII and of the function and editing keys, as xkb spells them: enough
/// for tests and for hosts with no keymap.
public struct BasicKeyNames: KeyNaming, Sendable {
    public init() {}

    public func key(named name: String) -> Key? {
        if let keysym = Self.keysyms[name] { return Key(keysym) }
        // Letters and digits are their own names.
        guard name.count == 1, let ascii = name.unicodeScalars.first?.value, ascii < 0x7f,
              Character(name).isLetter || Character(name).isNumber else { return nil }
        return Key(ascii)
    }

    public func name(of key: Key) -> String? {
        if let name = Self.names[key.keysym] { return name }
        guard (0x30...0x7e).contains(key.keysym), let scalar = Unicode.Scalar(key.keysym) else { return nil }
        return String(Character(scalar))
    }

    static let keysyms: [String: UInt32] = {
        var table: [String: UInt32] = [
            "BackSpace": 0xff08, "Tab": 0xff09, "ISO_Left_Tab": 0xfe20, "Return": 0xff0d, "KP_Enter": 0xff8d,
            "Escape": 0xff1b, "Delete": 0xffff, "Insert": 0xff63, "Home": 0xff50, "Left": 0xff51, "Up": 0xff52,
            "Right": 0xff53, "Down": 0xff54, "Page_Up": 0xff55, "Prior": 0xff55, "Page_Down": 0xff56,
            "Next": 0xff56, "End": 0xff57, "Menu": 0xff67,
        ]
        for n in 1...12 { table["F\(n)"] = 0xffbd + UInt32(n) }
        // Punctuation, in ASCII order from space (0x20) to tilde (0x7e).
        let punctuation: [(UInt32, String)] = [
            (0x20, "space"), (0x21, "exclam"), (0x22, "quotedbl"), (0x23, "numbersign"), (0x24, "dollar"),
            (0x25, "percent"), (0x26, "ampersand"), (0x27, "apostrophe"), (0x28, "parenleft"), (0x29, "parenright"),
            (0x2a, "asterisk"), (0x2b, "plus"), (0x2c, "comma"), (0x2d, "minus"), (0x2e, "period"), (0x2f, "slash"),
            (0x3a, "colon"), (0x3b, "semicolon"), (0x3c, "less"), (0x3d, "equal"), (0x3e, "greater"),
            (0x3f, "question"), (0x40, "at"), (0x5b, "bracketleft"), (0x5c, "backslash"), (0x5d, "bracketright"),
            (0x5e, "asciicircum"), (0x5f, "underscore"), (0x60, "grave"), (0x7b, "braceleft"), (0x7c, "bar"),
            (0x7d, "braceright"), (0x7e, "asciitilde"),
        ]
        for (keysym, name) in punctuation { table[name] = keysym }
        return table
    }()

    /// One name per keysym; where xkb has two (`Prior`, `Page_Up`), the one it prints.
    static let names: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        for (name, keysym) in keysyms where name != "Prior" && name != "Next" { table[keysym] = name }
        return table
    }()
}
