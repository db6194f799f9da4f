/// A key with the modifiers held for it: what a key command is bound to (`ctrl+shift+z`).
///
/// Letters are kept lower case, as GTK keeps accelerators: `ctrl+Z` is Ctrl and the Z key, and
/// Ctrl+Shift+Z needs `ctrl+shift+z`.
public struct KeyChord: Hashable, Sendable {
    public var key: Key
    /// Among Shift, Ctrl, Alt and Super; lock states never take part.
    public var modifiers: Modifiers

    public init(_ key: Key, _ modifiers: Modifiers = []) {
        self.key = Self.lowercased(key)
        self.modifiers = modifiers.intersection(Self.matched)
    }

    static let matched: Modifiers = [.shift, .control, .alt, .super]

    /// Reads `ctrl+shift+z`, `ctrl+?`, `F1`, `shift+Tab`, `ctrl++`: modifiers as in the replay
    /// language, then an xkb keysym name or a single character.
    public init(parsing text: String, names: any KeyNaming) throws(KeyChordError) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // `ctrl++` and `+` name the plus key itself.
        if parts.count >= 2 && parts.suffix(2) == ["", ""] { parts.removeLast(2); parts.append("+") }
        let keyName = parts.removeLast()
        var modifiers: Modifiers = []
        for part in parts {
            guard let modifier = ReplayEvent.modifierNames[part.lowercased()] else {
                throw KeyChordError(part.isEmpty ? "empty modifier in \"\(text)\""
                                                 : "unknown modifier \"\(part)\" in \"\(text)\" (shift, ctrl, alt, super)")
            }
            modifiers.insert(modifier)
        }
        if let key = names.key(named: keyName) {
            self.init(key, modifiers)
        } else if keyName.count == 1, let character = keyName.first, !character.isBlank {
            self.init(KeyPress(typing: character).key, modifiers)
        } else {
            throw KeyChordError(keyName.isEmpty ? "no key in \"\(text)\"" : "unknown key \"\(keyName)\" in \"\(text)\"")
        }
    }

    /// Whether a press is this chord. Ctrl, Alt and Super chords match on any layout through the
    /// Latin key of the same physical key; a symbol that needs Shift (`ctrl+?`) matches whatever
    /// key types it, Shift or not; Shift+Tab also arrives as ISO_Left_Tab, and Return includes
    /// the keypad's Enter.
    public func matches(_ press: KeyPress) -> Bool {
        let held = press.modifiers.intersection(Self.matched)
        let typed = Self.lowercased(press.key)
        if key == .tab, modifiers.contains(.shift), typed == .isoLeftTab {
            return held.union(.shift) == modifiers
        }
        if key == .returnKey, typed == .keypadEnter { return held == modifiers }
        if typed == key, isShiftedSymbol { return held.subtracting(.shift) == modifiers.subtracting(.shift) }
        let latin = !modifiers.isDisjoint(with: .command) && press.shortcutKey == key
        return (typed == key || latin) && held == modifiers
    }

    /// ASCII punctuation: on most layouts it takes Shift (`?`, `+`, `!`), on some it does not.
    var isShiftedSymbol: Bool {
        guard (0x21...0x7e).contains(key.keysym), let scalar = Unicode.Scalar(key.keysym) else { return false }
        return !Character(scalar).isLetter && !Character(scalar).isNumber
    }

    /// The chord as the desktop writes it: `Ctrl+Shift+Z`, `Shift+Tab`, `Ctrl+?`, `Page Down`.
    public func label(names: any KeyNaming) -> String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        if modifiers.contains(.super) { parts.append("Super") }
        parts.append(Self.label(of: key, names: names))
        return parts.joined(separator: "+")
    }

    static func label(of key: Key, names: any KeyNaming) -> String {
        switch key.keysym {
        case 0x20: return "Space"
        case 0x5c: return "Backslash"
        case Key.backSpace.keysym: return "Backspace"
        case Key.isoLeftTab.keysym: return "Tab"
        // xkb's first names for these are Prior and Next.
        case Key.pageUp.keysym: return "Page Up"
        case Key.pageDown.keysym: return "Page Down"
        case 0x21...0x7e, 0xa1...0xff, 0x0100_0000...:
            let code = key.keysym >= 0x0100_0000 ? key.keysym - 0x0100_0000 : key.keysym
            if let scalar = Unicode.Scalar(code) { return String(Character(scalar)).uppercased() }
        default: break
        }
        // Page_Down → "Page Down", as GTK writes names that have no symbol.
        return names.name(of: key).map { $0.replacingUnderscores } ?? key.description
    }

    /// Latin capitals match as their lower case letter, like GTK's accelerators.
    static func lowercased(_ key: Key) -> Key {
        (0x41...0x5a).contains(key.keysym) ? Key(key.keysym + 0x20) : key
    }
}

public struct KeyChordError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
