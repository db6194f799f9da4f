import Synchronization

/// The text of an object as a screen reader reads it through AT-SPI's `Text`: a password's as
/// bullets, never its letters. Offsets count Unicode scalars, as AT-SPI's do (GLib's characters),
/// where the editor counts graphemes; the conversions are here, so no other code mixes the two.
public struct AccessibleText: Equatable, Sendable {
    /// The text as drawn with the editor's caret and selection: the control's own editor (its
    /// text shared, not copied), or an editor of bullets for a password. Its paragraph index
    /// turns offsets into scalars and back, so a call reads the paragraph it asks about, never
    /// the whole text (a 10 MB text area answers `GetText` of a line as fast as a short one).
    private let shown: TextEditor

    /// `shown`: what is drawn, with as many graphemes as the editor's text.
    init(shown: TextEditor) {
        self.shown = shown
    }

    public var string: String { shown.text }

    /// In scalars.
    public var caret: Int { scalarOffset(shown.caret) }
    /// In scalars; empty when nothing is selected.
    public var selection: Range<Int> { scalarOffset(shown.selection.lowerBound)..<scalarOffset(shown.selection.upperBound) }

    public var count: Int { shown.paragraphs.scalarCount }

    /// The scalars from `start` to `end` (-1 or past the end: to the end), as `GetText` asks.
    public func slice(from start: Int, to end: Int) -> String {
        let endIndex = end < 0 ? string.endIndex : index(end)
        let text = String(string.unicodeScalars[min(index(start), endIndex)..<endIndex])
        TextWalk.count(text.unicodeScalars.count)
        return text
    }

    /// The scalar at `offset`, or nil past the end.
    public func scalar(at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0, offset < count else { return nil }
        return string.unicodeScalars[index(offset)]
    }

    /// Where this text and `new` differ, in scalars: the range here and the range in `new`
    /// between what both keep at the start and at the end; nil when the texts are the same.
    /// Paragraphs an edit did not touch keep their ids (`ParagraphIndex`), so the ids are
    /// compared and only the scalars of the paragraphs between are walked.
    func changedScalars(to new: AccessibleText) -> (Range<Int>, Range<Int>)? {
        guard !shown.hasSameText(as: new.shown) else { return nil }
        let old = shown.paragraphs, now = new.shown.paragraphs
        // Whole paragraphs both keep, each with the line feed that parts it from the edited ones.
        let shorter = min(old.paragraphCount, now.paragraphCount)
        var head = 0
        while head < shorter - 1 && old.ids[head] == now.ids[head] { head += 1 }
        var tail = 0
        while tail < shorter - 1 - head && old.ids[old.paragraphCount - 1 - tail] == now.ids[now.paragraphCount - 1 - tail] { tail += 1 }
        let start = old.scalarStarts[head]
        let keptAtEnd = tail == 0 ? 0 : old.scalarCount - old.scalarStarts[old.paragraphCount - tail] + 1
        let was = Array(string.unicodeScalars[index(start)..<index(count - keptAtEnd)])
        let becomes = Array(new.string.unicodeScalars[new.index(start)..<new.index(new.count - keptAtEnd)])
        TextWalk.count(was.count + becomes.count)
        // Then the scalars both keep at the start and the end of those paragraphs.
        var same = 0
        while same < min(was.count, becomes.count) && was[same] == becomes[same] { same += 1 }
        var sameAtEnd = 0
        while sameAtEnd < min(was.count, becomes.count) - same && was[was.count - 1 - sameAtEnd] == becomes[becomes.count - 1 - sameAtEnd] {
            sameAtEnd += 1
        }
        let deleted = start + same..<start + was.count - sameAtEnd, inserted = start + same..<start + becomes.count - sameAtEnd
        return deleted.isEmpty && inserted.isEmpty ? nil : (deleted, inserted)
    }

    /// A grapheme offset of the editor as a scalar offset.
    private func scalarOffset(_ graphemes: Int) -> Int { shown.paragraphs.scalarOffset(ofGrapheme: graphemes, in: string) }

    /// The string index of a scalar offset (clamped to the text).
    private func index(_ scalars: Int) -> String.Index { shown.paragraphs.index(ofScalar: scalars, in: string) }

    /// A scalar offset as the grapheme offset of the editor where it falls (a scalar inside a
    /// grapheme, as a combining mark, counts as that grapheme's start).
    func graphemeOffset(_ scalars: Int) -> Int { shown.paragraphs.graphemeOffset(ofScalar: scalars, in: string) }

    // MARK: Units of text

    /// What `GetStringAtOffset` asks for (AT-SPI's `TextGranularity`, in its order).
    public enum Granularity: Int, Sendable {
        case character, word, sentence, line, paragraph
    }

    /// The unit of text around `offset`: the character there, the word, the sentence, or the
    /// line (a line ends after its line break, as in GTK; a one-line text is one line). Walks
    /// the unit and the spaces before it, no more.
    public func range(at offset: Int, _ granularity: Granularity) -> Range<Int> {
        let offset = min(max(0, offset), count)
        let units = Units(scalars: string.unicodeScalars, count: count)
        let here = Units.Position(offset: offset, index: index(offset))
        switch granularity {
        case .character: return offset..<min(offset + 1, count)
        case .word: return units.word(at: here)
        case .sentence: return units.unit(at: here, endsAfter: units.endsSentence)
        case .line, .paragraph: return units.unit(at: here) { units.scalars[$0.index] == "\n" }
        }
    }
}

/// The text's scalars, walked from a position one scalar at a time: a unit costs its own length.
private struct Units {
    let scalars: String.UnicodeScalarView
    let count: Int

    /// An offset in scalars with its index.
    struct Position {
        var offset: Int
        var index: String.Index
    }

    func before(_ position: Position) -> Position {
        TextWalk.count(1)
        return Position(offset: position.offset - 1, index: scalars.index(before: position.index))
    }

    func after(_ position: Position) -> Position {
        TextWalk.count(1)
        return Position(offset: position.offset + 1, index: scalars.index(after: position.index))
    }

    /// The word at `here`, or the one before it when `here` is in the spaces after it.
    func word(at here: Position) -> Range<Int> {
        // Letters, digits, and the marks that combine with them (an accent typed after its letter).
        func inWord(_ position: Position) -> Bool {
            let properties = scalars[position.index].properties
            return properties.isAlphabetic || properties.numericType != nil
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
        }
        var start = here
        if start.offset == count || !inWord(start) {
            while start.offset > 0 && !inWord(before(start)) { start = before(start) }
            guard start.offset > 0 else { return here.offset..<here.offset }
            start = before(start)
        }
        while start.offset > 0 && inWord(before(start)) { start = before(start) }
        var end = start
        while end.offset < count && inWord(end) { end = after(end) }
        return start.offset..<end.offset
    }

    /// The last of the spaces after a full stop, question or exclamation mark: a sentence runs
    /// to the next one's start, its spaces its own, as GTK counts.
    func endsSentence(_ position: Position) -> Bool {
        guard scalars[position.index] == " ", position.offset + 1 < count, scalars[after(position).index] != " " else { return false }
        var previous = position
        while previous.offset > 0 {
            previous = before(previous)
            if scalars[previous.index] != " " { return ".!?".unicodeScalars.contains(scalars[previous.index]) }
        }
        return false
    }

    /// The run of text around `here` that `endsAfter` ends: it holds the scalar that ends it.
    func unit(at here: Position, endsAfter: (Position) -> Bool) -> Range<Int> {
        var start = here
        while start.offset > 0 && !endsAfter(before(start)) { start = before(start) }
        var end = here
        while end.offset < count && !endsAfter(end) { end = after(end) }
        return start.offset..<min(end.offset + 1, count)
    }
}

/// Counts the scalars and graphemes the accessible text walks, for tests that a call costs what
/// it reads (`AccessibleWorkTests`): set for a task, it counts what that task walks.
final class TextWalk: Sendable {
    let steps = Atomic<Int>(0)

    @TaskLocal static var counter: TextWalk?

    static func count(_ steps: Int) { counter?.steps.add(steps, ordering: .relaxed) }
}
