import Keyform
import Testing

/// Swift 6's strict concurrency, as an app meets it: forms and commands are values that cross
/// actors; their closures run on the main actor.
@Suite struct SendableTests {
    /// A form built off the main actor (in a background task, from data it loaded there) is
    /// sent to the main actor and run there, its command's closure on the main actor.
    @Test func aFormBuiltInTheBackgroundRunsOnTheMainActor() async throws {
        let form = try await Task.detached {
            try Form(title: "Loaded") {
                TextField("_Name", id: "name")
                KeyCommand("ctrl+k", title: "Clear") { session in
                    MainActor.assertIsolated()
                    try? session.setValue(.string(""), of: "name")
                }
            }
        }.value
        try await MainActor.run {
            let session = try FormSession(form)
            try session.send("type:Ada", "ctrl+k")
            #expect(try session.text(of: "name") == "")
        }
    }

    /// The errors a public function throws cross actors too.
    @Test func errorsAreSendable() async {
        let error = await Task.detached { () -> FormError? in
            do throws(FormError) { _ = try Form(title: "T") { TextField("A", id: "a"); TextField("B", id: "a") }; return nil } catch { return error }
        }.value
        #expect(error?.problems.isEmpty == false)
    }
}
