@testable import KeyformCore
import Testing

/// What a key costs in a text area does not grow with the text (issue #22: a key into 10 MB
/// within 16 ms): the same key in the same place of a paragraph recounts the same graphemes and
/// wraps and measures the same texts in a text of 100 paragraphs and in one of 10,000. Counted,
/// not timed, so it holds on any machine.
@Suite("A key's work in a long text") struct KeyWorkTests {
    /// What one key cost.
    struct Work: Equatable {
        /// Graphemes the editor's paragraph index counted (an undo takes it back to the step's).
        var graphemesCounted: Int
        /// The lengths of the texts wrapped, and how many runs were measured.
        var wrapped: [Int]
        var measured: Int
    }

    /// Paragraphs all of one length, three lines each at the area's width.
    static func text(paragraphs: Int) -> String {
        (0..<paragraphs).map { number in
            let digits = String(number)
            return "p" + String(repeating: "0", count: 5 - digits.count) + digits + " aaaa bbbb cccc dddd eeee"
        }.joined(separator: "\n")
    }

    /// The caret at the end of the text, or in the middle paragraph after its first word.
    static func setup(_ place: String, paragraphs: Int) -> [String] {
        guard place == "middle" else { return [] }
        let offset = (text(paragraphs: 1).count + 1) * (paragraphs / 2) + 7
        return ["select:\(offset),\(offset)"]
    }

    static let keys: [[String]] = [
        ["type:x"], ["type: "], ["BackSpace"], ["Delete"], ["Return"], ["Left"], ["Right"], ["Up"], ["Down"],
        ["Home"], ["End"], ["paste:a pasted line\n"], ["ctrl+z"], ["ctrl+z", "ctrl+shift+z"],
    ]

    static func work(_ keys: [String], at place: String, paragraphs: Int) throws -> Work {
        let measurer = CallCountingMeasurer()
        var (session, runner) = try LazyWrapTests.open(text(paragraphs: paragraphs), measurer: measurer)
        // A typing run for undo to take back.
        for line in setup(place, paragraphs: paragraphs) + ["type:word"] { _ = try runner.run(try ReplayEvent(parsing: line)) }
        _ = session.displayList(in: Rect(x: 0, y: 0, width: 400, height: 124))
        let editor = { session.textControl(session.editingNode!)!.textInput.editor }
        let counted = editor().paragraphs.graphemesCounted
        measurer.reset()
        for key in keys { _ = try runner.run(try ReplayEvent(parsing: key)) }
        _ = session.displayList(in: Rect(x: 0, y: 0, width: 400, height: 124))
        return Work(graphemesCounted: editor().paragraphs.graphemesCounted - counted,
                    wrapped: measurer.wrapped.map(\.count), measured: measurer.caretOffsetsCalls)
    }

    @Test(arguments: keys, ["end", "middle"]) func aKeyCostsTheSameInALongerText(_ keys: [String], place: String) throws {
        let short = try Self.work(keys, at: place, paragraphs: 100)
        let long = try Self.work(keys, at: place, paragraphs: 10_000)
        #expect(short == long)
        // At most the paragraphs the key touches are counted: one, or two that a line feed splits
        // or a deletion joins, and the pasted text.
        #expect(long.graphemesCounted <= 2 * Self.text(paragraphs: 1).count + 20)
    }
}
