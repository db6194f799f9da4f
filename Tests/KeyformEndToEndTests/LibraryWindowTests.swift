import Foundation
import Keyform
import KeyformCairo
import SignUpExample
import Testing

/// A program built on the `Keyform` library in the real window under Xvfb, keys sent through
/// XTEST, and what the library draws.
@Suite("The library's window under Xvfb", .serialized) struct LibraryWindowTests {
    /// The sign-up example: its own shortcuts, a refused submit that keeps the window open, then
    /// the values it prints.
    @Test @MainActor func theSignUpExampleTakesItsShortcutsAndPrintsTheValues() throws {
        let form = try LiveForm(arguments: [], program: builtProgram("SignUpExample"))
        try form.xdotool("type", "--delay", "5", "grace@example.org")
        try form.xdotool("key", "Tab")
        try form.xdotool("key", "ctrl+u")  // the name field's command: the name from the email
        try form.xdotool("key", "Tab")
        try form.xdotool("type", "--delay", "5", "secret")
        try form.xdotool("key", "F2")  // the window's command submits, and the terms refuse it
        #expect(form.process.isRunning, "a refused submit ended the program")
        try form.xdotool("key", "ctrl+t")  // the form's command accepts the terms
        try form.xdotool("key", "F2")
        let values = try form.submittedValues()
        #expect(values["email"] as? String == "grace@example.org")
        #expect(values["name"] as? String == "Grace")
        #expect(values["password"] as? String == "secret")
        #expect(values["plan"] as? String == "Free")
        #expect(values["terms"] as? Bool == true)
    }

    /// The sign-in example: its async user-name check runs in the real window (the directory
    /// answers after a delay), and the submit waits for the verdict before the program prints.
    @Test @MainActor func theSignInExampleWaitsForTheDirectoryThenSignsIn() throws {
        let form = try LiveForm(arguments: [], program: builtProgram("SignInExample"))
        try form.xdotool("type", "--delay", "5", "grace")
        try form.xdotool("key", "Tab")
        try form.xdotool("type", "--delay", "5", "secret")
        try form.xdotool("key", "Tab")
        try form.xdotool("key", "space")  // remember me
        try form.xdotool("key", "ctrl+Return")
        let (status, stdout) = form.finish()
        #expect(status == 0)
        #expect(stdout == "Signed in as grace, remembered on this computer\n")
    }

    /// An `onSubmit` refusal is drawn under its field, as a field's own message is.
    @Test @MainActor func aRefusedSubmitIsDrawnUnderItsField() throws {
        let session = try FormSession(SignUp.form())
        try session.send("type:ada@example.org", "Tab", "type:Ada", "Tab", "type:secret", "ctrl+t", "F2")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("signup.png").path
        try session.writePNG(to: path)
        try GoldenImage.expectMatch(CairoSurface(png: path),
                                    approved: packageRoot.appendingPathComponent("Tests/Golden/approved/library-signup-refused.png").path)
    }
}
