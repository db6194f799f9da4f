@testable import KeyformCore
import Testing

/// The index an editor keeps of its paragraphs (issue #22: a key into 10 MB costs what its
/// paragraph does) must always be what counting the whole text afresh gives, whatever an edit
/// joins, splits or merges into one grapheme.
@Suite("Paragraph index") struct ParagraphIndexTests {
    struct Edit: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        /// Graphemes of `text`, replaced by `replacement`.
        var range: Range<Int>
        var replacement: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ range: Range<Int>, _ replacement: String) {
            (self.name, self.text, self.range, self.replacement) = (name, text, range, replacement)
        }

        /// The edit done on the whole text's Characters, as the editor did before it kept an index.
        var expected: String {
            let characters = Array(text)
            return String(characters[..<range.lowerBound]) + replacement + String(characters[range.upperBound...])
        }
    }

    static let edits: [Edit] = [
        Edit("a letter at the end", "ab\ncd", 5..<5, "e"),
        Edit("a letter at a paragraph's start", "ab\ncd", 3..<3, "x"),
        Edit("a letter before a line feed", "ab\ncd", 2..<2, "x"),
        Edit("a letter typed over one", "ab\ncd", 1..<2, "x"),
        Edit("the same letter typed over itself", "ab\ncd", 1..<2, "b"),
        Edit("a line feed splits a paragraph", "abcd\nef", 2..<2, "\n"),
        Edit("a line feed at the end", "ab", 2..<2, "\n"),
        Edit("a line feed at the start", "ab", 0..<0, "\n"),
        Edit("a line feed deleted joins two paragraphs", "ab\ncd\nef", 2..<3, ""),
        Edit("the last line feed deleted", "ab\n", 2..<3, ""),
        Edit("a selection across three paragraphs", "ab\ncd\nef\ngh", 1..<7, "X"),
        Edit("a letter into an empty paragraph", "\n\n\n", 1..<1, "a"),
        Edit("an empty paragraph deleted", "a\n\nb", 1..<2, ""),
        Edit("everything deleted", "ab\ncd", 0..<5, ""),
        Edit("lines pasted into an empty text", "", 0..<0, "one\ntwo\n\nthree\n"),
        Edit("lines pasted into a paragraph", "abc\nd", 1..<2, "1\n2\n3"),
        Edit("a combining mark joins the letter before", "cafe\nx", 4..<4, "\u{301}"),
        Edit("a combining mark after a line feed is a grapheme of its own", "ab\ncd", 3..<3, "\u{301}"),
        Edit("a letter with its combining mark deleted", "e\u{301}x\ny", 0..<1, ""),
        Edit("a letter typed before a combining mark", "\u{301}\nab", 0..<0, "e"),
        Edit("an emoji ZWJ sequence completed", "👩\nx", 1..<1, "\u{200D}👧"),
        Edit("a ZWJ family deleted whole", "a👩‍👩‍👧‍👦b\nc", 1..<2, ""),
        Edit("a flag's second regional indicator", "🇫\nx", 1..<1, "🇷"),
        Edit("CR LF is one grapheme inside a paragraph", "a\r\nb\nc", 3..<3, "x"),
        Edit("a CR typed before a line feed joins two paragraphs", "ab\ncd", 2..<2, "\r"),
        Edit("a CR then a line feed at the end are one grapheme", "ab\r", 3..<3, "\n"),
        Edit("CR LF deleted", "a\r\nb", 1..<2, ""),
        Edit("a CR LF's CR replaced", "a\r\nb\nc", 1..<2, "\n"),
        Edit("Hebrew with points", "שָׁלוֹם\nעולם", 2..<2, "x"),
        Edit("a decomposed letter made precomposed", "e\u{301}\nb", 0..<1, "é"),
        // One paragraph of ASCII, where an ASCII edit with no line feed is counted by its bytes.
        Edit("a letter at the end of one line", "ab", 2..<2, "c"),
        Edit("a letter into an empty text", "", 0..<0, "a"),
        Edit("a letter typed over one in one line", "abc", 1..<2, "x"),
        Edit("the same letter typed over itself in one line", "abc", 1..<2, "b"),
        Edit("a letter deleted from one line", "abc", 1..<2, ""),
        Edit("a CR typed into one line", "ab", 1..<1, "\r"),
        Edit("a letter after a CR in one line", "a\r", 2..<2, "b"),
        Edit("a letter beyond ASCII into one line of ASCII", "ab", 1..<1, "é"),
        Edit("a combining mark after one line of ASCII", "ab", 2..<2, "\u{301}"),
        Edit("an ASCII letter into one line beyond ASCII", "é", 1..<1, "a"),
    ]

    @Test(arguments: edits) func anEditKeepsTheIndexOfTheWholeText(_ edit: Edit) {
        let before = ParagraphIndex(edit.text)
        var index = before, text = edit.text
        let changed = index.replace(edit.range, with: edit.replacement, in: &text)
        #expect(Array(text.utf8) == Array(edit.expected.utf8))
        #expect(changed == (edit.expected != edit.text))
        let fresh = ParagraphIndex(edit.expected)
        #expect(index.starts == fresh.starts)
        #expect(index.byteStarts == fresh.byteStarts)
        #expect(index.scalarStarts == fresh.scalarStarts)
        #expect(index.count == edit.expected.count)
        #expect(index.byteCount == edit.expected.utf8.count)
        #expect(index.scalarCount == edit.expected.unicodeScalars.count)
        // The paragraphs before the edit keep their ids (a wrap of them is kept); the edited
        // ones get new ones.
        let first = before.paragraph(containing: edit.range.lowerBound)
        #expect(index.ids.prefix(first) == before.ids.prefix(first))
        #expect(index.ids.count == Set(index.ids).count)
        let edited = index.paragraph(containing: edit.range.lowerBound)
        #expect(!before.ids.contains(index.ids[edited]))
    }

    /// A masked text's bullets, indexed without a walk, as a walk through them indexes them.
    @Test(arguments: [0, 1, 7]) func bulletsAreIndexedAsTheirText(_ count: Int) {
        let made = ParagraphIndex(repeating: "•", count: count), walked = ParagraphIndex(String(repeating: "•", count: count))
        #expect([made.count, made.byteCount, made.scalarCount, made.paragraphCount]
                == [walked.count, walked.byteCount, walked.scalarCount, walked.paragraphCount])
        #expect(made.starts == walked.starts && made.byteStarts == walked.byteStarts && made.scalarStarts == walked.scalarStarts)
    }

    /// Paragraphs of one byte a grapheme (found without a walk) beside ones of more, and single
    /// paragraphs (ASCII ones indexed without a split).
    static let texts = ["", "a", "\n", "ab\ncd", "\n\nx\n", "a\r\nb\nc", "e\u{301}\n👩‍👩‍👧‍👦x\n🇫🇷", "שָׁלוֹם\nab\r",
                        "abc\néa\nxyz", "a\u{301}bc\nd", "\r\n\nab",
                        "Postcode", "a\rb", "ab\r", "\t \u{7F}", "é", "e\u{301}x", "👩‍👩‍👧‍👦🇫🇷", "שָׁלוֹם"]

    /// Every offset's index, paragraph and line, as walking the whole text finds them.
    @Test(arguments: texts) func lookUpsAgreeWithAWalkThroughTheText(_ text: String) {
        let index = ParagraphIndex(text)
        #expect(index.count == text.count)
        #expect(index.byteCount == text.utf8.count)
        var expectedParagraph = 0
        for (offset, position) in zip(0...text.count, text.indices + [text.endIndex]) {
            #expect(index.index(of: offset, in: text) == position)
            #expect(index.paragraph(containing: offset) == expectedParagraph)
            if position < text.endIndex && text[position] == "\n" { expectedParagraph += 1 }
        }
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(index.paragraphCount == paragraphs.count)
        // AT-SPI's offsets: every scalar's grapheme (a scalar inside one counts as its start)
        // and index, and every grapheme's scalar offset, as a walk through the text finds them.
        #expect(index.scalarCount == text.unicodeScalars.count)
        var scalarOffset = 0
        for (grapheme, character) in text.enumerated() {
            #expect(index.scalarOffset(ofGrapheme: grapheme, in: text) == scalarOffset)
            for _ in character.unicodeScalars {
                #expect(index.graphemeOffset(ofScalar: scalarOffset, in: text) == grapheme)
                #expect(index.index(ofScalar: scalarOffset, in: text) == text.unicodeScalars.index(text.startIndex, offsetBy: scalarOffset))
                scalarOffset += 1
            }
        }
        #expect(index.scalarOffset(ofGrapheme: text.count, in: text) == scalarOffset)
        #expect(index.graphemeOffset(ofScalar: scalarOffset, in: text) == text.count)
        for (number, paragraph) in paragraphs.enumerated() {
            #expect(index.text(of: number, in: text) == paragraph)
        }
        // A text area's own text: its CRs made line feeds.
        let editor = TextEditor(text: text, multiline: true), shown = editor.text
        for offset in 0...shown.count {
            #expect(editor.lineBounds(of: offset) == Self.lineBounds(of: offset, in: shown))
            if offset < shown.count { #expect(editor.character(at: offset) == Array(shown)[offset]) }
        }
    }

    /// The walk the editor made before it kept an index.
    static func lineBounds(of offset: Int, in text: String) -> Range<Int> {
        var start = 0, index = 0
        for character in text {
            if character == "\n" {
                if index >= offset { return start..<index }
                start = index + 1
            }
            index += 1
        }
        return start..<index
    }

    /// An editor's keys give the text and caret the whole-text edit gave: a combining mark that
    /// joins the letter before it leaves the caret clamped to the shorter count.
    @Test(arguments: edits) func anEditorEditIsTheWholeTextEdit(_ edit: Edit) {
        var editor = TextEditor(text: edit.text, multiline: true)
        // A text area takes in line breaks other than "\n" (a CR) as "\n", its own text and typed text.
        let entered = TextEditor(text: edit.replacement, multiline: true).text
        let expected = Edit(edit.name, editor.text, edit.range, entered).expected
        editor.select(anchor: edit.range.lowerBound, caret: edit.range.upperBound)
        editor.insert(edit.replacement)
        #expect(Array(editor.text.utf8) == Array(expected.utf8))
        #expect(editor.count == expected.count)
        #expect(editor.caret == min(edit.range.lowerBound + entered.count, expected.count))
        #expect(editor.paragraphs.starts == ParagraphIndex(expected).starts)
    }
}
