import KeyformCore
import Testing

/// A text area wraps the paragraphs it shows, not all of them (issue #22: a 10 MB text area took
/// 15 s to open, wrapping its 170,000 paragraphs to put the caret at the end). The others count
/// as one line until they come into view; what is shown must be what a whole wrap shows.
@Suite("Lazy wrapping") struct LazyWrapTests {
    /// Paragraphs of three lines each at the area's width, told apart by their number.
    static func text(paragraphs: Int) -> String {
        (0..<paragraphs).map { "p\($0) aaaa bbbb cccc dddd eeee" }.joined(separator: "\n")
    }

    static func form(_ text: String, height: Int) -> String {
        let value = text.replacingOccurrences(of: "\n", with: "\\n")
        return #"{"title": "t", "size": {"width": 400, "height": \#(height + 40)}, "fields": [{"id": "a", "type": "textarea", "value": "\#(value)", "frame": {"x": 20, "y": 20, "width": 100, "height": \#(height)}}]}"#
    }

    /// A session with the text area focused (the caret at the end of the text), painted.
    static func open(_ text: String, height: Int = 84, measurer: TextMeasuring = FixedWidthMeasurer()) throws -> (FormSession, ReplayRunner) {
        let session = FormSession(form: try makeForm(form(text, height: height)), measurer: measurer)
        var runner = ReplayRunner(session: session, keys: TestKeys())
        _ = try runner.run(try ReplayEvent(parsing: "Tab"))
        _ = session.displayList(in: Rect(x: 0, y: 0, width: 400, height: Double(height + 40)))
        return (session, runner)
    }

    /// The text area's lines as painted, top to bottom.
    static func shownLines(_ session: FormSession, height: Int) -> [String] {
        session.displayList(in: Rect(x: 0, y: 0, width: 400, height: Double(height + 40))).items.compactMap {
            guard case .text(let run) = $0, run.text.allSatisfy({ "p0123456789abcde ".contains($0) }) else { return nil }
            return run.text
        }
    }

    @Test(arguments: [10, 1_000, 20_000]) func openingWrapsOnlyTheShownParagraphs(_ paragraphs: Int) throws {
        let measurer = CallCountingMeasurer()
        _ = try Self.open(Self.text(paragraphs: paragraphs), measurer: measurer)
        // Five lines show. Wrapped: the title, the first screenful (shown before the area has the
        // focus), and a screenful above and below the caret at the end: ten paragraphs at most.
        #expect(measurer.lineStartsCalls <= 1 + 6 + 6, "texts wrapped: \(measurer.wrapped)")
    }

    @Test func anEditRewrapsOnlyItsParagraph() throws {
        let measurer = CallCountingMeasurer()
        var (_, runner) = try Self.open(Self.text(paragraphs: 1_000), measurer: measurer)
        measurer.reset()
        // A space: letters added to a last line with room would keep its breaks (`KeptBreaksTests`).
        _ = try runner.run(try ReplayEvent(parsing: "type: "))
        #expect(measurer.wrapped == ["p999 aaaa bbbb cccc dddd eeee "])
    }

    /// Where the area shows only some lines, they are the ones a wrap of everything shows there:
    /// at the end when it opens, and after moving up through paragraphs not wrapped before.
    @Test(arguments: [[], ["Up", "Up", "Up", "Up", "Up", "Up", "Up"], ["ctrl+Home"], ["ctrl+Home", "Page_Down", "Page_Down"],
                      ["ctrl+Home", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "ctrl+End", "Up", "Up", "Up", "Up"]])
    func theShownLinesAreThoseOfAWholeWrap(_ keys: [String]) throws {
        let text = Self.text(paragraphs: 40)
        let (whole, _) = try Self.open(text, height: 3_000)
        let all = Self.shownLines(whole, height: 3_000)
        #expect(all.count == 120, "the tall area shows every line")
        var (session, runner) = try Self.open(text)
        for key in keys { _ = try runner.run(try ReplayEvent(parsing: key)) }
        let shown = Self.shownLines(session, height: 84)
        #expect(shown.count >= 4)
        let start = all.indices.first { all[$0...].starts(with: shown) }
        #expect(start != nil, "shown \(shown) is no run of the whole wrap's lines")
        if keys.isEmpty { #expect(all.suffix(shown.count).elementsEqual(shown), "opens at the end") }
        if keys == ["ctrl+Home"] { #expect(start == 0) }
    }
}
