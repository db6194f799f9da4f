import KeyformCore
import Testing
@testable import KeyformX11

/// The window's side of fcitx5's D-Bus protocol with no fcitx5: which environment chooses it, and
/// the composition rebuilt from `UpdateFormattedPreedit`.
@Suite("fcitx5's D-Bus composition and the environment that chooses it") struct FcitxPreeditTests {
    /// As GTK and Qt read it: their module variables, or XMODIFIERS for X programs.
    @Test(arguments: [
        (["GTK_IM_MODULE": "fcitx"], true), (["QT_IM_MODULE": "fcitx"], true), (["GTK_IM_MODULE": "fcitx5"], true),
        (["XMODIFIERS": "@im=fcitx"], true), (["XMODIFIERS": "@im=fcitx5"], true),
        (["XMODIFIERS": "@im=ibus", "GTK_IM_MODULE": "fcitx"], true),
        (["XMODIFIERS": "@im=ibus", "GTK_IM_MODULE": "ibus"], false), (["XMODIFIERS": "@im=fcitxx"], false),
        (["GTK_IM_MODULE": "xim"], false), ([:], false),
    ] as [([String: String], Bool)])
    func fcitxIsChosenWhenTheEnvironmentNamesIt(environment: [String: String], named: Bool) {
        #expect(FcitxInputMethod.isNamed(by: { environment[$0] }) == named)
    }

    static let underline: Int32 = 1 << 3, highlight: Int32 = 1 << 4

    /// Pieces as fcitx5 sends them, their caret a byte offset into their UTF-8 (-1: none), and
    /// what the window shows: the text, the caret in Characters, a segment a piece.
    @Test(arguments: [
        // Pinyin's letters, the caret after them (6 bytes).
        ([("ni hao", underline)], 6, "ni hao", 6, [PreeditSegment(0..<6)]),
        // Anthy's conversion: the clause being converted highlighted, the caret at its end.
        ([("日本語", underline | highlight), ("を", underline)], 9, "日本語を", 3,
         [PreeditSegment(0..<3, converted: true), PreeditSegment(3..<4)]),
        // Hangul: one syllable, 3 bytes.
        ([("한", underline)], 3, "한", 1, [PreeditSegment(0..<1)]),
        // No caret; an empty piece makes no segment.
        ([("", underline), ("かな", 0)], -1, "かな", nil, [PreeditSegment(0..<2)]),
        // Two pieces that make one grapheme (a conjoining vowel after its consonant).
        ([("\u{1100}", underline), ("\u{1161}", highlight)], 6, "\u{1100}\u{1161}", 1, [PreeditSegment(0..<1)]),
        ([], 0, "", 0, []),
    ] as [([(String, Int32)], Int32, String, Int?, [PreeditSegment])])
    func aFormattedPreeditIsShownPieceByPiece(pieces: [(String, Int32)], cursor: Int32, text: String, caret: Int?, segments: [PreeditSegment]) {
        let shown = FcitxPreedit(pieces: pieces.map { (text: $0.0, format: $0.1) }, cursor: cursor)
        #expect(shown.text == text)
        #expect(shown.caret == caret)
        #expect(shown.segments == segments)
    }
}
