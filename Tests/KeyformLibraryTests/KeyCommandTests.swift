import Keyform
import Testing

/// Key commands with closures, looked up along the responder chain at each key press, through
/// the public API and replay events alone.
@Suite @MainActor struct KeyCommandTests {
    /// A log of which command ran, shared by the closures of one form.
    final class Log { var entries: [String] = [] }

    static func form(_ log: Log) throws -> Form {
        try Form(title: "Commands") {
            TextField("_Name", id: "name")
                .command(KeyCommand("ctrl+k", title: "Field K") { _ in log.entries.append("field") })
            Section("Address", id: "address") {
                TextField("_City", id: "city")
                KeyCommand("ctrl+k", title: "Section K") { _ in log.entries.append("section") }
            }
            TextField("_Zip", id: "zip")
            KeyCommand("ctrl+k", title: "Form K") { _ in log.entries.append("form") }
            KeyCommand("ctrl+j", title: "Window J") { _ in log.entries.append("window") }.forWindow()
            // Enabled only while the name is empty; retitled with what it will put there.
            KeyCommand("ctrl+d") { session in try? session.setValue(.string("Ada"), of: "name") }
                .validate { session, command in
                    command.isEnabled = (try? session.text(of: "name")) == ""
                    command.title = "Fill in “Ada”"
                }
        }
    }

    struct Press: CustomTestStringConvertible, Sendable {
        var focus: String
        var key: String
        var ran: [String]
        var testDescription: String { "\(key) in \(focus)" }
    }

    /// The innermost place with the key wins: the field, its section, the form, the window.
    @Test(arguments: [
        Press(focus: "name", key: "ctrl+k", ran: ["field"]),
        Press(focus: "city", key: "ctrl+k", ran: ["section"]),
        Press(focus: "zip", key: "ctrl+k", ran: ["form"]),
        Press(focus: "city", key: "ctrl+j", ran: ["window"]),
        Press(focus: "zip", key: "ctrl+x", ran: []),
    ])
    func theInnermostCommandWithTheKeyRuns(_ press: Press) throws {
        let log = Log()
        let session = try FormSession(Self.form(log))
        try session.focus(press.focus)
        try session.send(press.key)
        #expect(log.entries == press.ran)
    }

    @Test func validateDisablesAndTitlesACommandAtEachPress() throws {
        let session = try FormSession(Self.form(Log()))
        #expect(session.shortcuts.contains(Shortcut(title: "Fill in “Ada”", keys: "Ctrl+D", group: "Commands")))
        try session.send("ctrl+d")
        #expect(try session.text(of: "name") == "Ada")
        // Disabled now: the key goes on, and the overlay leaves it out.
        #expect(try session.send("ctrl+d") == false)
        #expect(!session.shortcuts.contains { $0.keys == "Ctrl+D" })
    }

    /// The overlay lists the titled commands available where focus is, in chain order, under the
    /// form's title and before Keyform's own; a key an inner command takes is not listed again
    /// for an outer one.
    @Test func titledCommandsAppearInTheOverlayApartFromKeyforms() throws {
        let session = try FormSession(Self.form(Log()))
        try session.focus("city")
        let titles = session.shortcuts.filter { ["Ctrl+K", "Ctrl+J"].contains($0.keys) }
        #expect(titles == [Shortcut(title: "Section K", keys: "Ctrl+K", group: "Commands"),
                           Shortcut(title: "Window J", keys: "Ctrl+J", group: "Commands")])
        // The app's come first, together; Keyform's own follow under their places.
        let groups = session.shortcuts.map(\.group)
        #expect(groups.prefix { $0 == "Commands" }.count == groups.filter { $0 == "Commands" }.count)
        #expect(groups.contains("This window") && groups.last == "Keyform")
        try session.send("F1")
        #expect(session.shortcuts.contains(Shortcut(title: "Section K", keys: "Ctrl+K", group: "Commands")))
    }

    /// A command given as a keysym and modifiers matches as one written in a form file does.
    @Test func aKeyAndModifiersWorkAsTheWrittenChord() throws {
        let log = Log()
        let form = try Form(title: "T") {
            TextField("A", id: "a")
            KeyCommand(Key(0x6b), modifiers: [.control, .shift], title: "Keysym K") { _ in log.entries.append("keysym") }
        }
        let session = try FormSession(form)
        #expect(session.shortcuts.contains(Shortcut(title: "Keysym K", keys: "Ctrl+Shift+K", group: "T")))
        try session.send("ctrl+k", "ctrl+shift+k")
        #expect(log.entries == ["keysym"])
    }

    @Test func anActionCanMoveFocusAndSubmit() throws {
        let form = try Form(title: "T") {
            TextField("A", id: "a")
            TextField("B", id: "b")
            KeyCommand("F2", title: "To B") { session in try? session.focus("b") }
            KeyCommand("F3", title: "Done") { session in session.submit() }
        }
        let session = try FormSession(form)
        try session.send("F2", "type:x", "F3")
        #expect(session.result == .submitted(.object([("a", .string("")), ("b", .string("x"))])))
    }
}
