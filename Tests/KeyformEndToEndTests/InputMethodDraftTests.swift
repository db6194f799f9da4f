import CXCBOnDemand
import KeyformCore
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
        #expect(draft.shown.segments == [PreeditSegment(0..<1)])
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
        #expect(draft.shown.segments == [PreeditSegment(0..<1, converted: true), PreeditSegment(1..<4)])
    }

    /// Each run of one feedback is a segment, as ibus and fcitx5 mark a phrase conversion's
    /// clauses: underlined, the one converted reversed (fcitx5 sends one more 0 than there are
    /// characters; feedback beyond the text counts for nothing).
    @Test(arguments: [
        ([u, u, u, u, u], [PreeditSegment(0..<5)]),
        ([u | r, u | r, u, u, u], [PreeditSegment(0..<2, converted: true), PreeditSegment(2..<5)]),
        ([u, u, u | r, u | r, u, 0], [PreeditSegment(0..<2), PreeditSegment(2..<4, converted: true), PreeditSegment(4..<5)]),
        ([u, h, h, u, u], [PreeditSegment(0..<1), PreeditSegment(1..<3, converted: true), PreeditSegment(3..<5)]),
        ([], [PreeditSegment(0..<5)]),
        // Bits that say nothing about drawing (XIMPrimary) part nothing.
        ([u, u | 0x20, u, u, u], [PreeditSegment(0..<5)]),
    ] as [([UInt32], [PreeditSegment])])
    func eachRunOfOneFeedbackIsASegment(feedback: [UInt32], segments: [PreeditSegment]) {
        var draft = PreeditDraft()
        draft.apply(change(0, 0, "わたしのな", feedback, caret: 5))
        #expect(draft.shown.segments == segments)
    }

    static let u = underline, r = reverse, h = UInt32(XCB_XIM_HIGHLIGHT.rawValue)

    /// Servers count Unicode scalars; the caret and highlight the session gets count Characters
    /// (conjoining jamo ᄒ ᅡ ᆫ draw one syllable).
    @Test func scalarsBecomeCharacters() {
        var draft = PreeditDraft()
        draft.apply(change(0, 0, "a\u{1112}\u{1161}\u{11AB}b", [Self.underline, Self.reverse, Self.reverse, Self.reverse, Self.underline], caret: 4))
        #expect(draft.shown.text == "a한b")
        #expect(draft.shown.caret == 2)
        #expect(draft.shown.segments == [PreeditSegment(0..<1), PreeditSegment(1..<2, converted: true), PreeditSegment(2..<3)])
    }
}
