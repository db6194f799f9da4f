import Keyform
import SignUpExample
import Testing

@Test @MainActor func tabOrderAndCommandsOfTheSignUpForm() throws {
    let session = try FormSession(SignUp.form())
    try session.send("type:grace@example.org", "Tab")
    #expect(session.focusedID == "name")
    try session.send("ctrl+u")  // the name field's own command
    #expect(try session.text(of: "name") == "Grace")
    try session.send("Tab", "type:secret", "F2")  // submit: refused, the terms not accepted
    #expect(try session.message(of: "terms") == "Accept the terms to create an account")
    try session.send("ctrl+t", "F2")
    #expect(session.result != nil)
}
