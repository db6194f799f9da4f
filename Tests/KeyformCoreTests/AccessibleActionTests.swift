import KeyformCore
import Testing

/// What a screen reader does through the bus (AT-SPI's Action, EditableText, Text, Selection,
/// Value, Component): the same changes a person's keys make, announced the same way.
@Suite("Accessible actions") struct AccessibleActionTests {
    static let form = #"""
    {"size": {"width": 500, "height": 900},
     "fields": [{"id": "name", "type": "text", "label": "_Name", "required": true},
                {"id": "code", "type": "text", "label": "Code", "readOnly": true, "value": "X1"},
                {"id": "age", "type": "number", "label": "Age", "min": 0, "max": 120},
                {"id": "years", "type": "picker", "label": "_Years", "options": ["0", "1", "5"], "value": "0"},
                {"id": "lead", "type": "text", "label": "_Lead", "showWhen": {"field": "years", "in": ["5"]}},
                {"id": "skills", "type": "tokens", "label": "S_kills", "value": ["C", "Swift"]},
                {"id": "seat", "type": "radio", "label": "Sea_t", "options": ["Aisle", "Window"]},
                {"id": "pin", "type": "password", "label": "_PIN"},
                {"id": "go", "type": "button", "label": "_Go", "action": "submit"}]}
    """#

    func id(_ runner: ReplayRunner, _ field: String, _ part: [Int] = []) throws -> AccessibleID {
        AccessibleID(try #require(runner.session.accessibleID(of: field)).object, part: part)
    }

    @Test func pressingTheButtonSubmitsOrSaysWhyNot() throws {
        let runner = try listening(Self.form)
        let session = runner.session
        #expect(session.performAccessibleAction("press", on: try id(runner, "go")))
        #expect(session.result == nil)
        #expect(session.takeUpdate().accessibleEvents.map(runner.line).contains("announcement name Name is required"))
        #expect(session.editAccessibleText(of: try id(runner, "name"), replacing: nil, with: "Ada"))
        #expect(session.performAccessibleAction("press", on: try id(runner, "go")))
        #expect(session.result == .submitted(session.submittedValues))
        #expect(session.values["name"] == .string("Ada"))
        #expect(!session.performAccessibleAction("press", on: try id(runner, "go")), "a finished form does nothing more")
    }

    @Test func editableTextEditsAndIsAnnounced() throws {
        let runner = try listening(Self.form)
        let session = runner.session, name = try id(runner, "name")
        #expect(session.editAccessibleText(of: name, replacing: nil, with: "Grace"))
        #expect(session.editAccessibleText(of: name, replacing: 0..<0, with: "Ms "))
        #expect(session.editAccessibleText(of: name, replacing: 3..<4, with: ""))
        #expect(session.values["name"] == .string("Ms race"))
        #expect(session.takeUpdate().accessibleEvents.map(runner.line) == [
            "text-changed:insert name 0 Grace", "text-caret-moved name 5",
            "text-changed:insert name 0 Ms ", "text-caret-moved name 3",
            "text-changed:delete name 3 G",
        ])
        #expect(session.selectAccessibleText(of: name, anchor: 1, caret: 4))
        #expect(session.accessibleNode(name)?.text?.selection == 1..<4)
        #expect(session.accessibleNode(name)?.text?.caret == 4)
        #expect(!session.editAccessibleText(of: try id(runner, "code"), replacing: nil, with: "Y"), "read-only")
        #expect(session.values["code"] == .string("X1"))
        #expect(!session.editAccessibleText(of: try id(runner, "go"), replacing: nil, with: "Y"), "a button has no text")
    }

    /// A screen reader may type a password in; it never reads one out or copies it.
    @Test func aPasswordIsWrittenButNeverRead() throws {
        let runner = try listening(Self.form)
        let session = runner.session, pin = try id(runner, "pin")
        #expect(session.editAccessibleText(of: pin, replacing: nil, with: "s3cret"))
        #expect(session.values["pin"] == .string("s3cret"))
        #expect(session.accessibleNode(pin)?.text?.string == "••••••")
        #expect(!session.copyAccessibleText(of: pin, range: 0..<6))
        let update = session.takeUpdate()
        #expect(update.requests.isEmpty)
        #expect(update.accessibleEvents.map(runner.line) == ["text-changed:insert pin 0 ••••••", "text-caret-moved pin 6"])
        #expect(session.copyAccessibleText(of: try id(runner, "code"), range: 0..<1))
        #expect(session.takeUpdate().requests == [.setSelection(.clipboard, "X")])
    }

    @Test func selectionChoosesAnOption() throws {
        let runner = try listening(Self.form)
        let session = runner.session
        #expect(session.chooseAccessibleChild(2, of: try id(runner, "years")))
        #expect(session.values["years"] == .string("5"))
        #expect(session.accessibleNode(try id(runner, "years"))?.chosen == [2])
        #expect(session.takeUpdate().accessibleEvents.map(runner.line).prefix(2) == ["children-changed:add form 4 lead", "selection-changed years"])
        #expect(session.chooseAccessibleChild(1, of: try id(runner, "years", [0])))
        #expect(session.values["years"] == .string("1"))
        #expect(session.chooseAccessibleChild(1, of: try id(runner, "seat")))
        #expect(session.values["seat"] == .string("Window"))
        #expect(!session.chooseAccessibleChild(7, of: try id(runner, "seat")))
        #expect(!session.chooseAccessibleChild(0, of: try id(runner, "name")), "an entry chooses nothing")
    }

    @Test func aTokenIsRemovedByItsAction() throws {
        let runner = try listening(Self.form)
        let session = runner.session
        #expect(try runner.node("skills", part: [0, 1]).actions.map(\.name) == ["remove"])
        #expect(session.performAccessibleAction("remove", on: try id(runner, "skills", [0, 0])))
        #expect(session.values["skills"] == .array([.string("Swift")]))
        #expect(session.takeUpdate().accessibleEvents.map(runner.line) == ["children-changed:remove skills/0 0 skills/0/0",
                                                                    "property-change:accessible-description skills/1 “C” removed. 1 token"])
        #expect(!session.performAccessibleAction("remove", on: try id(runner, "skills", [0, 5])))
    }

    @Test func grabFocusValueAndHitTest() throws {
        let runner = try listening(Self.form)
        let session = runner.session, age = try id(runner, "age")
        #expect(session.focusAccessible(age))
        #expect(session.focusedID == "age")
        #expect(session.takeUpdate().accessibleEvents.map(runner.line) == ["state-changed:focused name false", "state-changed:focused age true"])
        #expect(session.setAccessibleValue(of: age, to: 42))
        #expect(session.values["age"] == .string("42"))
        #expect(session.accessibleNode(age)?.value == AccessibleValue(current: 42, minimum: 0, maximum: 120, increment: 1))
        #expect(!session.setAccessibleValue(of: try id(runner, "name"), to: 1), "a text field has no number")
        let frame = try #require(session.controlFrame(of: "years"))
        #expect(session.accessibleObject(at: frame.center) == (try id(runner, "years")))
        #expect(session.accessibleObject(at: Point(x: -5, y: -5)) == .window)
        #expect(!session.focusAccessible(try id(runner, "lead")), "a hidden field")
    }
}
