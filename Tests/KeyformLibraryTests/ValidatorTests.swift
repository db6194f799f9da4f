import Keyform
import Testing

/// Per-field validators as an app writes them, driven through the keys a person presses.
@Suite @MainActor struct ValidatorTests {
    /// A synchronous rule's message shows where the built-in ones do, after them: at submit,
    /// then following the value.
    @Test(arguments: [
        ("", "User name is required", "At least 3 letters" as String?),
        ("root", "Choose a name of your own", "Choose a name of your own"),
        ("ab", "At least 3 letters", nil),
        ("ada", nil, nil),
    ])
    func aRuleOfTheAppsOwnShowsItsMessage(typed: String, message: String?, afterAnotherLetter: String?) throws {
        let form = try Form(title: "T") {
            TextField("User name", id: "user").required().validate { (name: String) in
                name.hasPrefix("root") ? "Choose a name of your own" : name.count < 3 ? "At least 3 letters" : nil
            }
        }
        let session = try FormSession(form)
        if !typed.isEmpty { try session.send("type:\(typed)") }
        #expect(try session.message(of: "user") == nil)
        try session.send("ctrl+Return")
        #expect(try session.message(of: "user") == message)
        #expect((session.result == nil) == (message != nil))
        if message != nil {
            try session.send("type:x")
            #expect(try session.message(of: "user") == afterAnotherLetter)
        }
    }

    /// A check reads the value as the type it names: a number field's as a number.
    @Test func aRuleReadsTheValueAsItsType() throws {
        let form = try Form(title: "T") {
            TextField("Age", id: "age", value: "12", format: .number).validate { (age: Int) in age < 18 ? "Adults only" : nil }
        }
        let session = try FormSession(form)
        session.submit()
        #expect(try session.message(of: "age") == "Adults only")
    }

    /// A check that takes time: "Checking…" meanwhile (`isChecking`), its verdict shown when it
    /// comes, and a submit that waits for it.
    @Test func aSlowCheckShowsItsVerdictWhenItComes() async throws {
        let server = Server()
        let session = try FormSession(server.form())
        try session.send("type:ada")
        await until { server.asked == ["ada"] }
        #expect(try session.isChecking("user") && session.message(of: "user") == nil)
        session.submit()
        #expect(session.result == nil)
        server.answer("That name is taken")
        await session.checksFinished()
        #expect(try !session.isChecking("user") && session.message(of: "user") == "That name is taken")
        #expect(session.result == nil && session.focusedID == "user")

        try session.send("type:2")
        await until { server.asked.count == 2 }
        session.submit()
        server.answer(nil)
        await session.checksFinished()
        #expect(session.result == .submitted(.object([("user", .string("ada2"))])))
    }

    /// A verdict about a value since changed is never shown: the newer value's is.
    @Test func aStaleVerdictIsNeverShown() async throws {
        let server = Server()
        let session = try FormSession(server.form())
        try session.send("type:ada")
        await until { server.asked == ["ada"] }
        try session.send("type:m")
        await until { server.asked == ["ada", "adam"] }
        server.answer("ada is taken", to: 0)
        await until { server.waiting.count == 1 }
        #expect(try session.isChecking("user") && session.message(of: "user") == nil)
        server.answer(nil, to: 0)
        await session.checksFinished()
        #expect(try session.message(of: "user") == nil && !session.isChecking("user"))
    }

    /// An empty value, or one the field's own rules refuse, is not checked.
    @Test(arguments: ["", "not an address"])
    func onlyAValueThatPassesTheRulesIsChecked(typed: String) async throws {
        let server = Server()
        let session = try FormSession(server.form(format: .email))
        try session.send("type:x", "BackSpace")
        if !typed.isEmpty { try session.send("type:\(typed)") }
        await session.checksFinished()
        #expect(try !session.isChecking("user"))
        #expect(server.asked == ["x"] || server.asked.isEmpty)
    }
}

/// A server the slow check asks, answering when the test says.
@MainActor final class Server {
    private(set) var asked: [String] = []
    private(set) var waiting: [CheckedContinuation<String?, Never>] = []

    func form(format: TextFormat? = nil) throws -> Form {
        try Form(title: "T") {
            TextField("User", id: "user", format: format).validate { (name: String) async in
                self.asked.append(name)
                return await withCheckedContinuation { self.waiting.append($0) }
            }
        }
    }

    /// Answers the oldest question still waiting, or the one at `index`.
    func answer(_ message: String?, to index: Int = 0) { waiting.remove(at: index).resume(returning: message) }
}

/// Waits, letting the main actor's tasks run, until `condition` holds; a condition that never
/// comes fails the test rather than hanging it (nothing runs meanwhile that could make it come).
@MainActor func until(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    for _ in 0..<10_000 {
        if condition() { return }
        await Task.yield()
    }
    Issue.record("the condition never held", sourceLocation: sourceLocation)
}
