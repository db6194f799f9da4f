import KeyformCore

/// How a pending compose sequence looks while it is typed: each dead key as its spacing accent,
/// the Compose key as a middle dot (as GTK shows it), other keysyms as the text they type.
enum Preedit {
    static func text(of keysyms: [UInt32]) -> String {
        keysyms.map { accents[$0] ?? KeysymNames.text(of: Key($0)) }.joined()
    }

    /// `dead_grave` (0xfe50) … `dead_ogonek` (0xfe5c), and `Multi_key` (0xff20).
    private static let accents: [UInt32: String] = [
        0xfe50: "`", 0xfe51: "´", 0xfe52: "^", 0xfe53: "~", 0xfe54: "¯", 0xfe55: "˘", 0xfe56: "˙",
        0xfe57: "¨", 0xfe58: "˚", 0xfe59: "˝", 0xfe5a: "ˇ", 0xfe5b: "¸", 0xfe5c: "˛", 0xff20: "·",
    ]
}
