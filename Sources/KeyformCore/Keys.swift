/// A key as xkb names it: an X keysym. The core knows the few it acts on by value; the keyboard
/// module maps names and hardware keys to them.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public var keysym: UInt32
    public init(_ keysym: UInt32) { self.keysym = keysym }

    public static let backSpace = Key(0xff08)
    public static let tab = Key(0xff09)
    /// What xkb gives for Shift+Tab: Shift stays in the modifiers.
    public static let isoLeftTab = Key(0xfe20)
    public static let returnKey = Key(0xff0d)
    public static let keypadEnter = Key(0xff8d)
    public static let escape = Key(0xff1b)
    public static let delete = Key(0xffff)
    public static let home = Key(0xff50)
    public static let left = Key(0xff51)
    public static let up = Key(0xff52)
    public static let right = Key(0xff53)
    public static let down = Key(0xff54)
    public static let pageUp = Key(0xff55)
    public static let pageDown = Key(0xff56)
    public static let end = Key(0xff57)
    public static let space = Key(0x0020)
    public static let f1 = Key(0xffbe)
    public static let shiftL = Key(0xffe1), shiftR = Key(0xffe2)
    public static let controlL = Key(0xffe3), controlR = Key(0xffe4)
    public static let altL = Key(0xffe9), altR = Key(0xffea)
    public static let superL = Key(0xffeb), superR = Key(0xffec)

    /// Shift, Ctrl, Alt, Super and the lock and level keys: pressing one alone types nothing.
    public var isModifier: Bool { (0xffe1...0xffee).contains(keysym) || keysym == 0xfe03 }

    /// The modifier this key sets, for the bare-modifier rules (holding Ctrl shows the overlay).
    public var modifier: Modifiers? {
        switch self {
        case .shiftL, .shiftR: return .shift
        case .controlL, .controlR: return .control
        case .altL, .altR: return .alt
        case .superL, .superR: return .super
        default: return nil
        }
    }

    public var description: String { "0x" + String(keysym, radix: 16) }
}

public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    public static let `super` = Modifiers(rawValue: 1 << 3)
    /// The modifiers a shortcut is made of; lock states (Caps, Num) never take part in matching.
    public static let command: Modifiers = [.control, .alt, .super]
}

/// One key press, as the keyboard module translated it.
public struct KeyPress: Equatable, Sendable {
    public var key: Key
    /// What the press types (after compose), empty for keys that type nothing.
    public var text: String
    public var modifiers: Modifiers
    /// The keysym of the same physical key in the first Latin layout, so Ctrl+C copies under `ru`.
    public var latinKey: Key?
    /// A dead key or compose sequence is in progress: the press belongs to it, not to the form.
    public var composing: Bool
    /// The sequence in progress as visible characters (`´` for a dead acute), drawn underlined
    /// at the caret as other toolkits draw a preedit.
    public var preedit = ""
    /// The key is held: the keyboard's auto-repeat sent this press, with no release since the
    /// first. Not a new decision of the person's (the token field's BackSpace rule).
    public var isRepeat = false

    public init(key: Key, text: String = "", modifiers: Modifiers = [], latinKey: Key? = nil, composing: Bool = false) {
        self.key = key; self.text = text; self.modifiers = modifiers; self.latinKey = latinKey; self.composing = composing
    }

    /// The key a shortcut matches: the Latin key of the same physical key, lower case (so Ctrl+A
    /// matches with Caps Lock on and under `ru`).
    public var shortcutKey: Key {
        let key = latinKey ?? self.key
        return (0x41...0x5a).contains(key.keysym) ? Key(key.keysym + 0x20) : key
    }
}
