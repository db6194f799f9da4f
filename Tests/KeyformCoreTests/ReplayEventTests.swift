import KeyformCore
import Testing

@Suite("Parsing replay events") struct ReplayEventTests {
    /// The text after `type:` or `paste:` is taken as it is, even when it begins with a combining
    /// mark, which joins the colon into one Character ("type:\u{301}" once read as a key name).
    @Test(arguments: [
        ("type:abc", ReplayEvent.type("abc")),
        ("type:\u{301}", .type("\u{301}")),
        ("paste:\u{301}x", .paste("\u{301}x")),
        ("type:", .type("")),
        ("type::", .type(":")),
        ("paste:a:b", .paste("a:b")),
        ("focus:name", .focus("name")),
    ])
    func textEventsKeepWhatFollowsTheColon(line: String, expected: ReplayEvent) throws {
        #expect(try ReplayEvent(parsing: line) == expected)
    }

    @Test func typingACombiningMarkJoinsThePreviousLetter() throws {
        let form = try makeForm(textFields(["name"]))
        let reports = try replay(form, ["type:e", "type:\u{301}", "BackSpace"])
        #expect(reports.map { $0["text"] } == [.string("e"), .string("e\u{301}"), .string("")])
    }
}
