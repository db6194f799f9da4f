import KeyformCore
import Testing

/// The radio group (docs/architecture.md › Form files): one Tab stop entered at the chosen option;
/// the arrows move and choose inside it, wrapping, Left and Right mirrored in a right-to-left form
/// (the WAI-ARIA radio group, GTK's radio buttons).
@Suite("Radio group") struct RadioTests {
    static let form = #"""
    {"size": {"width": 400, "height": 600},
     "fields": [{"id": "name", "type": "text", "label": "_Name"},
                {"id": "seat", "type": "radio", "label": "_Seat", "options": ["Aisle", "Middle", "Window"], "value": "Middle"},
                {"id": "meal", "type": "radio", "label": "_Meal", "options": ["Fish", "Pasta", "Salad"], "required": true},
                {"id": "view", "type": "text", "label": "_View", "showWhen": {"field": "seat", "in": ["Window"]}},
                {"id": "go", "type": "button", "label": "_Go", "action": "submit"}]}
    """#

    static func form(_ direction: Direction) throws -> Form {
        var form = try makeForm(Self.form)
        form.direction = direction
        return form
    }

    /// Events, then `seat`, `meal` and the focus after the last one.
    @Test(arguments: [
        ([], "Middle", "", "name"),
        (["Tab"], "Middle", "", "seat"),
        (["Tab", "Tab"], "Middle", "", "meal"),               // the group is one stop
        (["Tab", "Tab", "Tab"], "Middle", "", "go"),
        (["Tab", "Tab", "Tab", "shift+Tab"], "Middle", "", "meal"),
        (["Tab", "shift+Tab"], "Middle", "", "name"),
        (["Tab", "Down"], "Window", "", "seat"),
        (["Tab", "Down", "Down"], "Aisle", "", "seat"),        // wraps at the end
        (["Tab", "Up"], "Aisle", "", "seat"),
        (["Tab", "Up", "Up"], "Window", "", "seat"),            // wraps at the start
        (["Tab", "Right"], "Window", "", "seat"),
        (["Tab", "Left"], "Aisle", "", "seat"),
        (["Tab", "Left", "Left"], "Window", "", "seat"),
        (["Tab", "space"], "Middle", "", "seat"),               // Space chooses what is chosen
        (["Tab", "Return"], "Middle", "", "meal"),              // Return moves on, as in any field
        (["Tab", "ctrl+Down"], "Middle", "", "seat"),
        (["Tab", "Tab", "space"], "Middle", "Fish", "meal"),    // none chosen: focus is on the first
        (["Tab", "Tab", "space", "space"], "Middle", "Fish", "meal"),
        (["Tab", "Tab", "Down"], "Middle", "Pasta", "meal"),    // the arrows move from the first and choose
        (["Tab", "Tab", "Up"], "Middle", "Salad", "meal"),
        (["Tab", "Tab", "Right"], "Middle", "Pasta", "meal"),
        (["alt+m", "Down"], "Middle", "Pasta", "meal"),         // the mnemonic focuses the group
        (["alt+s"], "Middle", "", "seat"),
        // Shift+Tab back into the group lands on the chosen option: Space keeps it, Down goes on from it.
        (["Tab", "Down", "Tab", "shift+Tab", "space"], "Window", "", "seat"),
        (["Tab", "Down", "Tab", "shift+Tab", "Down"], "Aisle", "", "seat"),
        (["Tab", "Down", "Tab", "Tab", "shift+Tab", "shift+Tab", "Up"], "Middle", "", "seat"),
    ] as [([String], String, String, String)])
    func keys(events: [String], seat: String, meal: String, focus: String) throws {
        let report = try #require(try replay(Self.form(.ltr), ["wait:0"] + events).last)
        #expect(report["values"]?["seat"] == .string(seat))
        #expect(report["values"]?["meal"] == .string(meal))
        #expect(report["focus"] == .string(focus))
    }

    /// In a right-to-left form the options read from the right: Left goes to the next one.
    @Test(arguments: [
        (["Tab", "Left"], "Window"), (["Tab", "Left", "Left"], "Aisle"), (["Tab", "Right"], "Aisle"),
        (["Tab", "Right", "Right"], "Window"), (["Tab", "Down"], "Window"), (["Tab", "Up"], "Aisle"),
    ] as [([String], String)])
    func arrowsAreMirroredRightToLeft(events: [String], seat: String) throws {
        let report = try #require(try replay(Self.form(.rtl), events).last)
        #expect(report["values"]?["seat"] == .string(seat))
    }

    /// The centre of option `index`'s row of a group.
    func option(_ index: Int, of id: String, in session: FormSession) throws -> String {
        let group = try #require(session.controlFrame(of: id))
        return "click:\(Int(group.midX)),\(Int(group.minY) + 28 * index + 14)"
    }

    @Test(arguments: [Direction.ltr, .rtl])
    func aClickOnAnOptionChoosesIt(direction: Direction) throws {
        let session = FormSession(form: try Self.form(direction), measurer: FixedWidthMeasurer())
        let reports = try replay(Self.form(direction), [try option(2, of: "meal", in: session), try option(0, of: "seat", in: session)])
        #expect(reports[0]["values"]?["meal"] == .string("Salad"))
        #expect(reports[0]["focus"] == .string("meal"))
        #expect(reports[1]["values"]?["seat"] == .string("Aisle"))
    }

    @Test func aRequiredGroupNeedsAChoice() throws {
        let session = FormSession(form: try Self.form(.ltr), measurer: FixedWidthMeasurer())
        session.handle(.keyPress(KeyPress(key: .returnKey, modifiers: .control)))
        #expect(session.result == nil)
        #expect(session.focusedID == "meal")
        #expect(session.validationMessage(of: "meal") == "Meal is required")
        session.handle(.keyPress(KeyPress(key: .down)))
        #expect(session.validationMessage(of: "meal") == nil)
        session.handle(.keyPress(KeyPress(key: .returnKey, modifiers: .control)))
        #expect(session.result == .submitted(.object([("name", .string("")), ("seat", .string("Middle")), ("meal", .string("Pasta"))])))
    }

    /// `showWhen` compares the chosen option; nothing chosen is "".
    @Test func showWhenFollowsTheChoice() throws {
        let reports = try replay(Self.form(.ltr), ["Tab", "Down", "Down"])
        #expect(reports[0]["values"]?["view"] == nil)
        #expect(reports[1]["values"]?["view"] == .string(""))
        #expect(reports[2]["values"]?["view"] == nil)
    }

    @Test func clearChoosesNothing() throws {
        var form = try Self.form(.ltr)
        form.commands = [KeyCommandSpec(key: "ctrl+k", action: "clear:seat")]
        let reports = try replay(form, ["ctrl+k", "Tab", "space"])
        #expect(reports[0]["values"]?["seat"] == .string(""))
        #expect(reports[2]["values"]?["seat"] == .string("Aisle"))
    }

    @Test func prefillTakesAnOption() throws {
        var form = try Self.form(.ltr)
        try form.prefill("seat", with: .string("Window"))
        try form.prefill("meal", with: .string("Salad"))
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        #expect(session.values["seat"] == .string("Window"))
        #expect(session.values["meal"] == .string("Salad"))
        #expect(throws: PrefillError(#""Front" is not one of the options of "seat": Aisle, Middle, Window"#)) {
            try form.prefill("seat", with: .string("Front"))
        }
    }

    /// The focus ring is drawn around the option focus is on, after keyboard focus only.
    @Test(arguments: [
        (["Tab"], "seat", 1), (["Tab", "Down"], "seat", 2), (["Tab", "Tab"], "meal", 0),
        (["Tab", "Down", "Tab", "shift+Tab"], "seat", 2),
    ] as [([String], String, Int)])
    func theFocusRingIsAroundTheFocusedOption(events: [String], id: String, index: Int) throws {
        var runner = ReplayRunner(session: FormSession(form: try Self.form(.ltr), measurer: FixedWidthMeasurer()), keys: TestKeys())
        for event in events { _ = try runner.run(try ReplayEvent(parsing: event)) }
        let session = runner.session
        let group = try #require(session.controlFrame(of: id))
        let rings = session.displayList(in: Rect(x: 0, y: 0, width: 400, height: 600)).items.compactMap { item -> Rect? in
            if case .stroke(let rect, Palette.light.focusRing, _, _) = item { return rect } else { return nil }
        }
        #expect(rings.count == 1)
        let row = Rect(x: group.minX, y: group.minY + 28 * Double(index), width: group.width, height: 28)
        #expect(rings.allSatisfy { row.contains($0.center) && $0.minY >= group.minY + 2 && $0.maxY <= group.maxY - 2 }, "\(rings) in \(row)")
    }

    @Test func aClickShowsNoFocusRing() throws {
        let session = FormSession(form: try Self.form(.ltr), measurer: FixedWidthMeasurer())
        var runner = ReplayRunner(session: session, keys: TestKeys())
        _ = try runner.run(try ReplayEvent(parsing: try option(1, of: "meal", in: session)))
        let rings = session.displayList(in: Rect(x: 0, y: 0, width: 400, height: 600)).items.filter {
            if case .stroke(_, Palette.light.focusRing, _, _) = $0 { return true } else { return false }
        }
        #expect(rings.isEmpty)
    }

    @Test(arguments: [
        BrokenForm(#"{"fields": [{"id": "a", "type": "radio", "options": ["x", "y"], "value": "z"}]}"#,
                   #"form.json:1:74: value "z" is not one of the options (fields[0].value)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "radio", "options": ["x"], "rows": 2}]}"#,
                   #"form.json:1:60: "rows" is only for textarea fields (fields[0].rows)"#),
    ])
    func formFileErrorsNameThePlace(_ broken: BrokenForm) {
        broken.check()
    }

    /// `keyform check` warns about a `showWhen` that names none of a group's options; nothing
    /// chosen ("") is a value a group has.
    @Test(arguments: [
        (#"["Front"]"#, [#""w" is never shown: "r" has none of the values ["Front"]"#]),
        (#"["b"]"#, []),
        (#"[""]"#, []),
    ] as [(String, [String])])
    func lintNamesShowWhenValuesThatAreNoOption(values: String, expected: [String]) throws {
        let form = try makeForm(#"""
            {"fields": [{"id": "r", "type": "radio", "options": ["a", "b"]},
                        {"id": "w", "type": "text", "showWhen": {"field": "r", "in": \#(values)}}]}
            """#)
        #expect(FocusLint.warnings(for: form) == expected)
    }
}
