import KeyformCore
import Testing

/// The app's own checks of a value (`SessionHooks.check`, `setChecking`), as the `Keyform`
/// library's validators use them: the verdict where the field's own messages go, "Checking…"
/// drawn and `busy` told while one runs, and a submit that waits for it.
@Suite struct AppCheckTests {
    static let form = #"{"title": "t", "size": {"width": 400, "height": 300}, "fields": [{"id": "user", "type": "text", "label": "User", "required": true}, {"id": "note", "type": "text", "label": "Note"}]}"#

    /// A listening session whose app says "taken" of the names in `taken`.
    static func session(taken: @escaping (String) -> Bool) throws -> ReplayRunner {
        let runner = try listening(form)
        runner.session.hooks.check = { [unowned session = runner.session] id in
            id == "user" && taken(session.text(of: "user") ?? "") ? "That name is taken" : nil
        }
        return runner
    }

    /// The texts drawn under the field's control.
    static func drawn(_ session: FormSession) -> [String] {
        session.displayList(in: Rect(x: 0, y: 0, width: 400, height: 300)).items.compactMap {
            if case .text(let run) = $0 { run.text } else { nil }
        }
    }

    /// The field's own rules come first; the app's verdict is asked only of a value that passes
    /// them, and shows under the field as theirs do.
    @Test(arguments: [("", "User is required"), ("ada", "That name is taken"), ("grace", nil)])
    func theAppsVerdictComesAfterTheFieldsRules(typed: String, message: String?) throws {
        var runner = try Self.session { $0 == "ada" }
        _ = try runner.announced(typed.isEmpty ? ["ctrl+Return"] : ["type:\(typed)", "ctrl+Return"])
        #expect(runner.session.validationMessage(of: "user") == message)
        #expect((runner.session.result != nil) == (message == nil))
    }

    /// While the check runs the field shows "Checking…" and is busy; a submit waits, and goes on
    /// with the verdict: refused under the field (told at once, focus still there), or submitted.
    @Test(arguments: [true, false])
    func aSubmitWaitsForTheCheck(taken: Bool) throws {
        final class Verdict { var known = false }
        let verdict = Verdict()
        // As the library's slow check: no verdict until the check ends.
        var runner = try Self.session { _ in verdict.known && taken }
        _ = try runner.announced(["type:ada"])
        runner.session.announcingChanges { runner.session.setChecking(true, of: "user") }
        #expect(runner.session.takeUpdate().accessibleEvents.map(runner.line) == ["state-changed:busy user true"])
        #expect(try runner.node("user").states.contains(.busy))
        #expect(Self.drawn(runner.session).contains("Checking…"))
        _ = try runner.announced(["ctrl+Return"])
        #expect(runner.session.result == nil)

        verdict.known = true
        runner.session.announcingChanges { runner.session.setChecking(false, of: "user") }
        let events = runner.session.takeUpdate().accessibleEvents.map(runner.line)
        #expect(!Self.drawn(runner.session).contains("Checking…"))
        if taken {
            #expect(runner.session.result == nil && runner.session.validationMessage(of: "user") == "That name is taken")
            #expect(events == ["state-changed:busy user false", "property-change:accessible-description user That name is taken",
                               "state-changed:invalid-entry user true", "announcement user That name is taken"])
        } else {
            #expect(runner.session.result == .submitted(runner.session.submittedValues))
        }
    }

    /// A value changed after the submit ends its wait: the person submits again when done.
    @Test func aChangeEndsTheWait() throws {
        var runner = try Self.session { _ in false }
        _ = try runner.announced(["type:ada"])
        runner.session.setChecking(true, of: "user")
        _ = try runner.announced(["ctrl+Return", "type:x"])
        runner.session.setChecking(false, of: "user")
        #expect(runner.session.result == nil)
    }
}
