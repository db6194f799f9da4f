import KeyformCore
import Testing

/// Words as UAX #29 finds them: runs of letters and digits (an apostrophe between letters stays
/// inside), each emoji sequence a word of its own (a family, a flag, a skin tone, a keycap),
/// spaces and other punctuation between words. Ctrl+Left/Right, Ctrl+BackSpace/Delete and a
/// double click all use them.
@Suite("Words") struct WordTests {
    static let form = #"{"fields": [{"id": "f", "type": "text"}]}"#

    static let keys: [EditCase] = [
        // Each emoji sequence is one word: Ctrl+Delete between two removes the one after.
        EditCase(events: ["type:👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", "select:1,1", "ctrl+Delete"], text: "👨‍👩‍👧👨‍👩‍👧", selection: [1, 1]),
        EditCase(events: ["type:👨‍👩‍👧👨‍👩‍👧", "ctrl+BackSpace"], text: "👨‍👩‍👧", selection: [1, 1]),
        EditCase(events: ["type:🇫🇷🇩🇪🇯🇵", "select:1,1", "ctrl+Delete"], text: "🇫🇷🇯🇵", selection: [1, 1]),
        EditCase(events: ["type:👍🏽👍🏿", "ctrl+BackSpace"], text: "👍🏽", selection: [1, 1]),
        EditCase(events: ["type:1️⃣2️⃣", "ctrl+BackSpace"], text: "1️⃣", selection: [1, 1]),
        EditCase(events: ["type:a🏳️‍🌈b", "select:1,1", "ctrl+Delete"], text: "ab", selection: [1, 1]),
        // Text next to emoji: the emoji is a word between words.
        EditCase(events: ["type:hi👋there", "ctrl+Left", "ctrl+Left"], text: "hi👋there", selection: [2, 2]),
        EditCase(events: ["type:ok 👍", "ctrl+BackSpace"], text: "ok ", selection: [3, 3]),
        EditCase(events: ["type:ok 👍 go", "select:0,0", "ctrl+Right", "ctrl+Right"], text: "ok 👍 go", selection: [4, 4]),
        EditCase(events: ["type:ok 👍 go", "select:0,0", "ctrl+shift+Right", "ctrl+shift+Right"], text: "ok 👍 go", selection: [0, 4]),
        EditCase(events: ["type:日本😀語", "ctrl+Left", "ctrl+Left"], text: "日本😀語", selection: [2, 2]),
        // CJK runs, digits, spaces and punctuation as before.
        EditCase(events: ["type:日本語 テスト", "ctrl+BackSpace"], text: "日本語 ", selection: [4, 4]),
        EditCase(events: ["type:one, two", "ctrl+BackSpace", "ctrl+BackSpace"], text: "", selection: [0, 0]),
        EditCase(events: ["type:x 2024", "ctrl+BackSpace"], text: "x ", selection: [2, 2]),
        // An apostrophe between letters is inside the word; around a word it is punctuation.
        EditCase(events: ["type:don't stop", "ctrl+Left", "ctrl+Left"], text: "don't stop", selection: [0, 0]),
        EditCase(events: ["type:it’s 👍", "ctrl+BackSpace", "ctrl+BackSpace"], text: "", selection: [0, 0]),
        EditCase(events: ["type:'quoted'", "ctrl+BackSpace"], text: "'", selection: [1, 1]),
    ]

    @Test(arguments: keys)
    func wordKeys(_ c: EditCase) throws {
        let last = try #require(try replay(makeForm(Self.form), ["focus:f"] + c.events).last)
        #expect(last["text"] == .string(c.text))
        #expect(last["selection"] == .array(c.selection.map { .number(Double($0)) }))
    }

    /// A double click on grapheme `index` (8 px each) selects its word; on spaces or
    /// punctuation, those.
    @Test(arguments: [
        ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 1, [1, 2]), ("hi👋there", 2, [2, 3]), ("hi👋there", 1, [0, 2]), ("hi👋there", 5, [3, 8]),
        ("don't stop", 3, [0, 5]), ("ab  cd", 2, [2, 4]), ("one, two", 3, [3, 4]), ("hello world", 8, [6, 11]),
        ("hello", 9, [0, 5]),
    ])
    func doubleClickSelectsTheWordUnderThePointer(_ text: String, _ index: Int, _ selection: [Int]) throws {
        let frame = try #require(FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer()).controlFrame(of: "f"))
        let x = Int(frame.minX + Theme.textInset) + 8 * index + 4
        let last = try #require(try replay(makeForm(Self.form), ["type:\(text)", "dblclick:\(x),\(Int(frame.midY))"]).last)
        #expect(last["selection"] == .array(selection.map { .number(Double($0)) }))
    }

    /// A password is one word, so a double click never shows where its words break.
    @Test func doubleClickInAPasswordSelectsItAll() throws {
        let form = try makeForm(#"{"fields": [{"id": "pin", "type": "password"}]}"#)
        let frame = try #require(FormSession(form: form, measurer: FixedWidthMeasurer()).controlFrame(of: "pin"))
        let last = try #require(try replay(form, ["type:ab cd", "dblclick:\(Int(frame.minX + Theme.textInset) + 4),\(Int(frame.midY))"]).last)
        #expect(last["selection"] == .array([.number(0), .number(5)]))
    }
}
