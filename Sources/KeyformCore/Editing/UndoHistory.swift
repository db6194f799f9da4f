/// A text control's value at one moment, with its selection: what undo and redo put back. The
/// editor is kept whole, its paragraphs counted, so putting it back counts nothing again.
struct FieldSnapshot {
    var editor: TextEditor
    var tokens: [String]

    var text: String { editor.text }
    var anchor: Int { editor.anchor }
    var caret: Int { editor.caret }

    /// The memory it holds: its text and the index of its paragraphs (a text of short lines
    /// holds more in its index than in its text).
    var bytes: Int { editor.text.utf8.count + editor.paragraphs.bytes }

    func hasSameValue(as other: FieldSnapshot) -> Bool { editor.hasSameText(as: other.editor) && tokens == other.tokens }
}

/// Undo and redo for one text control. Every step is a whole snapshot, so undo always restores
/// exactly what was there; only the grouping into steps is inferred. Like GTK's text history,
/// typing one character after another is one step that a new word starts afresh (a space after a
/// letter), Backspace runs and Delete runs are one step each, typing over a selection starts a
/// step that restores the selection, and anything else (a paste, a token made or removed) is a
/// step of its own. Moving the caret ends a run.
///
/// Invariant: `baseline` is the control as it was after the last recorded change, with the
/// selection as of the last `noteSelection`. Snapshots share their strings until edited, so a
/// step costs one copy of the text at most; `maxSteps` and `maxBytes` bound the memory.
struct UndoHistory {
    enum Edit: Equatable {
        case typing, deletingBackward, deletingForward, other
        /// The first character typed over a selection: a step of its own that typing then joins.
        case typingOverSelection
    }

    private(set) var undoSteps: [FieldSnapshot] = []
    private(set) var redoSteps: [FieldSnapshot] = []
    private(set) var baseline: FieldSnapshot
    /// The kind of edit the top undo step is made of, while more of the same may join it.
    private var run: Edit?
    /// The last character of the open typing run.
    private var lastTyped: Character?

    static let maxSteps = 100
    static let maxBytes = 8 << 20

    init(_ snapshot: FieldSnapshot) { baseline = snapshot }

    var canUndo: Bool { !undoSteps.isEmpty }
    var canRedo: Bool { !redoSteps.isEmpty }

    /// The selection before the next edit; a caret that moved since the last edit ends the run.
    mutating func noteSelection(anchor: Int, caret: Int) {
        guard anchor != baseline.anchor || caret != baseline.caret else { return }
        baseline.editor.select(anchor: anchor, caret: caret)
        run = nil
    }

    /// Ends the open run: the next change is a step of its own (an input method's commit).
    mutating func endRun() { run = nil }

    /// Records that the control changed from `baseline` to `current`: the cost of the edit, not
    /// of the text's length.
    mutating func record(_ current: FieldSnapshot) {
        defer { baseline = current }
        guard !current.hasSameValue(as: baseline) else { return }
        let (edit, typed) = Self.classify(from: baseline, to: current)
        if !joinsRun(edit, typed: typed) { push(baseline) }
        switch edit {
        case .other: run = nil
        case .typingOverSelection: run = .typing
        default: run = edit
        }
        lastTyped = typed
        redoSteps.removeAll()
    }

    /// The snapshot to restore, or nil with nothing to undo; `current` becomes redoable.
    mutating func undo(from current: FieldSnapshot) -> FieldSnapshot? {
        guard let step = undoSteps.popLast() else { return nil }
        redoSteps.append(current)
        return restored(step)
    }

    mutating func redo(from current: FieldSnapshot) -> FieldSnapshot? {
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(current)
        return restored(step)
    }

    private mutating func restored(_ step: FieldSnapshot) -> FieldSnapshot {
        baseline = step
        run = nil
        return step
    }

    private func joinsRun(_ edit: Edit, typed: Character?) -> Bool {
        guard edit == run, run != nil, !undoSteps.isEmpty else { return false }
        guard edit == .typing, let typed, let lastTyped else { return true }
        // A space after a word starts the next word's step; spaces in a row stay together.
        return !typed.isBlank || lastTyped.isBlank
    }

    private mutating func push(_ step: FieldSnapshot) {
        undoSteps.append(step)
        var bytes = undoSteps.reduce(0) { $0 + $1.bytes }
        while undoSteps.count > Self.maxSteps || (bytes > Self.maxBytes && undoSteps.count > 1) {
            bytes -= undoSteps.removeFirst().bytes
        }
    }

    /// What kind of edit turned `old` into `new`, judged by lengths and caret positions, and the
    /// character typed if it was typing.
    static func classify(from old: FieldSnapshot, to new: FieldSnapshot) -> (Edit, Character?) {
        guard old.tokens == new.tokens, new.anchor == new.caret else { return (.other, nil) }
        let selection = old.editor.selection
        let oldCount = old.editor.count, newCount = new.editor.count
        if newCount == oldCount - selection.count + 1 && new.caret == selection.lowerBound + 1 {
            let typed = new.editor.character(at: selection.lowerBound)
            return (selection.isEmpty ? .typing : .typingOverSelection, typed)
        }
        guard selection.isEmpty, newCount < oldCount else { return (.other, nil) }
        if new.caret == old.caret - (oldCount - newCount) { return (.deletingBackward, nil) }
        if new.caret == old.caret { return (.deletingForward, nil) }
        return (.other, nil)
    }
}
