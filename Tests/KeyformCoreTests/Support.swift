import KeyformCore
import Testing

/// Every grapheme 8 px wide, lines 17 px high: layout and hit tests without Pango.
struct FixedWidthMeasurer: TextMeasuring {
    func caretOffsets(_ text: String, font: Font) -> [Double] { (0...text.count).map { Double($0) * 8 } }
    func lineHeight(_ font: Font) -> Double { 17 }
}

/// Key names for core tests, without xkb: the handful the core acts on, and single characters.
struct TestKeys: KeyResolving {
    static let names: [String: UInt32] = [
        "Tab": 0xff09, "ISO_Left_Tab": 0xfe20, "Return": 0xff0d, "BackSpace": 0xff08, "Delete": 0xffff,
        "Escape": 0xff1b, "Left": 0xff51, "Up": 0xff52, "Right": 0xff53, "Down": 0xff54, "Home": 0xff50,
        "End": 0xff57, "KP_Enter": 0xff8d, "Page_Up": 0xff55, "Page_Down": 0xff56, "space": 0x20, "comma": 0x2c, "F1": 0xffbe,
    ]

    func press(keysymName: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress {
        if let keysym = Self.names[keysymName] {
            let text = keysym < 0x100 && modifiers.isDisjoint(with: .command) ? String(UnicodeScalar(UInt8(keysym))) : ""
            return KeyPress(key: Key(keysym), text: text, modifiers: modifiers, latinKey: nil)
        }
        guard keysymName.count == 1, let character = keysymName.first else { throw ReplayError("unknown key \(keysymName)") }
        var press = KeyPress(typing: modifiers.contains(.shift) ? Character(keysymName.uppercased()) : character, modifiers: modifiers)
        if !modifiers.isDisjoint(with: .command) { press.text = "" }
        return press
    }

    func press(physicalKey: String, modifiers: Modifiers) throws(ReplayError) -> KeyPress {
        throw ReplayError("no physical keys in core tests")
    }
}

/// A form from a JSON literal; a test that gets a bad one fails at its caller.
func makeForm(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Form {
    do { return try FormFile.parse(json, fileName: "test.json") } catch {
        Issue.record("bad test form: \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// A form of top-level text fields `ids`, plus whatever extra form keys are given.
func textFields(_ ids: [String], extra: String = "", height: Int = 2000) -> String {
    let fields = ids.map { #"{"id": "\#($0)", "type": "text", "label": "\#($0)"}"# }.joined(separator: ",")
    return #"{"title": "t", "size": {"width": 400, "height": \#(height)}\#(extra.isEmpty ? "" : ", " + extra), "fields": [\#(fields)]}"#
}

/// Runs events on a fresh session and returns the report after each.
func replay(_ form: Form, _ events: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
    var runner = ReplayRunner(session: FormSession(form: form, measurer: FixedWidthMeasurer()), keys: TestKeys())
    return try events.map { line in
        let handled = try runner.run(try ReplayEvent(parsing: line))
        return runner.report(event: line, handled: handled)
    }
}

/// The `focus` after each event (`-` for none).
func focusTrail(_ form: Form, _ events: [String]) throws -> [String] {
    try replay(form, events).map { report in
        if case .string(let id) = report["focus"] { return id }
        return "-"
    }
}

/// A host that saves the drafts a session asks for (`--draft`) with `save`, which returns nil
/// when the values are safe, else why not; it has no input of its own.
struct DraftSaver: SessionHost {
    var save: (JSONValue) -> String?

    func deliverInput(to session: FormSession) {}

    func perform(_ request: PlatformRequest, for session: FormSession) {
        if case .saveDraft(let values) = request { session.draftSaved(problem: save(values)) }
    }
}
