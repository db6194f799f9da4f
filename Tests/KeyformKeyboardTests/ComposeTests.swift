import KeyformCore
@testable import KeyformKeyboard
import Testing

struct ComposeTests {
    /// `de` has dead_acute on AE12 (right of ß).
    @Test func deadAcuteThenAComposesAAcute() throws {
        let keyboard = try Keyboard("de")
        let dead = try keyboard.press("AE12")
        #expect(keysymName(dead.key) == "dead_acute")
        #expect(dead.composing && dead.text == "")
        #expect(keyboard.translator.isComposing)
        #expect(keyboard.translator.preedit == "´")

        let letter = try keyboard.press("AC01")
        #expect(keysymName(letter.key) == "aacute")
        #expect(letter.text == "á" && !letter.composing)
        #expect(!keyboard.translator.isComposing)
        #expect(keyboard.translator.preedit == "")
    }

    /// The libX11 Compose tables give an apostrophe for dead_acute + space in en_US.UTF-8 (and
    /// so in every locale that uses them, de_DE included); other tables give the acute accent.
    @Test func deadAcuteThenSpaceTypesTheAccentOnItsOwn() throws {
        let keyboard = try Keyboard("de")
        _ = try keyboard.press("AE12")
        let space = try keyboard.press("SPCE")
        #expect(["´", "'"].contains(space.text))
        #expect(!space.composing)
    }

    /// The window has the table parsed on a thread of its own once it has painted; keys after
    /// that, even while the parse still runs, compose as with a table loaded at the first key.
    @Test func aTableParsedInTheBackgroundComposesTheSame() throws {
        let keyboard = try Keyboard("de")
        keyboard.translator.loadCompose()
        keyboard.translator.loadCompose()  // asked twice, parsed once
        #expect(try keyboard.press("AE12").composing)
        #expect(try keyboard.press("AC01").text == "á")
    }

    /// A new keymap (`setxkbmap`, the server switching keyboards) keeps the table the old one
    /// loaded, and composes with it: parsing it again held the next key until the parse was done.
    @Test func aNewKeymapKeepsTheComposeTable() throws {
        let previous = try Keyboard("us").translator
        previous.loadCompose()
        let keyboard = Keyboard(KeyboardTranslator(keymap: try Keymap(layout: "de"), replacing: previous))
        #expect(keyboard.translator.composeLoad === previous.composeLoad)
        #expect(try keyboard.press("AE12").composing)
        #expect(try keyboard.press("AC01").text == "á")
    }

    @Test func shiftInsideASequenceKeepsIt() throws {
        let keyboard = try Keyboard("de")
        _ = try keyboard.press("AE12")
        let shift = try keyboard.press("LFSH", .shift)
        #expect(!shift.composing && shift.text == "")
        #expect(keyboard.translator.isComposing)
        #expect(try keyboard.press("AC01", .shift).text == "Á")
    }

    @Test func aKeyThatBreaksTheSequenceBelongsToIt() throws {
        let keyboard = try Keyboard("de")
        _ = try keyboard.press("AE12")
        let tab = try keyboard.press("TAB")
        #expect(tab.composing && tab.text == "")
        #expect(!keyboard.translator.isComposing)
        #expect(try keyboard.press("AC01").text == "a")
    }
}
