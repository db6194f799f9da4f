@testable import KeyformCore
import Testing

/// What a screen reader's calls on a text area, and the events of a key typed into it, cost in a
/// long text (issue #62: with a reader listening a key into 1 MB took 560 ms, each node copying
/// the whole text and each event diffing it): the same in a text of 100 paragraphs and in one of
/// 10,000. Counted (the scalars and graphemes `AccessibleText` walks, through `TextWalk`), not
/// timed, so it holds on any machine.
@Suite("Accessible text's work in a long text") struct AccessibleWorkTests {
    /// Paragraphs all of one length, beyond ASCII (an accent as a letter and as a combining mark,
    /// an emoji with its skin tone), so that offsets in scalars and in graphemes differ and every
    /// conversion between them has work to do; each has two sentences.
    static func text(paragraphs: Int) -> String {
        (0..<paragraphs).map { number in
            let digits = String(number)
            return "p" + String(repeating: "0", count: 5 - digits.count) + digits + " café e\u{301}te 👍🏽 ok. Next one"
        }.joined(separator: "\n")
    }

    static let paragraphGraphemes = text(paragraphs: 1).count

    /// A session with the text area focused and a reader listening, the caret at the end of the
    /// text or in the middle paragraph after its first word.
    static func open(paragraphs: Int, at place: String) throws -> (FormSession, ReplayRunner) {
        var (session, runner) = try LazyWrapTests.open(text(paragraphs: paragraphs))
        session.accessibilityListening = true
        if place == "middle" {
            let offset = (paragraphGraphemes + 1) * (paragraphs / 2) + 7
            _ = try runner.run(try ReplayEvent(parsing: "select:\(offset),\(offset)"))
        }
        _ = session.takeUpdate()
        return (session, runner)
    }

    static func shown(_ session: FormSession) -> AccessibleText {
        session.accessibleNode(.field(session.editingNode!))!.text!
    }

    /// The scalars and graphemes `work` walked.
    static func walked(_ work: () throws -> Void) rethrows -> Int {
        let counter = TextWalk()
        try TextWalk.$counter.withValue(counter) { try work() }
        return counter.steps.load(ordering: .relaxed)
    }

    static let keys: [[String]] = [
        ["type:x"], ["type:é"], ["BackSpace"], ["Delete"], ["Return"], ["Left"], ["Right"], ["Up"], ["Down"], ["Home"], ["End"],
        ["shift+Left"], ["paste:a pasted\nline"], ["ctrl+z"],
    ]

    /// A key's events, worked out with a reader listening, and what they say.
    static func keyWork(_ keys: [String], at place: String, paragraphs: Int) throws -> (walked: Int, events: [String]) {
        var (session, runner) = try open(paragraphs: paragraphs, at: place)
        _ = try runner.run(try ReplayEvent(parsing: "type:word"))  // a typing run for undo to take back
        _ = session.takeUpdate()
        var events: [AccessibleEvent] = []
        let walked = try walked {
            for key in keys {
                _ = try runner.run(try ReplayEvent(parsing: key))
                events += runner.lastUpdate.accessibleEvents
            }
        }
        // Offsets differ with the text's length; what happened must not.
        return (walked, events.map { event in
            switch event.kind {
            case .textInserted(_, let text): "inserted \(text)"
            case .textDeleted(_, let text): "deleted \(text)"
            default: event.type
            }
        })
    }

    @Test(arguments: keys, ["end", "middle"]) func aKeysEventsCostTheSameInALongerText(_ keys: [String], place: String) throws {
        let short = try Self.keyWork(keys, at: place, paragraphs: 100)
        let long = try Self.keyWork(keys, at: place, paragraphs: 10_000)
        #expect(short.events == long.events)
        if place == "middle" { #expect(!long.events.isEmpty) }  // at the end, Delete or Right does nothing
        #expect(short.walked == long.walked)
        // The paragraphs the key touches, before and after, and the caret's and the selection's
        // conversions, each a few times over: a few dozen paragraphs' worth of the 10,000.
        #expect(long.walked <= 50 * Self.paragraphGraphemes, "walked \(long.walked)")
    }

    /// What the calls a screen reader makes on a focused text area read (`AccessibleServer+Text`).
    static let calls: [(String, @Sendable (AccessibleText) -> String)] = [
        ("CaretOffset", { "\($0.caret)" }),
        ("CharacterCount", { "\($0.count)" }),
        ("GetSelection", { "\($0.selection)" }),
        ("GetText of the line", { text in let line = text.range(at: text.caret, .line); return text.slice(from: line.lowerBound, to: line.upperBound) }),
        ("GetStringAtOffset word", { text in "\(text.range(at: text.caret, .word).count)" }),
        ("GetStringAtOffset sentence", { text in "\(text.range(at: max(0, text.caret - 3), .sentence).count)" }),
        ("GetCharacterAtOffset", { text in "\(text.scalar(at: text.caret - 1).map(String.init) ?? "")" }),
        ("SetCaretOffset", { text in "\(text.graphemeOffset(text.caret) - text.graphemeOffset(text.caret - 40))" }),
    ]

    @Test(arguments: calls.indices, ["end", "middle"]) func aCallCostsWhatItReads(_ call: Int, place: String) throws {
        let (name, read) = Self.calls[call]
        func work(_ paragraphs: Int) throws -> (walked: Int, answer: String) {
            let (session, _) = try Self.open(paragraphs: paragraphs, at: place)
            var answer = ""
            let walked = Self.walked { answer = read(Self.shown(session)) }
            return (walked, answer)
        }
        let short = try work(100), long = try work(10_000)
        #expect(short.walked == long.walked, "\(name)")
        #expect(long.walked <= 10 * Self.paragraphGraphemes, "\(name) walked \(long.walked)")
        // The same answer but for offsets and the paragraph's number.
        if !["CaretOffset", "CharacterCount", "GetSelection"].contains(name) {
            #expect(short.answer.filter { !$0.isNumber } == long.answer.filter { !$0.isNumber }, "\(name)")
        }
    }

    /// The line read at the caret is the paragraph it is in, counted in scalars as GLib counts.
    @Test func theLineAtTheCaretIsItsParagraph() throws {
        let (session, _) = try Self.open(paragraphs: 10_000, at: "middle")
        let text = Self.shown(session)
        let line = text.range(at: text.caret, .line)
        #expect(text.slice(from: line.lowerBound, to: line.upperBound) == "p05000 café e\u{301}te 👍🏽 ok. Next one\n")
        #expect(line.lowerBound == 5000 * (Self.text(paragraphs: 1).unicodeScalars.count + 1))
        #expect(text.count == Self.text(paragraphs: 10_000).unicodeScalars.count)
        #expect(text.graphemeOffset(text.caret) == (Self.paragraphGraphemes + 1) * 5000 + 7)
        // The counter counts: reading the whole text walks all of it.
        #expect(Self.walked { _ = text.slice(from: 0, to: -1) } >= text.count)
    }
}
