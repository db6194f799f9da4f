import KeyformCore
import KeyformKeyboard
import Testing

struct KeysymNamesTests {
    @Test(arguments: [
        ("Tab", Key.tab, ""), ("ISO_Left_Tab", .isoLeftTab, ""), ("Return", .returnKey, ""),
        ("a", Key(0x61), "a"), ("Cyrillic_ef", Key(0x6c6), "ф"), ("space", .space, " "),
    ])
    func namesKeys(_ name: String, _ key: Key, _ text: String) {
        #expect(KeysymNames.key(named: name) == key)
        #expect(KeysymNames.name(of: key) == name)
        #expect(KeysymNames.text(of: key) == text)
    }

    @Test func exactCaseComesFirstThenAnyCase() {
        #expect(KeysymNames.key(named: "A") == Key(0x41))
        #expect(KeysymNames.key(named: "return") == .returnKey)
    }

    @Test(arguments: ["", "NoSuchKey", "ctrl+a"])
    func unknownNamesAreNil(_ name: String) {
        #expect(KeysymNames.key(named: name) == nil)
    }
}
