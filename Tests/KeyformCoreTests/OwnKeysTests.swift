@testable import KeyformCore
import Testing

/// Every key press asks the focused control for its own keys (`Control.ownKeys`) before Tab and
/// Escape, and for nothing else before it reaches the control: so a command that must come first
/// is among a kind's own keys, and one that comes after is not (`FormSession.priorityCommands`).
@Suite("A control's own keys") struct OwnKeysTests {
    /// One field of each kind, in states where it offers the most commands: with text, a
    /// selection, something to undo and the caret between words; a picker's and a radio group's
    /// options, a date to step.
    static let fields: [FieldKind: String] = [
        .text: #"{"id": "f", "type": "text", "label": "L"}"#,
        .password: #"{"id": "f", "type": "password", "label": "L"}"#,
        .textarea: #"{"id": "f", "type": "textarea", "label": "L"}"#,
        .picker: #"{"id": "f", "type": "picker", "label": "L", "options": ["a", "b"]}"#,
        .tokens: #"{"id": "f", "type": "tokens", "label": "L", "value": ["C"]}"#,
        .button: #"{"id": "f", "type": "button", "label": "L", "action": "submit"}"#,
        .section: #"{"id": "f", "type": "section", "label": "L", "fields": [{"id": "in", "type": "text", "label": "M"}]}"#,
        .label: #"{"id": "f", "type": "label", "label": "L"}"#,
        .checkbox: #"{"id": "f", "type": "checkbox", "label": "L"}"#,
        .radio: #"{"id": "f", "type": "radio", "label": "L", "options": ["a", "b"]}"#,
        .date: #"{"id": "f", "type": "date", "label": "L", "value": "2026-11-26"}"#,
    ]

    @Test func everyKindIsListed() {
        #expect(Set(Self.fields.keys) == Set(FieldKind.allCases))
    }

    @Test(arguments: FieldKind.allCases) func ownKeysComeFirstAndNoOthers(_ kind: FieldKind) throws {
        let form = try makeForm(#"{"title": "t", "size": {"width": 400, "height": 600}, "fields": ["# + Self.fields[kind]! + "]}")
        var runner = ReplayRunner(session: FormSession(form: form, measurer: FixedWidthMeasurer()), keys: TestKeys())
        if kind.control.takesFocus {
            for event in ["focus:f", "type:two words", "Left", "shift+Left"] { _ = try runner.run(try ReplayEvent(parsing: event)) }
        }
        let session = runner.session
        let node = try #require(session.tree.index(of: "f"))
        let control = session.tree[node].control
        let own = control.ownKeys(in: session.context(node)), others = control.commands(in: session.context(node))
        #expect(own.allSatisfy { $0.priority })
        #expect(!others.contains { $0.priority })
        // The kinds with keys of their own (their arrows, Space) have them in this state.
        #expect(own.isEmpty == ![.picker, .checkbox, .radio, .date].contains(kind))
    }
}
