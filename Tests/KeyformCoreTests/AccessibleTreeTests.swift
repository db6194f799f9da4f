import KeyformCore
import Testing

/// The accessible tree a screen reader gets (docs/architecture.md › Accessibility): a dialog named
/// by the title, the form's panel, a node per shown field with the role, name, description and
/// states its kind gives, and the parts some kinds are made of.
@Suite("Accessible tree") struct AccessibleTreeTests {
    struct Kind: Sendable, CustomTestStringConvertible {
        var field: String
        var role: AccessibleRole
        var name: String
        var description = ""
        var placeholder = ""
        var states: Set<AccessibleState> = []
        var absent: Set<AccessibleState> = []
        var actions: [String] = ["activate"]
        var keyBinding: String? = nil
        /// The roles of its parts, depth first.
        var parts: [AccessibleRole] = []
        var testDescription: String { "\(role.rawValue): \(field.prefix(40))" }
    }

    static let kinds: [Kind] = [
        Kind(field: #"{"id": "f", "type": "text", "label": "_Name", "placeholder": "Ada", "required": true}"#, role: .entry, name: "Name",
             placeholder: "Ada", states: [.editable, .singleLine, .required, .focusable, .enabled, .showing], keyBinding: "Alt+N"),
        Kind(field: #"{"id": "f", "type": "email", "label": "E-mail"}"#, role: .entry, name: "E-mail", states: [.editable, .singleLine]),
        Kind(field: #"{"id": "f", "type": "number", "label": "_Age", "min": 0, "max": 120}"#, role: .entry, name: "Age",
             states: [.editable], keyBinding: "Alt+A"),
        Kind(field: #"{"id": "f", "type": "text", "label": "Code", "readOnly": true, "value": "X1"}"#, role: .entry, name: "Code",
             states: [.readOnly, .selectableText], absent: [.editable]),
        Kind(field: #"{"id": "f", "type": "text", "placeholder": "Search"}"#, role: .entry, name: "Search"),
        Kind(field: #"{"id": "f", "type": "password", "label": "_PIN"}"#, role: .passwordText, name: "PIN", states: [.editable],
             keyBinding: "Alt+P"),
        Kind(field: #"{"id": "f", "type": "textarea", "label": "N_otes"}"#, role: .entry, name: "Notes", states: [.multiLine],
             absent: [.singleLine], keyBinding: "Alt+O"),
        Kind(field: #"{"id": "f", "type": "date", "label": "_Start"}"#, role: .entry, name: "Start", states: [.expandable, .hasPopup],
             absent: [.expanded], keyBinding: "Alt+S"),
        Kind(field: #"{"id": "f", "type": "picker", "label": "_Years", "options": ["0", "1"]}"#, role: .comboBox, name: "Years",
             states: [.expandable, .hasPopup], absent: [.expanded], actions: ["press"], keyBinding: "Alt+Y",
             parts: [.list, .listItem, .listItem]),
        Kind(field: #"{"id": "f", "type": "tokens", "label": "S_kills", "value": ["C", "Swift"]}"#, role: .panel, name: "Skills",
             keyBinding: "Alt+K", parts: [.list, .listItem, .listItem, .entry]),
        Kind(field: #"{"id": "f", "type": "checkbox", "label": "I _agree", "value": true}"#, role: .checkBox, name: "I agree",
             states: [.checkable, .checked], actions: ["toggle"], keyBinding: "Alt+A"),
        Kind(field: #"{"id": "f", "type": "radio", "label": "_Seat", "options": ["Aisle", "Window"]}"#, role: .panel, name: "Seat",
             keyBinding: "Alt+S", parts: [.radioButton, .radioButton]),
        Kind(field: #"{"id": "f", "type": "button", "label": "_Send", "action": "submit"}"#, role: .pushButton, name: "Send",
             actions: ["press"], keyBinding: "Alt+S"),
        Kind(field: #"{"id": "f", "type": "label", "label": "Read _this"}"#, role: .label, name: "Read _this", absent: [.focusable],
             actions: []),
        Kind(field: #"{"id": "f", "type": "section", "label": "Address", "fields": [{"id": "g", "type": "text", "label": "City"}]}"#,
             role: .panel, name: "Address", absent: [.focusable], actions: []),
    ]

    @Test(arguments: kinds)
    func eachKindDescribesItself(_ kind: Kind) throws {
        let runner = try listening(#"{"title": "T", "fields": [{"id": "first", "type": "button", "label": "First"}, \#(kind.field)]}"#)
        let node = try runner.node("f")
        #expect(node.role == kind.role)
        #expect(node.name == kind.name)
        #expect(node.description == kind.description)
        #expect(node.placeholder == kind.placeholder)
        #expect(node.states.isSuperset(of: kind.states), "states \(node.states.sorted())")
        #expect(node.states.isDisjoint(with: kind.absent), "states \(node.states.sorted())")
        #expect(node.actions.map(\.name) == kind.actions)
        #expect(node.keyBinding == kind.keyBinding)
        #expect(node.actions.first?.keyBinding == kind.keyBinding)
        func roles(_ node: AccessibleNode) -> [AccessibleRole] { node.parts.flatMap { [$0.role] + roles($0) } }
        #expect(roles(node) == kind.parts)
    }

    @Test func theWindowHoldsTheFormWhichHoldsTheShownFields() throws {
        let runner = try listening(#"""
            {"title": "Job", "fields": [{"id": "a", "type": "text", "label": "A"}, {"id": "b", "type": "text", "label": "B", "hidden": true},
             {"id": "s", "type": "section", "label": "S", "fields": [{"id": "c", "type": "text", "label": "C"}]}]}
            """#)
        let session = runner.session
        #expect(session.accessibleNode(.window)?.role == .dialog)
        #expect(session.accessibleNode(.window)?.name == "Job")
        #expect(session.accessibleNode(.window)?.states.contains(.active) == true)
        #expect(session.accessibleChildren(of: .window) == [.form])
        #expect(session.accessibleChildren(of: .form).map(session.accessibleName) == ["a", "s"])
        let section = try #require(session.accessibleID(of: "s"))
        let city = try #require(session.accessibleID(of: "c"))
        #expect(session.accessibleChildren(of: section) == [city])
        #expect(session.accessibleParent(of: city) == section)
        #expect(session.accessibleParent(of: section) == .form)
        #expect(session.accessibleIndex(of: section) == 1)
        #expect(session.accessibleNode(try #require(session.accessibleID(of: "b"))) == nil)
        #expect(session.accessibleFocus == session.accessibleID(of: "a"))
    }

    /// The form's text (its top-level labels, `--text`) describes the window; a section's label does not.
    @Test func theFormsTextDescribesTheWindow() throws {
        let runner = try listening(#"""
            {"title": "Job", "fields": [{"id": "t", "type": "label", "label": "Tell us"}, {"id": "a", "type": "text", "label": "A"},
             {"id": "u", "type": "label", "label": "more"},
             {"id": "s", "type": "section", "label": "S", "fields": [{"id": "l", "type": "label", "label": "inside"}]}]}
            """#)
        let session = runner.session
        #expect(session.accessibleNode(.window)?.description == "Tell us more")
        #expect(session.accessibleFormText.map(session.accessibleName) == ["t", "u"])
        #expect(session.isAccessibleFormText(try #require(session.accessibleID(of: "t"))))
        #expect(!session.isAccessibleFormText(try #require(session.accessibleID(of: "l"))))
        #expect(!session.isAccessibleFormText(try #require(session.accessibleID(of: "a"))))
    }

    /// Only bullets reach a screen reader: the tree, the events, and the text it reads.
    @Test func aPasswordIsNeverRevealed() throws {
        var runner = try listening(#"{"fields": [{"id": "pin", "type": "password", "label": "PIN", "value": "hunter2"}]}"#)
        let typed = try runner.announced(["End", "type:42", "BackSpace"])
        let tree = runner.session.accessibleTreeJSON().serialized
        #expect(!tree.contains("hunter") && !tree.contains("424"))
        #expect(try runner.node("pin").text?.string == String(repeating: "•", count: 8))
        #expect(typed == ["text-changed:delete pin 8 •", "text-caret-moved pin 8"])
    }

    /// 10,000 fields: the form's panel lists them by id, a field deep in the form is made only
    /// when it is asked for, and Tab tells of two objects, not of the form.
    @Test func tenThousandFieldsAreServedOneByOne() throws {
        var runner = try listening(textFields((0..<10_000).map { "f\($0)" }))
        let session = runner.session
        #expect(session.accessibleChildren(of: .form).count == 10_000)
        let last = try #require(session.accessibleID(of: "f9999"))
        #expect(session.accessibleNode(last)?.name == "f9999")
        #expect(session.accessibleIndex(of: last) == 9_999)
        #expect(try runner.announced(["Tab"]) == ["state-changed:focused f0 false", "state-changed:focused f1 true"])
        #expect(try runner.announced(["hide:f5000"]) == ["children-changed:remove form 5000 f5000"])
        #expect(session.accessibleChildren(of: .form).count == 9_999)
    }

    /// Text offsets count scalars, as AT-SPI's do, where the editor counts graphemes.
    @Test func textOffsetsCountScalars() throws {
        var runner = try listening(#"{"fields": [{"id": "t", "type": "text", "label": "T", "value": "e\u0301te\u0301"}]}"#)
        _ = try runner.announced(["End", "Left"])
        let text = try #require(try runner.node("t").text)
        #expect(text.count == 5)
        #expect(text.caret == 3)
        #expect(text.range(at: 1, .word) == 0..<5)
        #expect(text.slice(from: 2, to: -1) == "te\u{301}")
    }

    @Test(arguments: [
        ("one two  three", 5, AccessibleText.Granularity.word, 4..<7),
        ("one two  three", 7, .word, 4..<7),
        ("one two  three", 8, .word, 4..<7),
        ("one two", 0, .character, 0..<1),
        ("a\nbc\nd", 3, .line, 2..<5),
        ("a\nbc\nd", 6, .line, 5..<6),
        ("Hi. You? Yes", 5, .sentence, 4..<9),
        ("Hi. You? Yes", 1, .sentence, 0..<4),
    ] as [(String, Int, AccessibleText.Granularity, Range<Int>)])
    func unitsOfText(_ text: String, offset: Int, granularity: AccessibleText.Granularity, range: Range<Int>) throws {
        let json = #"{"fields": [{"id": "t", "type": "textarea", "label": "T"}]}"#
        var runner = try listening(json)
        _ = try runner.announced(["paste:" + text])
        let shown = try #require(try runner.node("t").text)
        #expect(shown.range(at: offset, granularity) == range)
    }

    @Test func theShortcutsOverlayIsAListOfItsCommands() throws {
        var runner = try listening(#"{"fields": [{"id": "a", "type": "text", "label": "A"}], "commands": [{"key": "ctrl+Return", "action": "submit", "title": "Submit the form"}]}"#)
        #expect(try runner.announced(["F1"]) == [
            "children-changed:add window 1 overlay", "state-changed:focused a false", "state-changed:focused overlay true",
        ])
        let overlay = try #require(runner.session.accessibleNode(.overlay))
        #expect(overlay.role == .list)
        #expect(overlay.name == "Keyboard shortcuts")
        #expect(overlay.parts.map(\.role).allSatisfy { $0 == .listItem })
        #expect(overlay.parts.contains { $0.name == "Submit the form: Ctrl+Return" })
        #expect(try runner.announced(["Escape"]) == [
            "children-changed:remove window 1 overlay", "state-changed:focused overlay false", "state-changed:focused a true",
        ])
    }
}
