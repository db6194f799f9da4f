@testable import KeyformCommandLine
import Testing

/// The man page's roff: escapes, one sentence a line, examples kept as typed, the date.
@Suite struct ManualPageTests {
    @Test(arguments: [
        ("plain", "plain"),
        (".starts with a dot", "\\&.starts with a dot"),
        ("'quote", "\\&'quote"),
        ("a\\tb", "a\\etb"),
        ("ids field_2, …", "ids field_2, \\[u2026]"),
        ("§3", "\\[u00A7]3"),
    ])
    func textIsEscaped(_ line: String, _ roff: String) {
        #expect(ManualPage.text(line) == roff)
    }

    @Test(arguments: [
        ("One. Two? Three! Four", ["One.", "Two?", "Three!", "Four"]),
        ("See e.g. this. And that.", ["See e.g. this.", "And that."]),
        ("No end", ["No end"]),
    ])
    func oneSentenceALine(_ line: String, _ sentences: [String]) {
        #expect(ManualPage.sentences(line[...]) == sentences)
    }

    @Test func examplesAreLiteralAndParagraphsApart() {
        #expect(ManualPage.paragraphs("Intro. e.g. more.\n\n  keyform --form x\n\nAfter.") == [
            "Intro.", "e.g.\\& more.", ".Bd -literal -offset indent", "keyform --form x", ".Ed", ".Pp", "After.",
        ])
    }

    @Test(arguments: [
        ("2026-11-23", "November 23, 2026" as String?),
        ("2026-01-05", "January 5, 2026"),
        ("2026-13-01", nil),
        ("23/11/2026", nil),
        ("", nil),
    ])
    func theDate(_ iso: String, _ long: String?) {
        #expect(ManualPage.longDate(iso) == long)
    }

    @Test func thePageHasEveryCommandAndVisibleOption() throws {
        let page = try #require(ManualPage.page(for: Sample.program, date: "2026-11-23"))
        #expect(page.hasPrefix(".Dd November 23, 2026\n.Dt SAMPLE 1\n.Os\n.Sh NAME\n.Nm sample\n.Nd a sample program\n"))
        for line in [".Ss open (the default)", ".Ss replay", ".It Fl -form Ar \"FILE\"", ".It Fl -rtl", ".It Ar events No ...",
                     "The xkb layout.", "(default: us)"] {
            #expect(page.contains(line), "\(line)")
        }
        #expect(!page.contains("secret"))
    }
}
