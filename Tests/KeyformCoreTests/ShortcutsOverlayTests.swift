import KeyformCore
import Testing

/// The discoverability overlay: when it shows and hides, what it lists, and that it never moves
/// focus or scrolls.
@Suite("Shortcuts overlay") struct ShortcutsOverlayTests {
    static let form = #"""
    {"title": "t", "size": {"width": 400, "height": 600}, "fields": [
      {"id": "name", "type": "text", "label": "_Name"},
      {"id": "address", "type": "section", "label": "Address", "fields": [{"id": "city", "type": "text", "label": "_City"}]},
      {"id": "notes", "type": "textarea", "label": "N_otes"},
      {"id": "go", "type": "button", "label": "_Go", "action": "submit"}
    ], "commands": [{"key": "ctrl+Return", "action": "submit", "title": "Send it"}]}
    """#

    func run(_ events: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSONValue] {
        try replay(makeForm(Self.form, sourceLocation: sourceLocation), events, sourceLocation: sourceLocation)
    }

    /// `title: keys` of each item, one group per heading.
    func items(_ report: JSONValue?) -> [String: [String]] {
        guard case .array(let items)? = report?["overlay"]?["items"] else { return [:] }
        return items.reduce(into: [:]) { groups, item in
            guard case .string(let group)? = item["group"], case .string(let title)? = item["title"],
                  case .string(let keys)? = item["keys"] else { return }
            groups[group, default: []].append("\(title): \(keys)")
        }
    }

    @Test func holdingCtrlAloneForASecondShowsItAndReleasingHidesIt() throws {
        let reports = try run(["hold:ctrl", "wait:999", "wait:1", "wait:5000", "release:ctrl"])
        #expect(reports[1]["overlay"] == .null)
        #expect(reports[2]["overlay"]?["kind"] == .string("shortcuts"))
        #expect(reports[3]["overlay"]?["kind"] == .string("shortcuts"))
        #expect(reports[4]["overlay"] == .null)
    }

    @Test(arguments: [["hold:ctrl", "wait:500", "ctrl+q", "wait:600"], ["hold:ctrl", "click:notes", "wait:1000"],
                      ["hold:ctrl", "hold:shift", "wait:1000"], ["hold:shift", "hold:ctrl", "wait:1000"],
                      ["hold:ctrl", "wait:500", "release:ctrl", "hold:ctrl", "wait:600"]])
    func anotherKeyOrAClickMeansItWasNotAHold(_ events: [String]) throws {
        #expect(try run(events).last?["overlay"] == .null)
    }

    @Test func escapeHidesItAndDoesNothingElse() throws {
        let reports = try run(["type:Ada", "F1", "Escape", "Escape"])
        #expect(reports[1]["overlay"]?["kind"] == .string("shortcuts"))
        #expect(reports[2]["overlay"] == .null)
        #expect(reports[2]["editing"] == .string("name"))
        #expect(reports[3]["result"] == .object([("status", .string("cancelled"))]))  // the next one cancels
    }

    /// Shown with Ctrl+?, it stays when Ctrl is let go; a click hides it and goes no further.
    /// Up, Down, Home and End move through the items, as in a menu, and keep it open (so a
    /// screen reader reads them one by one); Escape then closes it and does nothing else.
    @Test func arrowsMoveThroughTheItemsAndKeepItOpen() throws {
        let reports = try run(["F1", "Down", "Down", "Up", "End", "Home", "Up", "Escape"])
        let highlights = reports.map { $0["overlay"]?["highlighted"] }
        let count = { (report: JSONValue) -> Double in
            guard case .array(let items)? = report["overlay"]?["items"] else { return 0 }
            return Double(items.count)
        }(reports[0])
        #expect(highlights.dropLast() == [nil, .number(0), .number(1), .number(0), .number(count - 1), .number(0), .number(0)])
        #expect(reports.last?["overlay"] == .null)
        #expect(reports.last?["result"] == .null)
        #expect(reports.last?["focus"] == .string("name"))
    }

    @Test func ctrlQuestionShowsItUntilAClick() throws {
        let form = try makeForm(Self.form)
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        session.handle(.keyPress(KeyPress(key: .controlL)))
        session.handle(.keyPress(KeyPress(key: Key(0x3f), modifiers: [.control, .shift])))
        session.handle(.keyRelease(KeyPress(key: .controlL, modifiers: .control)))
        #expect(session.overlayJSON["kind"] == .string("shortcuts"))
        let notes = try #require(session.controlFrame(of: "notes"))
        #expect(session.handle(.pointerPress(.primary, at: notes.center, modifiers: [], clickCount: 1)))
        #expect(session.overlayJSON == .null)
        #expect(session.focusedID == "name")
    }

    @Test func showingItNeverMovesFocusOrScrolls() throws {
        let reports = try run(["focus:go", "hold:ctrl", "wait:1000"])
        #expect(reports[2]["focus"] == reports[0]["focus"])
        #expect(reports[2]["scroll"] == reports[0]["scroll"])
        #expect(reports[2]["start"] == reports[0]["start"])
    }

    @Test func aBareModifierNeverChangesFocusOrTheRing() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        let go = try #require(session.controlFrame(of: "go"))
        session.handle(.pointerPress(.primary, at: go.center, modifiers: [], clickCount: 1))
        session.handle(.pointerRelease(.primary, at: go.center))
        let (focus, ring) = (session.focusedID, session.focusVisible)
        for key in [Key.controlL, .shiftL, .altL, .superL] {
            #expect(!session.handle(.keyPress(KeyPress(key: key))))
            session.handle(.keyRelease(KeyPress(key: key)))
        }
        #expect(session.focusedID == focus)
        #expect(session.focusVisible == ring)
    }

    /// What it lists follows the moment: the field's editing commands with the field, in chain
    /// order; a chord the form takes first is not listed again for the window.
    @Test func itemsFollowFocus() throws {
        let reports = try run(["type:Ada", "F1", "Escape", "focus:city", "F1", "Escape", "focus:go", "F1"])
        let inName = items(reports[1])
        #expect(inName["This field"] == ["Select all: Ctrl+A", "Paste: Ctrl+V", "Undo: Ctrl+Z", "Move by word: Ctrl+Left",
                                         "Select by word: Ctrl+Shift+Left", "Delete a word: Ctrl+Backspace"])
        #expect(inName["This section"] == nil)
        #expect(inName["This form"] == ["Send it: Ctrl+Return"])
        #expect(inName["This window"] == ["Next field: Tab", "Previous field: Shift+Tab", "Cancel: Escape"])
        #expect(inName["Keyform"] == ["Show keyboard shortcuts: Ctrl+?, F1"])
        let inCity = items(reports[4])
        #expect(inCity["This section"] == ["Skip the rest of this section: F6", "Back to before this section: Shift+F6"])
        #expect(inCity["This field"] == ["Paste: Ctrl+V"])
        let onButton = items(reports[7])
        #expect(onButton["This field"] == nil)
        #expect(onButton["This window"] == ["Next field: Tab", "Previous field: Shift+Tab", "Cancel: Escape", "Submit: Return"])
        // Groups come in chain order.
        guard case .array(let all)? = reports[7]["overlay"]?["items"] else { Issue.record("no items"); return }
        #expect(all.map { $0["group"] }.first == .string("This form"))
        #expect(all.map { $0["group"] }.last == .string("Keyform"))
    }

    /// The overlay lists Return as "Submit" only where Return submits: not in a text area, where
    /// it breaks the line, nor in a token field with text typed, where it makes the token; it
    /// does where those keep no Return (read only, nothing typed), and on a text field.
    @Test(arguments: [
        (#"{"id": "f", "type": "textarea", "label": "F"}"#, [String](), false),
        (#"{"id": "f", "type": "textarea", "label": "F", "readOnly": true, "value": "x"}"#, [], true),
        (#"{"id": "f", "type": "tokens", "label": "F"}"#, ["type:sw"], false),
        (#"{"id": "f", "type": "tokens", "label": "F"}"#, [], true),
        (#"{"id": "f", "type": "text", "label": "F"}"#, [], true),
    ])
    func returnIsListedOnlyWhereItSubmits(field: String, events: [String], listed: Bool) throws {
        let form = try makeForm(#"{"title": "t", "returnKey": "submit", "fields": [\#(field)]}"#)
        let reports = try replay(form, ["focus:f"] + events + ["F1"])
        #expect(items(reports.last)["This window"]?.contains { $0.hasPrefix("Submit: Return") } == listed)
        // And the key does what the overlay says.
        let afterReturn = try replay(form, ["focus:f"] + events + ["Return"])
        #expect((afterReturn.last?["result"] != .null) == listed)
    }

    /// A control's own keys are listed with it, as the keys reach it: arrows mirrored in a
    /// right-to-left form, a check box's title saying what Space does now, a date's Up and Down
    /// named by the part under the caret.
    struct ControlKeys: CustomTestStringConvertible {
        var field: String
        var direction = "ltr"
        var events: [String] = []
        var listed: [String]
        var testDescription: String { "\(field) (\(direction)) after \(events)" }
    }

    static let controlKeys = [
        ControlKeys(field: #"{"id": "f", "type": "picker", "label": "F", "options": ["a", "b"]}"#,
                    listed: ["Open the list: Alt+Down, Space", "Previous option: Up", "Next option: Down", "First option: Home",
                             "Last option: End"]),
        ControlKeys(field: #"{"id": "f", "type": "radio", "label": "F", "options": ["a", "b"]}"#,
                    listed: ["Previous option: Up, Left", "Next option: Down, Right", "Choose this option: Space"]),
        ControlKeys(field: #"{"id": "f", "type": "radio", "label": "F", "options": ["a", "b"]}"#, direction: "rtl", events: ["space"],
                    listed: ["Previous option: Up, Right", "Next option: Down, Left"]),
        ControlKeys(field: #"{"id": "f", "type": "checkbox", "label": "F"}"#, listed: ["Check: Space"]),
        ControlKeys(field: #"{"id": "f", "type": "checkbox", "label": "F"}"#, events: ["space"], listed: ["Uncheck: Space"]),
        ControlKeys(field: #"{"id": "f", "type": "date", "label": "F"}"#,
                    listed: ["Open the calendar: Alt+Down", "Today: Up, Down", "Paste: Ctrl+V"]),
        ControlKeys(field: #"{"id": "f", "type": "date", "label": "F", "value": "2026-03-07"}"#, events: ["End", "Left", "Left", "Left", "Left"],
                    listed: ["Open the calendar: Alt+Down", "Next month: Up", "Previous month: Down", "Select all: Ctrl+A",
                             "Paste: Ctrl+V", "Move by word: Ctrl+Left, Ctrl+Right", "Select by word: Ctrl+Shift+Left, Ctrl+Shift+Right",
                             "Delete a word: Ctrl+Backspace, Ctrl+Delete"]),
    ]

    @Test(arguments: controlKeys)
    func aControlsOwnKeysAreListed(_ keys: ControlKeys) throws {
        let form = try makeForm(#"{"title": "t", "direction": "\#(keys.direction)", "fields": [\#(keys.field)]}"#)
        let reports = try replay(form, ["focus:f"] + keys.events + ["F1"])
        #expect(items(reports.last)["This field"] == keys.listed)
    }

    /// The keys it lists are the keys that act.
    @Test func aPickersListedKeysChoose() throws {
        let form = try makeForm(#"{"title": "t", "fields": [{"id": "f", "type": "picker", "label": "F", "options": ["a", "b", "c"]}]}"#)
        let reports = try replay(form, ["focus:f", "Down", "End", "Up", "Home"])
        #expect(reports.compactMap { $0["values"]?["f"] } == ["a", "b", "c", "b", "a"].map(JSONValue.string))
    }

    @Test func holdDeadlineWakesTheWindow() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        session.caretBlinks = false
        session.advanceClock(to: 200)
        #expect(session.nextDeadline == nil)
        session.handle(.keyPress(KeyPress(key: .controlR)))
        #expect(session.nextDeadline == 1200)
        session.advanceClock(to: 1200)
        #expect(session.overlayJSON["kind"] == .string("shortcuts"))
        #expect(session.nextDeadline == nil)
    }

    /// Drawn last, over everything, in every repainted rectangle; a tiny window scrolls it.
    @Test func itIsDrawnOverTheFormAndScrollsInASmallWindow() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer(), viewport: Size(width: 300, height: 200))
        session.handle(.keyPress(KeyPress(key: .f1)))
        let list = session.displayList(in: Rect(x: 0, y: 0, width: 300, height: 200))
        let texts = list.items.compactMap { if case .text(let run) = $0 { run.text } else { nil } }
        #expect(texts.contains("Keyboard shortcuts"))
        #expect(texts.last != "Keyboard shortcuts")  // its rows follow the heading
        #expect(session.handle(.scroll(dx: 0, dy: 40)))
        #expect(session.scrollOffset.y == 0)
        let scrolled = session.displayList(in: Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(scrolled.items != list.items)
    }
}
