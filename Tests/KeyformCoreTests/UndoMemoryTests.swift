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

    /// Each edit copies the text that undo and the form's values share. A shared string's
    /// `replaceSubrange` gives the copy storage as big as the old one's, which malloc rounds up:
    /// the storage grew 16 bytes an edit, and each of the 100 undo steps kept its copy (a field
    /// typed into 1,000 times, a letter and Backspace in turn as `make bench` types, held 1.5 MB).
    @Test(arguments: [
        (#"{"id": "f", "type": "text"}"#, "packmyboxwithfivedozenliquorjugsthequickbrownfoxjumpsoverthelazydog", [String]()),
        (#"{"id": "f", "type": "text"}"#, "packmyboxwithfivedozenliquorjugs", ["Home", "Right", "Right"]),
        (#"{"id": "f", "type": "textarea"}"#, "the first line\nthe second line", ["Up"]),
    ])
    func editsKeepTheTextsStorageItsSize(_ field: String, text: String, moves: [String]) throws {
        let form = try makeForm(#"{"fields": [\#(field)]}"#)
        var runner = ReplayRunner(session: FormSession(form: form, measurer: FixedWidthMeasurer()), keys: TestKeys())
        let typing = text.split(separator: "\n", omittingEmptySubsequences: false).map { "type:" + $0 }.joined(separator: "\nReturn\n")
        let events = typing.split(separator: "\n").map(String.init) + moves + (0..<2_000).map { $0 % 2 == 0 ? "type:a" : "BackSpace" }
        for event in events { _ = try runner.run(try ReplayEvent(parsing: event)) }
        guard case .string(let value) = runner.session.values["f"] else { Issue.record("no value"); return }
        #expect(value == text)
        let storage = try #require(storageBytes(value))
        #expect(storage <= 2 * text.utf8.count + 64, "\(storage) bytes hold \(text.utf8.count)")
    }
}

/// The bytes malloc gave the native storage of `text` (its header is 32 bytes before the
/// first code unit); nil for a small string, which has none.
private func storageBytes(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes in
        bytes.count <= 15 ? nil : mallocUsableSize(UnsafeMutableRawPointer(mutating: bytes.baseAddress! - 32))
    }
}

@_silgen_name("malloc_usable_size") private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int
