@testable import KeyformCore
import Testing

/// `isBlank` answers ASCII on its own and the rest through the standard library: the same
/// answer as `isWhitespace` for every character.
struct BlankCharacterTests {
    static let beyondASCII: [Character] = ["\r\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{3000}", "é", "▾", "👍🏽"]

    @Test(arguments: (0...0x7F).map { Character(Unicode.Scalar(UInt8($0))) } + beyondASCII)
    func isBlankIsWhitespace(_ character: Character) {
        #expect(character.isBlank == character.isWhitespace)
    }
}
