import KeyformCore
import Testing

/// Chords: how form files write them, what presses they match on any layout, how the overlay
/// writes them.
@Suite("Key chords") struct KeyChordTests {
    static let names = BasicKeyNames()

    func chord(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> KeyChord {
        try KeyChord(parsing: text, names: Self.names)
    }

    @Test(arguments: [
        ("ctrl+shift+z", "Ctrl+Shift+Z"), ("ctrl+Z", "Ctrl+Z"), ("ctrl+Return", "Ctrl+Return"), ("F1", "F1"),
        ("shift+Tab", "Shift+Tab"), ("ctrl+?", "Ctrl+?"), ("ctrl+question", "Ctrl+?"), ("ctrl++", "Ctrl++"),
        ("ctrl+plus", "Ctrl++"), ("Page_Down", "Page Down"), ("ctrl+BackSpace", "Ctrl+Backspace"),
        ("alt+super+space", "Alt+Super+Space"), ("control+alt+Delete", "Ctrl+Alt+Delete"), ("ctrl+backslash", "Ctrl+Backslash"),
        ("ctrl+é", "Ctrl+É"),
    ])
    func labelsAsTheDesktopWritesThem(_ text: String, _ label: String) throws {
        #expect(try chord(text).label(names: Self.names) == label)
    }

    @Test(arguments: [
        ("ctlr+a", "unknown modifier \"ctlr\" in \"ctlr+a\" (shift, ctrl, alt, super)"),
        ("ctrl+Retrun", "unknown key \"Retrun\" in \"ctrl+Retrun\""),
        ("ctrl+", "no key in \"ctrl+\""),
        ("+a", "empty modifier in \"+a\""),
    ])
    func badChordsSayWhy(_ text: String, _ message: String) {
        #expect(throws: KeyChordError(message)) { try chord(text) }
    }

    struct MatchCase: Sendable, CustomTestStringConvertible {
        var chord: String
        var press: KeyPress
        var matches: Bool
        var testDescription: String { "\(chord) ← \(press.key) \(press.modifiers.rawValue) → \(matches)" }
    }

    static let cyrillicEs = Key(0x6d3), cyrillicYa = Key(0x6d1)

    @Test(arguments: [
        MatchCase(chord: "ctrl+c", press: KeyPress(key: Key(0x63), modifiers: .control), matches: true),
        MatchCase(chord: "ctrl+c", press: KeyPress(key: Key(0x43), modifiers: .control), matches: true),  // Caps Lock
        MatchCase(chord: "ctrl+c", press: KeyPress(key: Key(0x63), modifiers: [.control, .shift]), matches: false),
        MatchCase(chord: "ctrl+c", press: KeyPress(key: Key(0x63), modifiers: [.control, .alt]), matches: false),
        // Russian: the key that types "с" is C on a Latin layout.
        MatchCase(chord: "ctrl+c", press: KeyPress(key: cyrillicEs, modifiers: .control, latinKey: Key(0x63)), matches: true),
        MatchCase(chord: "ctrl+shift+z", press: KeyPress(key: cyrillicYa, modifiers: [.control, .shift], latinKey: Key(0x7a)),
                  matches: true),
        // Without Ctrl, Alt or Super a chord means the key as typed, not its Latin twin.
        MatchCase(chord: "c", press: KeyPress(key: cyrillicEs, latinKey: Key(0x63)), matches: false),
        // A symbol that needs Shift matches whatever key types it.
        MatchCase(chord: "ctrl+?", press: KeyPress(key: Key(0x3f), modifiers: [.control, .shift]), matches: true),
        MatchCase(chord: "ctrl+?", press: KeyPress(key: Key(0x3f), modifiers: .control), matches: true),
        MatchCase(chord: "ctrl+?", press: KeyPress(key: Key(0x2f), modifiers: [.control, .shift]), matches: false),
        MatchCase(chord: "shift+Tab", press: KeyPress(key: .isoLeftTab, modifiers: .shift), matches: true),
        MatchCase(chord: "shift+Tab", press: KeyPress(key: .isoLeftTab), matches: true),
        MatchCase(chord: "shift+Tab", press: KeyPress(key: .tab, modifiers: .shift), matches: true),
        MatchCase(chord: "Tab", press: KeyPress(key: .isoLeftTab, modifiers: .shift), matches: false),
        MatchCase(chord: "ctrl+Return", press: KeyPress(key: .keypadEnter, modifiers: .control), matches: true),
        MatchCase(chord: "KP_Enter", press: KeyPress(key: .returnKey), matches: false),
        MatchCase(chord: "F1", press: KeyPress(key: .f1), matches: true),
    ])
    func matching(_ c: MatchCase) throws {
        #expect(try chord(c.chord).matches(c.press) == c.matches)
    }
}
