import KeyformCore
import Testing

/// The host contract (docs/architecture.md › Host contract): a batch runs through
/// `FormSession.runBatch`, and everything the host needs comes out as one `SessionUpdate`.
@Suite("Host contract") struct SessionHostTests {
    static let form = #"""
        {"size": {"width": 400, "height": 300}, "fields": [{"id": "a", "type": "text"}, {"id": "b", "type": "text"},
         {"id": "go", "type": "button", "label": "Go", "action": "submit"}]}
        """#

    /// A host whose input is a list of events, and whose clipboard is one string that it hands
    /// back at once when asked to paste, as a window owning the selection does.
    struct ListHost: SessionHost {
        var events: [InputEvent]
        var clipboard = ""
        var performed: [PlatformRequest] = []

        mutating func deliverInput(to session: FormSession) {
            for event in events { session.handle(event) }
            events = []
        }

        mutating func perform(_ request: PlatformRequest, for session: FormSession) {
            performed.append(request)
            switch request {
            case .setSelection(.clipboard, let text): clipboard = text
            case .paste(.clipboard): session.handle(.paste(clipboard))
            default: break
            }
        }
    }

    func press(_ key: Key, _ text: String = "", _ modifiers: Modifiers = []) -> InputEvent {
        .keyPress(KeyPress(key: key, text: text, modifiers: modifiers))
    }

    /// Copy, then paste in another field: the paste's answer comes in the same batch, and the
    /// update lists both requests, in order, with the repaints of the pasted text.
    @Test func aBatchsRequestsAndTheirAnswersAreOneUpdate() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        _ = session.takeUpdate()
        var host = ListHost(events: "Ada".map { .keyPress(KeyPress(typing: $0)) }
            + [press(Key(0x61), "a", .control), press(Key(0x63), "c", .control), press(.tab), press(Key(0x76), "v", .control)])
        let update = session.runBatch(at: 10, on: &host)
        #expect(host.performed == [.setSelection(.primary, "Ada"), .setSelection(.clipboard, "Ada"), .paste(.clipboard)])
        #expect(update.requests == host.performed)
        #expect(session.text(of: "b") == "Ada")
        let b = try #require(session.controlFrame(of: "b"))
        #expect(update.repaints.contains { $0.intersects(b) })
        #expect(update.result == nil)
        let after = session.takeUpdate()
        #expect(after.repaints.isEmpty && after.requests.isEmpty, "the update took everything")
    }

    /// The cursor comes only when the pointer moved, shaped by what is under it.
    @Test(arguments: [("a", CursorShape.text), ("go", .arrow)])
    func theCursorFollowsThePointer(over id: String, shape: CursorShape) throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        var host = ListHost(events: [press(.tab)])
        #expect(session.runBatch(at: 0, on: &host).cursor == nil)
        host.events = [.pointerMotion(at: try #require(session.controlFrame(of: id)).center)]
        #expect(session.runBatch(at: 0, on: &host).cursor == shape)
    }

    /// The clock moves first, so what fell due fires in the batch, and the update says when the
    /// next is due; the result ends it.
    @Test func theClockTheDeadlineAndTheResult() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        var host = ListHost(events: [])
        let first = session.runBatch(at: 100, on: &host)
        let deadline = try #require(first.nextDeadline, "the caret blinks in the focused field")
        #expect(deadline > 100)
        let blink = session.runBatch(at: deadline, on: &host)
        #expect(!blink.repaints.isEmpty, "the caret blinked off")
        host.events = [press(.returnKey, "", .control)]
        #expect(session.runBatch(at: deadline, on: &host).result == .submitted(session.values))
    }
}
