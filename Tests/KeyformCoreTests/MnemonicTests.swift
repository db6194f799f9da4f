import KeyformCore
import Testing

/// Mnemonics: Alt+letter focuses a field or presses a button; shared letters cycle; the letters
/// are underlined while Alt is held and only then.
@Suite("Mnemonics") struct MnemonicTests {
    static let form = #"""
    {"title": "t", "size": {"width": 400, "height": 900}, "fields": [
      {"id": "name", "type": "text", "label": "_Name", "value": "Ada"},
      {"id": "email", "type": "text", "label": "_Email"},
      {"id": "extra", "type": "text", "label": "_Extra"},
      {"id": "hidden", "type": "text", "label": "_Hidden", "hidden": true},
      {"id": "off", "type": "text", "label": "_Off", "disabled": true},
      {"id": "address", "type": "section", "label": "_Address", "fields": [{"id": "city", "type": "text", "label": "City"}]},
      {"id": "cancel", "type": "button", "label": "_Cancel", "action": "cancel"}
    ]}
    """#

    func run(_ events: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try replay(makeForm(Self.form, sourceLocation: sourceLocation), events, sourceLocation: sourceLocation)
    }

    /// A label's `_` marks the letter after it and is not shown; `__` shows one `_`.
    @Test(arguments: [
        ("Name", "Name", nil), ("", "", nil), ("Straße", "Straße", nil),
        ("_Name", "Name", 0), ("Na_me", "Name", 2), ("_Émile", "Émile", 0),
        ("a__b", "a_b", nil), ("a_", "a", nil), ("_a_b", "ab", 0), ("e\u{301}_x", "e\u{301}x", 1),
    ] as [(String, String, Int?)])
    func aLabelsMarkerIsTakenOut(label: String, text: String, offset: Int?) {
        let mnemonic = Mnemonic(label: label)
        #expect(mnemonic.text == text)
        #expect(mnemonic.offset == offset)
    }

    @Test func altLetterFocusesItsFieldAndSelectsItsText() throws {
        let reports = try run(["alt+e", "alt+n", "alt+shift+n"])
        #expect(reports[0]["focus"] == .string("email"))
        #expect(reports[1]["focus"] == .string("name"))
        #expect(reports[1]["selection"] == .array([.number(0), .number(3)]))
        #expect(reports[2]["handled"] == .bool(false))  // Alt+Shift+N is another chord
    }

    @Test func sharedLettersCycleWithoutActivating() throws {
        let reports = try run(["alt+e", "alt+e", "alt+e"])
        #expect(reports.map { $0["focus"] } == [.string("email"), .string("extra"), .string("email")])
    }

    @Test func hiddenAndDisabledFieldsHaveNoMnemonic() throws {
        let reports = try run(["alt+h", "alt+o"])
        #expect(reports.map { $0["handled"] } == [.bool(false), .bool(false)])
        #expect(reports.map { $0["focus"] } == [.string("name"), .string("name")])
    }

    @Test func aSectionsMnemonicFocusesItsFirstField() throws {
        #expect(try run(["alt+a"]).last?["focus"] == .string("city"))
    }

    @Test func aButtonsMnemonicPressesIt() throws {
        #expect(try run(["alt+c"]).last?["result"]?["status"] == .string("cancelled"))
    }

    /// The underline is in the display list while Alt is held, and the labels are repainted
    /// when it goes down and up.
    @Test func lettersAreUnderlinedWhileAltIsHeld() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        let window = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
        func underlined() -> [String] {
            session.displayList(in: window).items.compactMap {
                if case .text(let run) = $0, let range = run.underline { "\(run.text)@\(range.lowerBound)" } else { nil }
            }
        }
        #expect(underlined().isEmpty)
        _ = session.takeUpdate().repaints
        session.handle(.keyPress(KeyPress(key: .altL)))
        #expect(underlined() == ["Name@0", "Email@0", "Extra@0", "Address@0", "Cancel@0"])
        #expect(!session.takeUpdate().repaints.isEmpty)
        session.handle(.keyRelease(KeyPress(key: .altL, modifiers: .alt)))
        #expect(underlined().isEmpty)
    }

    /// A key pressed without Alt means Alt is up, even if its release went elsewhere.
    @Test func aKeyWithoutAltEndsTheUnderline() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        session.handle(.keyPress(KeyPress(key: .altL)))
        session.handle(.keyPress(KeyPress(typing: "x")))
        let window = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
        #expect(!session.displayList(in: window).items.contains { if case .text(let run) = $0 { run.underline != nil } else { false } })
    }
}
