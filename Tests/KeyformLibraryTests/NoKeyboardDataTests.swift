import Glibc
import Keyform
import Testing

/// A headless session on a machine without xkb's data (a CI image, a container): each case
/// runs in a child process whose xkb looks for its data in a folder that does not exist.
@Suite struct NoKeyboardDataTests {
    /// Tab, Return, the arrows and `type:` need no layout; the session runs.
    @Test func keysThatTypeNothingNeedNoKeyboardData() async {
        await #expect(processExitsWith: .success) {
            NoKeyboardDataTests.hideKeyboardData()
            try await MainActor.run {
                let form = try Form(title: "T") { TextField("A", id: "a"); Picker("B", id: "b", options: ["x", "y"]) }
                let session = try FormSession(form)
                try session.send("type:Ada", "Tab", "Down", "ctrl+Return")
                guard session.result == .submitted(.object([("a", .string("Ada")), ("b", .string("y"))])) else {
                    print(session.result.map { "\($0)" } ?? "running", session.values.serialized)
                    exit(1)
                }
            }
        }
    }

    /// A key that types, or a physical key, needs the layout: without its data, `send` says so
    /// (the proof that the child really has no data).
    @Test(arguments: ["a", "key:AC01"])
    func aKeyThatNeedsTheLayoutSaysSo(event: String) async {
        await #expect(processExitsWith: .success, "event \(event)") { [event] in
            NoKeyboardDataTests.hideKeyboardData()
            await MainActor.run {
                let session = try! FormSession(try! Form(title: "T") { TextField("A", id: "a") })
                do throws(SessionError) { try session.send(event) } catch {
                    guard error.message.contains("layout \"us\"") else { exit(1) }
                    exit(0)
                }
                exit(1)
            }
        }
    }

    /// Points xkb at a folder that does not exist, as on a machine without its data.
    static func hideKeyboardData() {
        setenv("XKB_CONFIG_ROOT", "/nonexistent/keyform-tests/xkb", 1)
        setenv("XKB_CONFIG_EXTRA_PATH", "/nonexistent/keyform-tests/xkb", 1)
    }
}
