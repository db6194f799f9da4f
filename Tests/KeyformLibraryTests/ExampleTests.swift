import Keyform
import SignUpExample
import TagEditorExample
import Testing

/// The examples, driven headlessly as an app's own tests would drive its forms.
@Suite @MainActor struct SignUpExampleTests {
    @Test func tabFollowsTheFormsOrder() throws {
        let session = try FormSession(SignUp.form())
        var order = [session.focusedID]
        for _ in 0..<6 {
            try session.send("Tab")
            order.append(session.focusedID)
        }
        #expect(order == ["email", "name", "password", "plan", "terms", "create", "email"])
        try session.send("shift+Tab")
        #expect(session.focusedID == "create")
    }

    @Test func ctrlUFillsTheNameFromTheEmailOnlyInTheNameField() throws {
        let session = try FormSession(SignUp.form())
        try session.send("type:grace@example.org", "ctrl+u")
        #expect(try session.text(of: "name") == "")
        try session.send("Tab", "ctrl+u")
        #expect(try session.text(of: "name") == "Grace")
    }

    @Test func ctrlTTogglesTheTermsAndTheOverlaySaysWhatItWillDo() throws {
        let session = try FormSession(SignUp.form())
        #expect(session.shortcuts.contains(Shortcut(title: "Accept the terms", keys: "Ctrl+T", group: "Create your account")))
        try session.send("ctrl+t")
        #expect(try session.value(of: "terms") == .bool(true))
        #expect(session.shortcuts.contains(Shortcut(title: "Decline the terms", keys: "Ctrl+T", group: "Create your account")))
        #expect(session.shortcuts.contains(Shortcut(title: "Create the account", keys: "F2", group: "Create your account")))
    }

    @Test(arguments: [
        (email: "ada@example.org", terms: true, refusedAt: "email", message: "ada@example.org already has an account"),
        (email: "grace@example.org", terms: false, refusedAt: "terms", message: "Accept the terms to create an account"),
    ])
    func submitIsRefusedUnderTheFieldAtFault(email: String, terms: Bool, refusedAt: String, message: String) throws {
        let session = try FormSession(SignUp.form())
        try session.send("type:\(email)", "Tab", "type:Someone", "Tab", "type:secret")
        if terms { try session.send("ctrl+t") }
        try session.send("F2")
        #expect(session.result == nil)
        #expect(try session.message(of: refusedAt) == message)
        #expect(session.focusedID == refusedAt)
    }

    @Test func aGoodSignUpSubmitsEveryValue() throws {
        let session = try FormSession(SignUp.form())
        try session.send("type:grace@example.org", "Tab", "ctrl+u", "Tab", "type:secret", "Tab", "Down", "Tab", "space", "ctrl+Return")
        #expect(session.result == .submitted(.object([
            ("email", .string("grace@example.org")), ("name", .string("Grace")), ("password", .string("secret")),
            ("plan", .string("Team")), ("terms", .bool(true)),
        ])))
    }
}

@Suite @MainActor struct TagEditorExampleTests {
    @Test func backspaceWithNoTagLeftGoesBackToTheTitle() throws {
        let session = try FormSession(TagEditor.form(tags: ["x11"]))
        try session.send("Tab", "BackSpace")
        #expect(try session.value(of: "tags") == .array([]))
        #expect(session.focusedID == "tags")
        try session.send("BackSpace")
        #expect(session.focusedID == "title")
    }

    @Test func ctrlSSortsTheTagsAndIsOfferedOnlyWithTwoOrMore() throws {
        let session = try FormSession(TagEditor.form(tags: ["x11"]))
        try session.send("Tab")
        #expect(!session.shortcuts.contains { $0.keys == "Ctrl+S" })
        try session.send("type:docs", "Return", "type:bug,")
        #expect(session.shortcuts.contains(Shortcut(title: "Sort the 3 tags", keys: "Ctrl+S", group: "Edit tags")))
        try session.send("ctrl+s")
        #expect(try session.value(of: "tags") == .array(["bug", "docs", "x11"].map(JSONValue.string)))
    }

    @Test func suggestionsComeFromTheExample() throws {
        let session = try FormSession(TagEditor.form())
        try session.send("Tab", "type:perf", "Return", "ctrl+Return")
        #expect(session.result == .submitted(.object([("title", .string("")), ("tags", .array([.string("performance")]))])))
    }
}
