@testable import KeyformCore
import Testing

/// Typing at the end of a wrapped paragraph keeps its breaks while the last line fits, instead of
/// wrapping the whole paragraph again at every key (issue #22: shaping once per string). What is
/// shown must always be what a whole wrap of the text shows.
@Suite("Kept breaks") struct KeptBreaksTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The text area's text; the caret is at its end.
        var text: String
        /// Typed one letter at a time.
        var typed: String
        /// How many times the text typed into is wrapped whole, over all the letters.
        var wraps: Int
        var testDescription: String { name }
    }

    /// The area is ten letters wide (`LazyWrapTests.form`, 8 px letters).
    static let cases = [
        Case(name: "letters after a word, with room on its line", text: "aaaa bbbb cccc", typed: "dddd", wraps: 0),
        Case(name: "letters after a space, until the word leaves the line", text: "aaaa bbbb cc ", typed: "dddddddd", wraps: 1),
        Case(name: "a word wider than the line", text: "aaaa bbbbbbbb", typed: "cccccccccccc", wraps: 1),
        Case(name: "a one-line paragraph that grows to two", text: "aaaa", typed: "bbbbbbbbbbbb", wraps: 1),
        Case(name: "the last of several paragraphs", text: "p0 aaaa bbbb\np1 cccc dddd", typed: "eeeee", wraps: 0),
        Case(name: "digits", text: "p1 aaaa 1", typed: "234567", wraps: 1),
        Case(name: "a space typed", text: "aaaa bbbb", typed: "c d", wraps: 2),
        Case(name: "after a hyphen (the first letter wraps again)", text: "aaaa bbbb-", typed: "cc", wraps: 1),
        Case(name: "an empty area", text: "", typed: "aaaaaaaaaaaaaa", wraps: 1),
        // Past `FormSession.wrappedGraphemes` a paragraph is not wrapped but scrolls sideways.
        Case(name: "a paragraph that grows too long to wrap", text: String(repeating: "aaaa ", count: 3_276) + "bb",
             typed: "cccc", wraps: 0),
    ]

    @Test(arguments: cases) func typingAtTheEndShowsWhatAWholeWrapShows(_ test: Case) throws {
        let measurer = CallCountingMeasurer()
        var (session, runner) = try LazyWrapTests.open(test.text, measurer: measurer)
        measurer.reset()
        var text = test.text
        for letter in test.typed {
            _ = try runner.run(try ReplayEvent(parsing: "type:\(letter)"))
            text.append(letter)
            let (whole, _) = try LazyWrapTests.open(text)
            #expect(LazyWrapTests.shownLines(session, height: 84) == LazyWrapTests.shownLines(whole, height: 84),
                    "after typing \(text.debugDescription)")
        }
        #expect(measurer.wrapped.count == test.wraps, "wrapped: \(measurer.wrapped)")
    }

    /// The rule itself: what may keep its breaks while its last line fits.
    @Test(arguments: [
        ("aaaa bbbb", "aaaa bbbbc", true),
        ("aaaa ", "aaaa b", true),
        ("", "a", true),
        ("aaaa 1", "aaaa 12Z", true),
        ("aaaa", "aaaa", false),  // nothing added
        ("aaaa", "aaab", false),  // changed, not added to
        ("abcd", "abxdz", false),  // changed before its end, and added to
        ("é ab", "é abc", true),  // text beyond ASCII before the letters added
        ("aaaa", "aaaa b", false),  // a space added
        ("aaaa-", "aaaa-b", false),  // after a hyphen: a break opportunity of its own kind
        ("aaaa", "aaaaé", false),  // beyond ASCII
        ("aaaé", "aaaéa", false),
    ]) func whatKeepsItsBreaks(_ old: String, _ new: String, _ kept: Bool) {
        #expect((WrappedText.lastLine(of: new[...], grownFrom: old[...], startingAt: [0]) != nil) == kept)
    }
}
