import KeyformCore
import Testing

/// A password's text appears in the submitted values and nowhere else: not drawn, not on the
/// clipboard or PRIMARY, not in the replay report's `text`.
@Suite("Password secrecy") struct PasswordSecrecyTests {
    static let form = #"{"fields": [{"id": "pin", "type": "password"}, {"id": "x", "type": "text"}]}"#
    static let secret = "hunter2"

    @Test func neverDrawnNeverCopied() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        var runner = ReplayRunner(session: session, keys: TestKeys())
        for line in ["type:\(Self.secret)", "ctrl+a", "ctrl+c", "ctrl+x", "shift+Home", "dblclick:pin", "tripleclick:pin"] {
            _ = try runner.run(try ReplayEvent(parsing: line))
        }
        let requests = session.takeUpdate().requests
        #expect(!requests.contains { if case .setSelection(_, let text) = $0 { return text.contains("hunter") } else { return false } })
        let drawn = session.displayList(in: Rect(x: 0, y: 0, width: 520, height: 420)).items.compactMap {
            if case .text(let run) = $0 { return run.text } else { return nil }
        }
        #expect(!drawn.contains { $0.contains("hunter") })
        #expect(drawn.contains("•••••••"))
        #expect(runner.report(event: "", handled: true)["text"] == .string("•••••••"))
        #expect(session.values["pin"] == .string(Self.secret))  // the output on submit is the one place
    }
}
