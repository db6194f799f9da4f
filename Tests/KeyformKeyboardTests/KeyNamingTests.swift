import KeyformCore
import KeyformKeyboard
import Testing

/// xkb's names for form commands and the shortcuts overlay.
struct KeyNamingTests {
    let names = XKBKeyNames()

    @Test(arguments: [("ctrl+Cyrillic_ef", "Ctrl+Cyrillic ef"), ("super+XF86AudioPlay", "Super+XF86AudioPlay"),
                      ("ctrl+question", "Ctrl+?"), ("Page_Down", "Page Down"), ("Prior", "Page Up"), ("ctrl+return", "Ctrl+Return"),
                      ("KP_Enter", "KP Enter"), ("ctrl+shift+z", "Ctrl+Shift+Z")])
    func readsAndWritesEveryXKBName(_ text: String, _ label: String) throws {
        #expect(try KeyChord(parsing: text, names: names).label(names: names) == label)
    }

    @Test func agreesWithTheCoresNamesOnTheKeysTheCoreKnows() {
        let basic = BasicKeyNames()
        for name in ["Return", "Tab", "ISO_Left_Tab", "BackSpace", "F1", "F12", "space", "question", "a", "Z", "7"] {
            #expect(basic.key(named: name) == names.key(named: name), "\(name)")
            if let key = basic.key(named: name) { #expect(basic.name(of: key) == names.name(of: key), "\(name)") }
        }
    }

    @Test func aKeysymWithNoNameHasNone() {
        #expect(names.name(of: Key(0x00ff_fff0)) == nil)
    }

    /// Ctrl+C copies and Alt+N jumps under Russian and Hebrew, through the key's Latin twin.
    @Test(arguments: ["ru", "il"])
    func chordsMatchOnNonLatinLayouts(_ layout: String) throws {
        let keyboard = try Keyboard(layout)
        let copy = try KeyChord(parsing: "ctrl+c", names: names)
        #expect(copy.matches(try keyboard.press("AB03", .control)))
        let redo = try KeyChord(parsing: "ctrl+shift+z", names: names)
        #expect(redo.matches(try keyboard.press("AB01", [.control, .shift])))
        #expect(!redo.matches(try keyboard.press("AB01", .control)))
    }
}
