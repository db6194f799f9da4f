import Keyform
import Testing

/// The hooks where app developers fought their toolkits, each through the keys a person presses.
@Suite @MainActor struct HookTests {
    @Test(arguments: [(true, "b"), (false, "a")])
    func shouldReturnDecidesPerField(allow: Bool, focusAfter: String) throws {
        let form = try Form(title: "T") {
            TextField("A", id: "a").shouldReturn { _ in allow }
            TextField("B", id: "b")
        }
        let session = try FormSession(form)
        try session.send("Return")
        #expect(session.focusedID == focusAfter)
    }

    /// Deleting the last letter never also runs the hook; the next BackSpace does.
    @Test func backspaceOnAnEmptyFieldFollowsTheTokenRule() throws {
        final class Count { var value = 0 }
        let count = Count()
        let form = try Form(title: "T") {
            TextField("A", id: "a")
            TextField("B", id: "b").onBackspaceWhenEmpty { session in
                count.value += 1
                try? session.focus("a")
                return true
            }
        }
        let session = try FormSession(form)
        try session.send("Tab", "type:x", "BackSpace")
        #expect(count.value == 0 && session.focusedID == "b")
        try session.send("BackSpace")
        #expect(count.value == 1 && session.focusedID == "a")
    }

    @Test func valueAndFocusChangesAreReported() throws {
        final class Log { var entries: [String] = [] }
        let log = Log()
        let form = try Form(title: "T") {
            TextField("A", id: "a").onChange { session in log.entries.append("a=\((try? session.text(of: "a")) ?? "")") }
            TextField("B", id: "b")
        }
        .onFocusChange { _, from, to in log.entries.append("\(from ?? "-")→\(to ?? "-")") }
        .onValueChange { _, id in log.entries.append("changed \(id)") }
        let session = try FormSession(form)
        try session.send("type:x", "Tab", "shift+Tab")
        #expect(log.entries == ["a=x", "changed a", "a→b", "b→a"])
    }

    /// An `onChange` runs once the key that changed the value is done, so it may set its own
    /// field's value: the field goes on with the new value, the next key types after it, and the
    /// hook, told of its own change, ends when the value no longer changes.
    @Test func onChangeMaySetItsOwnFieldsValue() throws {
        final class Count { var calls = 0 }
        let count = Count()
        let form = try Form(title: "T") {
            TextField("Code", id: "code").onChange { session in
                count.calls += 1
                try? session.setValue(.string(((try? session.text(of: "code")) ?? "").uppercased()), of: "code")
            }
        }
        let session = try FormSession(form)
        try session.send("type:ab", "type:c")
        #expect(try session.text(of: "code") == "ABC")
        #expect(count.calls == 6)  // each letter: the person's change, then the hook's own
        try session.send("BackSpace", "ctrl+Return")
        #expect(session.values["code"] == .string("AB"))
    }

    @Test func submitMayRefuseWithAMessageUnderAField() throws {
        let form = try Form(title: "T") {
            TextField("User", id: "user")
            TextField("Note", id: "note")
        }
        .onSubmit { session in
            (try? session.text(of: "user")) == "root" ? .refuse(field: "user", message: "root is taken") : .accept
        }
        let session = try FormSession(form)
        try session.send("type:root", "Tab", "ctrl+Return")
        #expect(session.result == nil)
        #expect(try session.message(of: "user") == "root is taken")
        #expect(session.focusedID == "user")
        // Changing the value takes the message away; the next submit is asked again.
        try session.send("type:ada")
        #expect(try session.message(of: "user") == nil)
        try session.send("ctrl+Return")
        #expect(session.result == .submitted(.object([("user", .string("ada")), ("note", .string(""))])))
    }

    @Test(arguments: [true, false])
    func cancelMayBeRefused(allow: Bool) throws {
        let form = try Form(title: "T") { TextField("A", id: "a") }.shouldCancel { _ in allow }
        let session = try FormSession(form)
        try session.send("Escape")
        #expect(session.result == (allow ? .cancelled : nil))
    }

    @Test func aBadEventOrIdIsAClearError() throws {
        let session = try FormSession(Form(title: "T") { TextField("A", id: "a") })
        #expect(throws: SessionError.self) { try session.send("ctrl+Nope") }
        #expect(throws: SessionError.self) { try session.focus("nope") }
        #expect(throws: SessionError.self) { try session.setValue(.bool(true), of: "a") }
    }
}
