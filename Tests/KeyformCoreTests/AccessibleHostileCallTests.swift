import KeyformCore
import Testing

/// What any program on the accessibility bus may ask of the tree: objects that never were, that
/// are gone, arguments at their extremes (issue #62). Nothing traps, nothing unknown is answered
/// as if it were there, and nothing changes that the form would not let a person change.
@Suite("Accessible calls from another program") struct AccessibleHostileCallTests {
    static let form = #"""
    {"fields": [{"id": "name", "type": "text", "label": "Name"},
                {"id": "off", "type": "text", "label": "Off", "disabled": true, "value": "kept"},
                {"id": "age", "type": "number", "label": "Age", "min": 0, "max": 120, "value": "7"},
                {"id": "free", "type": "number", "label": "Free"},
                {"id": "skills", "type": "tokens", "label": "Skills", "value": ["C", "Swift"]},
                {"id": "go", "type": "button", "label": "Go", "action": "submit"}]}
    """#

    /// Fields one past the last, far past it, negative; parts past the end; parts of the window.
    static let unknown: [AccessibleID] = [
        .field(6), .field(7), .field(Int.max), .field(-1), .field(Int.min), .field(0, part: [0]), .field(4, part: [0, 2]),
        .field(4, part: [9]), .field(4, part: [0, Int.max]), .field(4, part: [0, 0, 0]), AccessibleID(.window, part: [5]),
        AccessibleID(.form, part: [0]), .overlay,
    ]

    @Test(arguments: unknown)
    func anObjectThatIsNotThereIsNothing(_ id: AccessibleID) throws {
        let runner = try listening(Self.form)
        let session = runner.session
        #expect(session.accessibleNode(id) == nil)
        #expect(session.accessibleChildren(of: id).isEmpty)
        #expect(session.accessibleIndex(of: id) == nil)
        _ = session.accessibleName(of: id)
        #expect(!session.performAccessibleAction("remove", on: id))
        #expect(!session.performAccessibleAction("press", on: id))
        #expect(!session.editAccessibleText(of: id, replacing: nil, with: "x"))
        #expect(!session.selectAccessibleText(of: id, anchor: 0, caret: 1))
        #expect(!session.copyAccessibleText(of: id, range: 0..<1))
        #expect(!session.setAccessibleValue(of: id, to: 1))
        #expect(!session.focusAccessible(id))
        #expect(!session.chooseAccessibleChild(0, of: id))
        #expect(session.values["skills"] == .array([.string("C"), .string("Swift")]))
        #expect(session.result == nil)
    }

    /// The parent of a field that never was is nothing; of a part that never was, what would
    /// hold it (asked of no node).
    @Test func aFieldThatNeverWasHasNoParent() throws {
        let session = try listening(Self.form).session
        for node in [6, Int.max, -1] { #expect(session.accessibleParent(of: .field(node)) == nil) }
        #expect(session.accessibleParent(of: .field(0)) == .form)
    }

    @Test func aDisabledFieldRefusesEditableText() throws {
        let runner = try listening(Self.form)
        let session = runner.session, off = try #require(session.accessibleID(of: "off"))
        #expect(!session.editAccessibleText(of: off, replacing: nil, with: "changed"))
        #expect(!session.editAccessibleText(of: off, replacing: 0..<0, with: "x"))
        #expect(!session.editAccessibleText(of: off, replacing: 0..<4, with: ""))
        #expect(session.accessibleNode(off)?.text?.string == "kept")
    }

    struct Value: Sendable, CustomTestStringConvertible {
        var field: String
        var number: Double
        /// What the field then holds; nil: refused, the field keeps what it had.
        var becomes: String?
        var testDescription: String { "\(field) ← \(number)" }
    }

    /// NaN is refused; a number past the field's bounds is clamped to them, as GTK's
    /// adjustments clamp, and a field without bounds clamps to the largest finite numbers.
    static let values: [Value] = [
        Value(field: "age", number: 42, becomes: "42"),
        Value(field: "age", number: .nan, becomes: nil),
        Value(field: "age", number: .infinity, becomes: "120"),
        Value(field: "age", number: -.infinity, becomes: "0"),
        Value(field: "age", number: 1e308, becomes: "120"),
        Value(field: "age", number: -1e308, becomes: "0"),
        Value(field: "free", number: .nan, becomes: nil),
        Value(field: "free", number: .infinity, becomes: JSONValue.number(.greatestFiniteMagnitude).serialized),
        Value(field: "free", number: -.infinity, becomes: JSONValue.number(-.greatestFiniteMagnitude).serialized),
        Value(field: "free", number: 1e308, becomes: JSONValue.number(1e308).serialized),
    ]

    @Test(arguments: values)
    func aValueIsRefusedOrClamped(_ value: Value) throws {
        let session = try listening(Self.form).session
        let id = try #require(session.accessibleID(of: value.field))
        let before = session.values[value.field]
        #expect(session.setAccessibleValue(of: id, to: value.number) == (value.becomes != nil))
        #expect(session.values[value.field] == value.becomes.map(JSONValue.string) ?? before)
        #expect(session.accessibleNode(id)?.value?.current.isFinite == true)
    }

    /// EditableText holds the value limit as every other source does: a text that would pass
    /// it is refused whole, and the field keeps what it had.
    @Test func editableTextKeepsToTheValueLimit() throws {
        let session = try listening(Self.form).session
        let name = try #require(session.accessibleID(of: "name"))
        let most = String(repeating: "a", count: InputLimits.valueBytes)
        #expect(!session.editAccessibleText(of: name, replacing: nil, with: most + "a"))
        #expect(session.values["name"] == .string(""))
        #expect(session.editAccessibleText(of: name, replacing: nil, with: "ab"))
        #expect(!session.editAccessibleText(of: name, replacing: 1..<1, with: String(most.dropFirst())))
        #expect(session.values["name"] == .string("ab"))
    }
}
