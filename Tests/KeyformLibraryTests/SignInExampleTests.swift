import Keyform
import SignInExample
import Testing

/// The sign-in example driven headlessly: its async user-name check, through the keys a person presses.
@Suite @MainActor struct SignInExampleTests {
    /// While the directory has not answered, the field says "Checking…" and shows no verdict.
    @Test func theUserNameIsCheckedWhileThePersonTypes() async throws {
        let directory = AnsweringDirectory()
        let session = try FormSession(SignIn.form(directory: directory.directory))
        try session.send("type:ada")
        await until { directory.asked == ["ada"] }
        #expect(try session.isChecking("user") && session.message(of: "user") == nil)
        directory.answer(false)
        await session.checksFinished()
        #expect(try !session.isChecking("user") && session.message(of: "user") == "No account is called ada")
    }

    /// The shipped directory (a delay, then a set of names): a submit waits for its verdict, then
    /// is refused under the user name or goes through, read into the app's `Credentials`.
    @Test(arguments: [
        (user: "bob", refusal: "No account is called bob" as String?),
        (user: "grace", refusal: nil),
    ])
    func aSubmitWaitsForTheDirectory(user: String, refusal: String?) async throws {
        let session = try FormSession(SignIn.form())
        try session.send("type:\(user)", "Tab", "type:secret", "Tab", "space", "ctrl+Return")
        #expect(session.result == nil)
        await session.checksFinished()
        #expect(try session.message(of: "user") == refusal)
        if refusal != nil {
            #expect(session.result == nil && session.focusedID == "user")
        } else {
            #expect(session.result != nil)
            let credentials = try session.values(as: Credentials.self)
            #expect(credentials.user == user && credentials.password == "secret" && credentials.remember)
        }
    }

    /// A verdict on a name since changed is never shown: "No account is called ad" does not
    /// flash while "ada" is being checked.
    @Test func aStaleVerdictIsNeverShown() async throws {
        let directory = AnsweringDirectory()
        let session = try FormSession(SignIn.form(directory: directory.directory))
        try session.send("type:ad")
        await until { directory.asked == ["ad"] }
        try session.send("type:a")
        await until { directory.asked == ["ad", "ada"] }
        directory.answer(false)
        await until { directory.waiting.count == 1 }
        #expect(try session.isChecking("user") && session.message(of: "user") == nil)
        directory.answer(true)
        await session.checksFinished()
        #expect(try session.message(of: "user") == nil)
    }
}

/// An account directory that answers when the test says.
@MainActor final class AnsweringDirectory {
    private(set) var asked: [String] = []
    private(set) var waiting: [CheckedContinuation<Bool, Never>] = []

    var directory: AccountDirectory { AccountDirectory { name in await self.ask(name) } }

    private func ask(_ name: String) async -> Bool {
        asked.append(name)
        return await withCheckedContinuation { waiting.append($0) }
    }

    /// Answers the oldest question still waiting.
    func answer(_ hasAccount: Bool) { waiting.removeFirst().resume(returning: hasAccount) }
}
