import CXCBOnDemand
import Testing
@testable import KeyformX11

/// The window's side of XIM with no server: which input method XMODIFIERS names, and the
/// composition rebuilt from a server's incremental draws.
@Suite("XIM composition and XMODIFIERS") struct InputMethodDraftTests {
    /// uim's XIM server loses the text of xcb-imdkit clients: the window types without it.
    @Test(arguments: [("@im=ibus", "ibus"), ("@im=fcitx", "fcitx"), ("@im=uim", nil), ("@foo=bar@im=kinput2", "kinput2"),
                      ("@im=none", nil), ("@im=", nil), ("", nil), ("ibus", nil)] as [(String, String?)])
    func theInputMethodXMODIFIERSNames(modifiers: String, name: String?) {
        #expect(InputMethod.name(in: modifiers) == name)
    }

    static let underline = UInt32(XCB_XIM_UNDERLINE.rawValue), reverse = UInt32(XCB_XIM_REVERSE.rawValue)

    func change(_ first: Int, _ length: Int, _ text: String, _ feedback: [UInt32], caret: Int) -> PreeditDraft.Change {
        PreeditDraft.Change(first: first, length: length, text: text, feedback: feedback, caret: caret)
    }

    /// ibus redraws the whole syllable each time: 0 in, 1 out.
    @Test func aWholeRedrawReplacesTheText() {
        var draft = PreeditDraft()
        draft.apply(change(0, 0, "ㅎ", [Self.underline], caret: 1))
        draft.apply(change(0, 1, "하", [Self.underline], caret: 1))
        draft.apply(change(0, 1, "한", [Self.underline], caret: 1))
        #expect(draft.shown.text == "한")
        #expect(draft.shown.caret == 1)
        #expect(draft.shown.highlight == nil)
        draft.apply(change(0, 1, "", [], caret: 0))
        #expect(draft.isEmpty)
    }

    /// A server may change a run in the middle, with the clause being converted reversed.
    @Test func aChangeInTheMiddleKeepsTheRestAndItsFeedback() {
        var draft = PreeditDraft()
        draft.apply(change(0, 0, "nihao", Array(repeating: Self.underline, count: 5), caret: 5))
        draft.apply(change(0, 2, "你", [Self.reverse], caret: 1))
        #expect(draft.shown.text == "你hao")
        #expect(draft.shown.caret == 1)
        #expect(draft.shown.highlight == 0..<1)
    }

    /// Servers count Unicode scalars; the caret and highlight the session gets count Characters
    /// (conjoining jamo ᄒ ᅡ ᆫ draw one syllable).
    @Test func scalarsBecomeCharacters() {
        var draft = PreeditDraft()
        draft.apply(change(0, 0, "a\u{1112}\u{1161}\u{11AB}b", [Self.underline, Self.reverse, Self.reverse, Self.reverse, Self.underline], caret: 4))
        #expect(draft.shown.text == "a한b")
        #expect(draft.shown.caret == 2)
        #expect(draft.shown.highlight == 1..<2)
    }
}
