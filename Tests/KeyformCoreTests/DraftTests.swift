import KeyformCore
import Testing

/// Nothing typed is lost: values saved as the person types (debounced on the injected clock),
/// never passwords; and values put back into a form (`--value`, a draft).
@Suite struct DraftTests {
    static let form = #"""
    {"fields": [{"id": "name", "type": "text"}, {"id": "pin", "type": "password"},
                {"id": "s", "type": "section", "fields": [{"id": "years", "type": "picker", "options": ["0", "1", "2"]}]},
                {"id": "skills", "type": "tokens"}, {"id": "go", "type": "button", "action": "submit"}]}
    """#

    @Test func savesAreDebouncedOnTheSessionClock() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        session.caretBlinks = false
        var saved: [JSONValue] = []
        session.autosave(after: 500)
        var saver = DraftSaver { saved.append($0); return nil }
        #expect(session.nextDeadline == nil)
        session.handle(.keyPress(KeyPress(typing: "A")))
        #expect(session.nextDeadline == 500)
        _ = session.runBatch(at: 400, on: &saver)
        session.handle(.keyPress(KeyPress(typing: "d")))
        _ = session.runBatch(at: 899, on: &saver)
        #expect(saved.isEmpty)
        #expect(session.nextDeadline == 900)
        _ = session.runBatch(at: 900, on: &saver)
        #expect(saved.count == 1)
        #expect(saved.first?["name"] == .string("Ad"))
        #expect(session.nextDeadline == nil)
        _ = session.runBatch(at: 5_000, on: &saver)
        #expect(saved.count == 1)
    }

    @Test func someoneWhoNeverPausesIsStillSaved() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        var saved: [JSONValue] = []
        session.autosave(after: 500)
        var saver = DraftSaver { saved.append($0); return nil }
        for step in 0..<10 {
            _ = session.runBatch(at: Double(step) * 400, on: &saver)
            session.handle(.keyPress(KeyPress(typing: "a")))
        }
        #expect(saved.count == 1)  // at 2500 ms: five times the delay after the first key
        #expect(saved.first?["name"] == .string("aaaaaaa"))
    }

    /// A save that fails is never taken for done: the person sees why (and a screen reader hears
    /// it) until a later save succeeds.
    @Test func aFailedSaveIsShownAndAnnouncedUntilASaveSucceeds() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        session.caretBlinks = false
        session.accessibilityListening = true
        var failure: String? = "The draft could not be saved: No space left on device"
        session.autosave(after: 100)
        var saver = DraftSaver { _ in failure }
        session.handle(.keyPress(KeyPress(typing: "A")))
        _ = session.takeUpdate().accessibleEvents
        let update = session.runBatch(at: 100, on: &saver)
        #expect(session.notice == failure)
        #expect(update.accessibleEvents == [AccessibleEvent(.window, .announcement(failure!))])
        let drawn = session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height))
        #expect(drawn.items.contains { if case .text(let run) = $0 { run.text == failure } else { false } })
        failure = nil
        session.handle(.keyPress(KeyPress(typing: "d")))
        _ = session.runBatch(at: 200, on: &saver)
        #expect(session.notice == nil)
    }

    @Test func passwordsAreNeverSaved() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        var saved: [JSONValue] = []
        session.autosave(after: 100)
        var saver = DraftSaver { saved.append($0); return nil }
        try session.focus(id: "pin")
        session.handle(.paste("hunter2"))
        try session.focus(id: "name")
        session.handle(.paste("Ada"))
        _ = session.runBatch(at: 1_000, on: &saver)
        #expect(saved.last?["pin"] == nil)
        #expect(saved.last?["name"] == .string("Ada"))
        #expect(session.valuesWithoutPasswords == .object([("name", .string("Ada")), ("years", .string("0")), ("skills", .array([]))]))
    }

    @Test func valuesGoBackIntoTheForm() throws {
        var form = try makeForm(Self.form)
        try form.prefill("name", with: .string("Ada"))
        try form.prefill("years", with: .string("2"))  // inside a section
        try form.prefill("skills", with: .string("Swift|X11"))
        try form.prefill("pin", with: .string("1234"))
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        #expect(session.values == .object([("name", .string("Ada")), ("pin", .string("1234")), ("years", .string("2")),
                                           ("skills", .array([.string("Swift"), .string("X11")]))]))
        try form.prefill("skills", with: .array([.string("a|b")]))
        #expect(form.fields[3].tokens == ["a|b"])
    }

    @Test(arguments: [
        ("nope", JSONValue.string("x"), #"no field "nope""#),
        ("go", .string("x"), #""go" has no value"#),
        ("s", .string("x"), #""s" has no value"#),
        ("years", .string("9"), #""9" is not one of the options of "years": 0, 1, 2"#),
        ("name", .array([]), #""name" takes text"#),
        ("skills", .number(1), #""skills" takes text or a list of text"#),
    ])
    func badValuesSayWhy(id: String, value: JSONValue, message: String) throws {
        var form = try makeForm(Self.form)
        #expect(throws: PrefillError(message)) { try form.prefill(id, with: value) }
    }

    @Test(arguments: [
        ("ar_EG.UTF-8", Direction.rtl), ("he_IL", .rtl), ("fa", .rtl), ("ur_PK.utf8", .rtl), ("yi_US", .rtl),
        ("ckb_IQ.UTF-8", .rtl), ("ps_AF", .rtl), ("en_US.UTF-8", .ltr), ("C", .ltr), ("POSIX", .ltr), ("", .ltr),
        ("de_DE@euro", .ltr), ("arn_CL", .ltr), ("AR_EG.UTF-8", .rtl), ("He-IL", .rtl), ("EN", .ltr),
    ])
    func theLocaleGivesTheDirection(locale: String, direction: Direction) {
        #expect(Direction(locale: locale) == direction)
    }

    @Test func theLocaleDirectionIsTheDefaultAndTheFileWins() throws {
        #expect(try FormFile.parse("{}", fileName: "f", direction: .rtl).direction == .rtl)
        #expect(try FormFile.parse(#"{"direction": "ltr"}"#, fileName: "f", direction: .rtl).direction == .ltr)
    }
}
