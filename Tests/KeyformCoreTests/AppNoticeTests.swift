import KeyformCore
import Testing

/// What the app hears of a running form (`AppNotice`): carried in the batch's update, in order,
/// and told to its hook only after the batch's events (docs/architecture.md › Host contract).
@Suite("App notices") struct AppNoticeTests {
    static let form = #"""
        {"size": {"width": 400, "height": 300}, "fields": [{"id": "a", "type": "text", "label": "_Alpha"},
         {"id": "b", "type": "text", "label": "_Beta"}, {"id": "c", "type": "text", "label": "_Gamma"}]}
        """#

    /// One step of a case: a replay event, one batch of its own, or a change of the program's,
    /// made as the library makes one (`noticingChanges`) and followed by an update.
    enum Step: Sendable {
        case event(String)
        case setValue(String, of: String)
        case focus(String)
    }

    /// An app whose hook, told that `changed` changed, sets `target` to `changed`'s text in capitals.
    struct Capitals: Sendable {
        var changed: String
        var target: String
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [Step]
        var app: Capitals?
        var notices: [AppNotice]
        var values: [String: String] = [:]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "typing: a notice a letter", steps: [.event("type:hi")], notices: [.valueChanged("a"), .valueChanged("a")]),
        Case(name: "Tab", steps: [.event("Tab")], notices: [.focusChanged(from: "a", to: "b")]),
        Case(name: "shift+Tab wraps", steps: [.event("shift+Tab")], notices: [.focusChanged(from: "a", to: "c")]),
        Case(name: "a mnemonic", steps: [.event("alt+g")], notices: [.focusChanged(from: "a", to: "c")]),
        Case(name: "typed, then Tab: in order", steps: [.event("type:x"), .event("Tab")],
             notices: [.valueChanged("a"), .focusChanged(from: "a", to: "b")]),
        Case(name: "the program's setValue", steps: [.setValue("x", of: "b")], notices: [.valueChanged("b")]),
        Case(name: "the program's same value changes nothing", steps: [.setValue("", of: "b")], notices: []),
        Case(name: "the program's focus", steps: [.focus("c")], notices: [.focusChanged(from: "a", to: "c")]),
        Case(name: "a hook sets its own field's value", steps: [.event("type:x")], app: Capitals(changed: "a", target: "a"),
             notices: [.valueChanged("a"), .valueChanged("a")], values: ["a": "X"]),
        Case(name: "a hook sets another's", steps: [.event("type:x")], app: Capitals(changed: "a", target: "b"),
             notices: [.valueChanged("a"), .valueChanged("b")], values: ["a": "x", "b": "X"]),
        Case(name: "a hook's change after the batch's own", steps: [.event("type:xy")], app: Capitals(changed: "a", target: "a"),
             notices: [.valueChanged("a"), .valueChanged("a"), .valueChanged("a")], values: ["a": "XY"]),
    ]

    /// Each step's update carries what the app heard of, in order; the hook heard exactly
    /// those, and its own changes are in them.
    @Test(arguments: cases)
    func theUpdateCarriesTheNoticesInOrder(_ example: Case) throws {
        var runner = ReplayRunner(session: FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer()), keys: TestKeys())
        let session = runner.session
        _ = session.takeUpdate()
        final class Heard { var notices: [AppNotice] = [] }
        let heard = Heard()
        session.hooks.tell = { [unowned session] notice in
            heard.notices.append(notice)
            guard let app = example.app, notice == .valueChanged(app.changed) else { return }
            try? session.setValue(.string((session.text(of: app.changed) ?? "").uppercased()), of: app.target)
        }
        var carried: [AppNotice] = []
        for step in example.steps {
            switch step {
            case .event(let line):
                _ = try runner.run(try ReplayEvent(parsing: line))
                carried += runner.lastUpdate.appNotices
            case let .setValue(value, id):
                try session.noticingChanges { () throws(PrefillError) in try session.setValue(.string(value), of: id) }
                carried += session.takeUpdate().appNotices
            case .focus(let id):
                try session.noticingChanges { () throws(FormSession.ProgramError) in try session.focus(id: id) }
                carried += session.takeUpdate().appNotices
            }
        }
        #expect(carried == example.notices)
        #expect(heard.notices == example.notices)
        for (id, value) in example.values { #expect(session.text(of: id) == value, "\(id)") }
    }

    /// What happened, in order: a key handled, or the app told.
    enum Entry: Equatable {
        case handled(Key)
        case told(AppNotice)
    }

    final class Log { var entries: [Entry] = [] }

    /// A host whose input is key presses, each logged once the session has handled it.
    struct LoggingHost: SessionHost {
        var presses: [KeyPress]
        let log: Log

        mutating func deliverInput(to session: FormSession) {
            for press in presses {
                session.handle(.keyPress(press))
                log.entries.append(.handled(press.key))
            }
            presses = []
        }

        func perform(_ request: PlatformRequest, for session: FormSession) {}
    }

    /// The hook runs once every event of the batch is handled, never during one; what it
    /// changes is drawn in the same update, and listed after the batch's own notices.
    @Test func aHostsBatchTellsTheAppAfterItsEvents() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        _ = session.takeUpdate()
        let log = Log()
        session.hooks.tell = { [unowned session] notice in
            log.entries.append(.told(notice))
            if notice == .valueChanged("a") { try? session.setValue(.string("from a"), of: "c") }
        }
        let x = KeyPress(typing: "x")
        var host = LoggingHost(presses: [x, KeyPress(key: .tab)], log: log)
        let update = session.runBatch(at: 0, on: &host)
        #expect(log.entries == [.handled(x.key), .handled(.tab),
                                .told(.valueChanged("a")), .told(.focusChanged(from: "a", to: "b")), .told(.valueChanged("c"))])
        #expect(update.appNotices == [.valueChanged("a"), .focusChanged(from: "a", to: "b"), .valueChanged("c")])
        let c = try #require(session.controlFrame(of: "c"))
        #expect(update.repaints.contains { $0.intersects(c) }, "the hook's change is drawn with the batch")
        #expect(session.takeUpdate().appNotices.isEmpty, "told once")
    }

    /// Told nothing while a change runs: a change made inside a hook or an app's action is told by
    /// the loop outside it, so `tellApp` from inside one tells nothing.
    @Test func noTellingDuringAChange() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        final class Heard { var notices: [AppNotice] = [] }
        let heard = Heard()
        session.hooks.tell = { heard.notices.append($0) }
        let toldInside = try session.noticingChanges { () throws(PrefillError) -> Bool in
            try session.setValue(.string("x"), of: "b")
            return session.tellApp()
        }
        #expect(!toldInside && heard.notices.isEmpty)
        #expect(session.tellApp())
        #expect(heard.notices == [.valueChanged("b")])
    }
}
