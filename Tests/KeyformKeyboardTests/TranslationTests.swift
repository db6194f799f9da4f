import KeyformCore
import KeyformKeyboard
import Testing

struct TranslationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var layout: String
        var keyName: String
        var modifiers: Modifiers = []
        var keysym: String
        var text: String
        var latin: String? = nil
        var testDescription: String { "\(layout) \(keyName) \(modifiers.rawValue) → \(keysym)" }
    }

    @Test(arguments: [
        Case(layout: "us", keyName: "AC01", keysym: "a", text: "a"),
        Case(layout: "us", keyName: "AC01", modifiers: .shift, keysym: "A", text: "A"),
        Case(layout: "us", keyName: "TAB", keysym: "Tab", text: ""),
        Case(layout: "us", keyName: "TAB", modifiers: .shift, keysym: "ISO_Left_Tab", text: ""),
        Case(layout: "us", keyName: "RTRN", keysym: "Return", text: ""),
        Case(layout: "us", keyName: "AC01", modifiers: .control, keysym: "a", text: ""),
        Case(layout: "us", keyName: "AE01", modifiers: .control, keysym: "1", text: ""),
        Case(layout: "us", keyName: "AB06", modifiers: [.alt, .super], keysym: "n", text: "n"),
        Case(layout: "ru", keyName: "AC01", keysym: "Cyrillic_ef", text: "ф", latin: "a"),
        Case(layout: "ru", keyName: "AC01", modifiers: .shift, keysym: "Cyrillic_EF", text: "Ф", latin: "a"),
        Case(layout: "ru", keyName: "AB03", modifiers: .control, keysym: "Cyrillic_es", text: "", latin: "c"),
        Case(layout: "ru", keyName: "AE01", keysym: "1", text: "1"),
        Case(layout: "il", keyName: "AC01", keysym: "hebrew_shin", text: "ש", latin: "a"),
        Case(layout: "de", keyName: "AB01", keysym: "y", text: "y"),
    ])
    func translates(_ c: Case) throws {
        let press = try Keyboard(c.layout).press(c.keyName, c.modifiers)
        #expect(keysymName(press.key) == c.keysym)
        #expect(press.text == c.text)
        #expect(press.modifiers == c.modifiers)
        #expect(keysymName(press.latinKey) == c.latin)
        #expect(!press.composing)
    }

    @Test func latinKeyComesFromTheFirstLatinLayoutOfTheKeymap() throws {
        let keyboard = try Keyboard("us,ru")
        keyboard.translator.updateMask(depressed: 0, latched: 0, locked: 0, baseGroup: 0, latchedGroup: 0, lockedGroup: 1)
        let press = try keyboard.press("AB03", .control)
        #expect(keysymName(press.key) == "Cyrillic_es")
        #expect(keysymName(press.latinKey) == "c")
    }

    @Test func translateRestoresTheStateAfterThePress() throws {
        let keyboard = try Keyboard("us")
        _ = try keyboard.press("AC01", .shift)
        #expect(try keyboard.press("AC01").text == "a")
    }

    @Test func updateMaskSetsModifiersForPress() throws {
        let keyboard = try Keyboard("us")
        keyboard.translator.updateMask(depressed: 1, latched: 0, locked: 0, baseGroup: 0, latchedGroup: 0, lockedGroup: 0)
        let press = keyboard.translator.press(keycode: try #require(keyboard.translator.keycode(named: "AC01")))
        #expect(press.text == "A")
        #expect(press.modifiers == .shift)
    }

    @Test func capsLockIsNotAModifier() throws {
        let keyboard = try Keyboard("us")
        keyboard.translator.updateMask(depressed: 0, latched: 0, locked: 2, baseGroup: 0, latchedGroup: 0, lockedGroup: 0)
        let press = keyboard.translator.press(keycode: try #require(keyboard.translator.keycode(named: "AC01")))
        #expect(press.text == "A")
        #expect(press.modifiers == [])
    }

    @Test(arguments: [("AC01", UInt32(38)), ("TAB", 23), ("RTRN", 36)])
    func keycodesFollowEvdev(_ name: String, _ keycode: UInt32) throws {
        #expect(try Keyboard("us").translator.keycode(named: name) == keycode)
    }

    @Test func unknownKeyNameHasNoKeycode() throws {
        #expect(try Keyboard("us").translator.keycode(named: "NOPE") == nil)
    }

    @Test(arguments: [("xx", ""), ("us", "nosuchvariant")])
    func unknownLayoutThrowsNamingIt(_ layout: String, _ variant: String) {
        let error = #expect(throws: KeyboardError.self) { try Keymap(layout: layout, variant: variant) }
        #expect(error?.description.contains("unknown keyboard layout \"\(layout)\"") == true)
        #expect(error?.description.contains(variant) == true)
    }
}
