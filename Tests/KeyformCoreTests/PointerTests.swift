import KeyformCore
import Testing

/// One hit test per press: dismissal that never eats the click, the scroll bar, the wheel.
@Suite("Pointer") struct PointerTests {
    static let form = #"""
        {"size": {"width": 400, "height": 300}, "fields": [{"id": "a", "type": "text"}, {"id": "p", "type": "picker", "options": ["x", "y"]},
         {"id": "b", "type": "text"}, {"id": "c", "type": "text"}, {"id": "d", "type": "text"}, {"id": "e", "type": "text"},
         {"id": "go", "type": "button", "label": "Go", "action": "submit"}]}
        """#

    func session() throws -> FormSession { FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer()) }

    @Test func pressOnThePickerWhileEditingEndsEditingAndOpensItInOneClick() throws {
        let reports = try replay(makeForm(Self.form), ["type:hi", "click:p"])
        #expect(reports[1]["editing"] == .null)
        #expect(reports[1]["focus"] == .string("p"))
        #expect(reports[1]["overlay"]?["kind"] == .string("picker"))
        #expect(reports[1]["values"]?["a"] == .string("hi"))
    }

    @Test func pressOutsideAnOpenListClosesItWithoutActivatingWhatIsUnder() throws {
        let reports = try replay(makeForm(Self.form), ["click:p", "click:b"])
        #expect(reports[1]["overlay"] == .null)
        #expect(reports[1]["focus"] == .string("p"))
    }

    @Test func doubleClickSelectsAWordAndKeepsEditing() throws {
        let s = try session()
        let a = try #require(s.controlFrame(of: "a"))
        let reports = try replay(makeForm(Self.form), ["type:hello world", "dblclick:\(Int(a.minX) + 8 + 8 * 8),\(Int(a.midY))"])
        #expect(reports[1]["editing"] == .string("a"))
        #expect(reports[1]["selection"] == .array([.number(6), .number(11)]))
    }

    @Test func dragFromInsideSelectsAndNeverDismisses() throws {
        let s = try session()
        let a = try #require(s.controlFrame(of: "a"))
        let reports = try replay(makeForm(Self.form), ["type:hello", "drag:\(Int(a.minX) + 8),\(Int(a.midY)):\(Int(a.maxX) + 40),\(Int(a.maxY) + 60)"])
        #expect(reports[1]["editing"] == .string("a"))
        #expect(reports[1]["selection"] == .array([.number(0), .number(5)]))
    }

    @Test func buttonFiresOnReleaseInsideOnly() throws {
        let s = try session()
        try s.focus(id: "go")  // scrolls it into view
        let go = try #require(s.controlFrame(of: "go"))
        s.handle(.pointerPress(.primary, at: go.center, modifiers: [], clickCount: 1))
        s.handle(.pointerRelease(.primary, at: Point(x: go.minX - 30, y: go.midY)))
        #expect(s.result == nil)
        s.handle(.pointerPress(.primary, at: go.center, modifiers: [], clickCount: 1))
        s.handle(.pointerRelease(.primary, at: go.center))
        #expect(s.result != nil)
    }

    @Test func wheelScrollsWithoutMovingFocusAndStaysInBounds() throws {
        let reports = try replay(makeForm(Self.form), ["wheel:48", "wheel:100000", "wheel:-100000"])
        #expect(reports[0]["focus"] == .string("a"))
        #expect(reports[0]["editing"] == .string("a"))
        #expect(reports[0]["scroll"]?["y"] == .number(48))
        #expect(reports[2]["scroll"]?["y"] == .number(0))
        guard case .number(let bottom)? = reports[1]["scroll"]?["y"] else { Issue.record("no scroll"); return }
        #expect(bottom > 48 && bottom < 1000)
    }

    @Test func draggingTheScrollBarThumbScrollsAndDoesNotDismiss() throws {
        let s = try session()
        s.handle(.pointerPress(.primary, at: Point(x: 394, y: 10), modifiers: [], clickCount: 1))
        s.handle(.pointerMotion(at: Point(x: 394, y: 400)))
        s.handle(.pointerRelease(.primary, at: Point(x: 394, y: 400)))
        #expect(s.scrollOffset.y == s.maxScroll)
        #expect(s.editingID == "a")
    }

    @Test func aDeadKeyShowsItsPreeditAndTheComposedLetterReplacesIt() throws {
        let s = try session()
        var dead = KeyPress(key: Key(0xfe51), composing: true)
        dead.preedit = "´"
        s.handle(.keyPress(dead))
        #expect(s.preedit == "´")
        s.handle(.keyPress(KeyPress(key: .returnKey)))  // still composing? no: a plain key ends the preedit
        #expect(s.preedit == "")
    }
}

@Suite("Paste arrival") struct PasteArrivalTests {
    @Test func aPasteThatArrivesAfterFocusMovedIsDroppedNotTypedElsewhere() throws {
        let session = FormSession(form: try makeForm(#"{"fields": [{"id": "a", "type": "text"}, {"id": "b", "type": "text"}]}"#),
                                  measurer: FixedWidthMeasurer())
        var runner = ReplayRunner(session: session, keys: TestKeys())
        _ = try runner.run(ReplayEvent.key(name: "v", modifiers: .control))
        #expect(runner.lastUpdate.requests == [.paste(.clipboard)])
        _ = try runner.run(ReplayEvent.key(name: "Tab", modifiers: []))
        session.handle(InputEvent.paste("late"))
        #expect(session.text(of: "b") == "")
        #expect(session.text(of: "a") == "")
        session.handle(InputEvent.paste("asked for by nobody"))  // replay's paste: goes to the field being edited
        #expect(session.text(of: "b") == "asked for by nobody")
    }
}
