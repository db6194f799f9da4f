@testable import KeyformCore
import Testing

/// Undo keeps whole steps, each with its editor's paragraph index; `UndoHistory.maxBytes` bounds
/// both. A text of empty lines holds 24 bytes of index for each byte of text.
@Suite("Undo's memory") struct UndoMemoryTests {
    @Test(arguments: [("abcdefgh", 100), (String(repeating: "\n", count: 200_000), 1)])
    func theHistoryHoldsAtMostItsBytes(_ text: String, steps: Int) {
        var editor = TextEditor(text: text, multiline: true)
        var history = UndoHistory(FieldSnapshot(editor: editor, tokens: []))
        // Pastes: a step each.
        for _ in 0..<120 {
            editor.insert("a paste")
            history.record(FieldSnapshot(editor: editor, tokens: []))
        }
        #expect(history.undoSteps.count == steps)
        #expect(history.undoSteps.dropFirst().reduce(0) { $0 + $1.bytes } <= UndoHistory.maxBytes)
    }
}
