import EditorExample
import Keyform
import Testing

/// The editor example driven headlessly, its collaborator played by a stream the test feeds.
@Suite @MainActor final class EditorExampleTests {
    let session: FormSession
    let collaborator: AsyncStream<Editor.Update>.Continuation
    let following: Task<Void, Never>

    init() throws {
        session = try FormSession(Editor.form(title: "Release notes"))
        let (updates, collaborator) = AsyncStream.makeStream(of: Editor.Update.self)
        self.collaborator = collaborator
        following = Task { [session] in await Editor.follow(updates, in: session) }
    }

    /// Following ends with the test: left waiting for an update, it kept the session alive.
    deinit {
        collaborator.finish()
    }

    /// Saves reported while the person types show at once and leave what they typed alone.
    @Test func aSaveShowsWhileThePersonTypes() async throws {
        try session.send("End", "type: for 1.2")
        collaborator.yield(.saved(at: "10:42"))
        await until { (try? session.text(of: "saved")) == "10:42" }
        try session.send("type:!")
        #expect(try session.text(of: "title") == "Release notes for 1.2!")
        #expect(try session.value(of: "saved") == nil, "the save time is shown, not submitted")
    }

    /// New statuses from a reviewer keep the person's choice when it is still among them.
    @Test func newStatusesKeepThePersonsChoice() async throws {
        try session.focus("status")
        try session.send("Down")
        collaborator.yield(.statuses(["Draft", "In review", "Scheduled"]))
        collaborator.yield(.saved(at: "10:43"))  // updates apply in order: the statuses are in
        await until { (try? session.text(of: "saved")) == "10:43" }
        #expect(try session.value(of: "status", as: String.self) == "In review")
        try session.send("Down")
        #expect(try session.value(of: "status", as: String.self) == "Scheduled")
    }

    /// While someone else edits the body it is locked and says who; the person's text survives the
    /// lock and is submitted once it lifts.
    @Test func aLockedBodyKeepsWhatThePersonTyped() async throws {
        try session.focus("body")
        try session.send("type:First draft")
        collaborator.yield(.bodyLocked(by: "Ana"))
        await until { (try? session.message(of: "body")) == "Ana is editing the body" }
        #expect(try session.value(of: "body") == nil && session.focusedID != "body")
        collaborator.yield(.bodyLocked(by: nil))
        await until { (try? session.message(of: "body")) == nil }
        #expect(try session.text(of: "body") == "First draft")
        session.submit()
        #expect(session.result == .submitted(.object([
            ("title", .string("Release notes")), ("body", .string("First draft")), ("tags", .array([])), ("status", .string("Draft")),
        ])))
    }

    /// Once the form has ended, following stops and the form is no longer changed.
    @Test func followingStopsWhenTheFormEnds() async throws {
        session.cancel()
        collaborator.yield(.saved(at: "10:44"))
        await following.value
        #expect(try session.text(of: "saved") == "Not yet")
    }
}
