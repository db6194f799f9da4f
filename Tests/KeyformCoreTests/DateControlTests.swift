@testable import KeyformCore
import Testing

/// A date field through replay, as a person drives it: typed as ISO, stepped with Up and Down,
/// chosen in its calendar, refused at submit when it names no day, written in its `format`.
/// Every session here runs on 2026-11-23, a Monday, so that "today" is the same on any day.
@Suite("Date field") struct DateControlTests {
    static let today = CalendarDate(year: 2026, month: 11, day: 23)!

    /// A form with one date field `d` (its keys besides `id`, `type` and `label` given), a text
    /// field after it and Ctrl+Return to submit.
    static func form(_ keys: String = "", rtl: Bool = false) -> String {
        #"""
        {"direction": "\#(rtl ? "rtl" : "ltr")", "size": {"width": 400, "height": 500},
         "fields": [{"id": "d", "type": "date", "label": "_Start"\#(keys.isEmpty ? "" : ", " + keys)},
                    {"id": "x", "type": "text", "label": "Next"}],
         "commands": [{"key": "ctrl+Return", "action": "submit"}]}
        """#
    }

    static func session(_ keys: String = "", rtl: Bool = false) throws -> FormSession {
        FormSession(form: try makeForm(form(keys, rtl: rtl)), measurer: FixedWidthMeasurer(), today: today)
    }

    /// Runs events on a fresh session of `form(keys)` and returns the report after each.
    static func replay(_ keys: String, rtl: Bool = false, _ events: [String]) throws -> [JSONValue] {
        var runner = ReplayRunner(session: try session(keys, rtl: rtl), keys: TestKeys())
        return try events.map { line in runner.report(event: line, handled: try runner.run(try ReplayEvent(parsing: line))) }
    }

    static func replay(rtl: Bool = false, _ events: [String]) throws -> [JSONValue] { try replay("", rtl: rtl, events) }

    static func value(_ report: JSONValue?) -> JSONValue? { report?["values"]?["d"] }
    static func submitted(_ report: JSONValue?) -> JSONValue? { report?["result"]?["values"]?["d"] }
    static func calendar(_ highlighted: String) -> JSONValue {
        .object([("kind", .string("calendar")), ("highlighted", .string(highlighted))])
    }

    // MARK: Typing

    @Test func typingADateIsTheValue() throws {
        let reports = try Self.replay(["type:2026-11-23", "ctrl+Return"])
        #expect(reports[0]["text"] == .string("2026-11-23"))
        #expect(Self.value(reports[0]) == .string("2026-11-23"))
        #expect(Self.submitted(reports[1]) == .string("2026-11-23"))
    }

    /// ISO dates are ten characters: an eleventh is not typed.
    @Test func typingStopsAtTenCharacters() throws {
        let reports = try Self.replay(["type:2026-11-234"])
        #expect(reports[0]["text"] == .string("2026-11-23"))
    }

    // MARK: Up and Down

    /// A starting value, the caret put in a part, a key: the text after, and the part selected
    /// to show what the next Up or Down steps.
    @Test(arguments: [
        ("2026-12-31", 10, "Up", "2027-01-01", [8, 10]),   // the day carries into the month and the year
        ("2027-01-01", 9, "Down", "2026-12-31", [8, 10]),
        ("2026-01-31", 6, "Up", "2026-02-28", [5, 7]),     // a month on, the day the month has
        ("2026-03-31", 5, "Down", "2026-02-28", [5, 7]),
        ("2026-12-15", 7, "Up", "2027-01-15", [5, 7]),     // the month carries into the year
        ("2024-02-29", 2, "Up", "2025-02-28", [0, 4]),     // no 29 February in 2025
        ("2024-02-29", 4, "Down", "2023-02-28", [0, 4]),
        ("2026-03-01", 10, "shift+Down", "2026-02-28", [8, 10]),  // Shift steps as well
        ("2026-02-30", 10, "Up", "2026-03-01", [8, 10]),   // an impossible day is brought to the nearest first
    ] as [(String, Int, String, String, [Int])])
    func upAndDownStepThePartUnderTheCaret(value: String, caret: Int, key: String, text: String, selection: [Int]) throws {
        let reports = try Self.replay(#""value": "2026-01-01""#, ["select:0,10", "paste:\(value)", "select:\(caret),\(caret)", key])
        #expect(reports[3]["text"] == .string(text))
        #expect(reports[3]["selection"] == .array(selection.map { .number(Double($0)) }))
        #expect(reports[3]["handled"] == .bool(true))
    }

    @Test(arguments: [
        ("2026-12-20", "Up", "2026-12-20"),        // at max already
        ("2026-12-19", "Up", "2026-12-20"),
        ("2026-01-10", "Down", "2026-01-10"),      // at min already
    ])
    func steppingStaysWithinMinAndMax(value: String, key: String, text: String) throws {
        let keys = #""min": "2026-01-10", "max": "2026-12-20""#
        let reports = try Self.replay(keys, ["paste:\(value)", key])
        #expect(reports[1]["text"] == .string(text))
    }

    @Test func aMonthUpPastMaxStopsAtMax() throws {
        let reports = try Self.replay(#""max": "2026-12-20""#, ["paste:2026-11-25", "select:6,6", "Up"])
        #expect(reports[2]["text"] == .string("2026-12-20"))
    }

    /// Up or Down on an empty field shows today, the day selected, and steps from there.
    @Test(arguments: [
        ("", ["Up"], "2026-11-23"),
        ("", ["Down"], "2026-11-23"),
        ("", ["Up", "Up"], "2026-11-24"),
        (#""min": "2027-03-01""#, ["Up"], "2027-03-01"),  // today is before min: min
        (#""max": "2025-01-31""#, ["Down"], "2025-01-31"),
    ])
    func upOnAnEmptyFieldStartsFromToday(keys: String, events: [String], text: String) throws {
        let reports = try Self.replay(keys, events)
        #expect(reports.last?["text"] == .string(text))
        #expect(reports.last?["selection"] == .array([.number(8), .number(10)]))
    }

    @Test func todayComesFromTheSessionNotTheSystemClock() throws {
        let session = FormSession(form: try makeForm(Self.form()), measurer: FixedWidthMeasurer(),
                                  today: CalendarDate(year: 1999, month: 12, day: 31)!)
        var runner = ReplayRunner(session: session, keys: TestKeys())
        _ = try runner.run(ReplayEvent(parsing: "Up"))
        #expect(session.text(of: "d") == "1999-12-31")
        session.today = CalendarDate(year: 2000, month: 2, day: 29)!
        _ = try runner.run(ReplayEvent(parsing: "select:0,10"))
        _ = try runner.run(ReplayEvent(parsing: "BackSpace"))
        _ = try runner.run(ReplayEvent(parsing: "Down"))
        #expect(session.text(of: "d") == "2000-02-29")
    }

    @Test func steppingIsUndoneLikeTyping() throws {
        let reports = try Self.replay(["type:2026-11-23", "Up", "Up", "ctrl+z", "ctrl+z"])
        #expect(reports.map { $0["text"] } == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-24", "2026-11-23"].map(JSONValue.string))
    }

    // MARK: Refused at submit

    @Test(arguments: [
        ("", "2026-02-30", "Start: February 2026 has 28 days"),
        ("", "2026-13-01", "Start: there is no month 13"),
        ("", "2026-04-00", "Start: there is no day 0"),
        ("", "23/11/2026", "Start: use the form YYYY-MM-DD"),
        ("", "2026-1-1", "Start: use the form YYYY-MM-DD"),
        (#""min": "2026-01-10""#, "2026-01-09", "Start: the earliest date is 2026-01-10"),
        (#""max": "2026-12-20""#, "2027-01-01", "Start: the latest date is 2026-12-20"),
        (#""required": true"#, "", "Start is required"),
        (#""required": true"#, "   ", "Start is required"),
    ])
    func aDateThatIsNoDayItTakesStopsSubmit(keys: String, typed: String, message: String) throws {
        let session = try Self.session(keys)
        var runner = ReplayRunner(session: session, keys: TestKeys())
        if !typed.isEmpty { _ = try runner.run(ReplayEvent(parsing: "type:\(typed)")) }
        _ = try runner.run(ReplayEvent(parsing: "Tab"))
        _ = try runner.run(ReplayEvent(parsing: "ctrl+Return"))
        #expect(session.result == nil)
        #expect(session.validationMessage(of: "d") == message)
        #expect(session.focusedID == "d")
    }

    @Test func fixingTheDateTakesTheMessageAwayAndSubmits() throws {
        let session = try Self.session()
        var runner = ReplayRunner(session: session, keys: TestKeys())
        for event in ["type:2026-02-30", "ctrl+Return", "BackSpace", "BackSpace", "type:28"] { _ = try runner.run(ReplayEvent(parsing: event)) }
        #expect(session.validationMessage(of: "d") == nil)
        _ = try runner.run(ReplayEvent(parsing: "ctrl+Return"))
        #expect(session.result == .submitted(.object([("d", .string("2026-02-28")), ("x", .string(""))])))
    }

    @Test func anEmptyDateThatIsNotRequiredSubmitsEmpty() throws {
        let reports = try Self.replay(["ctrl+Return"])
        #expect(Self.submitted(reports[0]) == .string(""))
    }

    // MARK: The calendar

    @Test(arguments: [
        ("", [], "2026-11-23"),                              // empty: today
        ("", ["type:2026-02-14"], "2026-02-14"),             // the typed date
        ("", ["type:2026-02-30"], "2026-11-23"),             // no such day: today
        (#""min": "2026-12-01""#, [], "2026-12-01"),         // today is before min
        (#""max": "2026-06-30""#, ["type:2026-07-04"], "2026-06-30"),
    ] as [(String, [String], String)])
    func altDownOpensTheCalendarOnTheTypedDate(keys: String, typed: [String], highlighted: String) throws {
        let reports = try Self.replay(keys, typed + ["alt+Down"])
        #expect(reports.last?["overlay"] == Self.calendar(highlighted))
        #expect(reports.last?["handled"] == .bool(true))
    }

    /// From Monday 2026-11-23 (or the date given first), a key in the open calendar.
    @Test(arguments: [
        ("2026-11-23", "Right", "2026-11-24"),
        ("2026-11-23", "Left", "2026-11-22"),
        ("2026-11-23", "Down", "2026-11-30"),
        ("2026-11-23", "Up", "2026-11-16"),
        ("2026-11-23", "Page_Down", "2026-12-23"),
        ("2026-11-23", "Page_Up", "2026-10-23"),
        ("2026-11-23", "shift+Page_Down", "2027-11-23"),
        ("2026-11-23", "shift+Page_Up", "2025-11-23"),
        ("2026-11-25", "Home", "2026-11-23"),
        ("2026-11-25", "End", "2026-11-29"),
        ("2026-12-31", "Right", "2027-01-01"),
        ("2026-01-31", "Page_Down", "2026-02-28"),
        ("2024-02-29", "shift+Page_Down", "2025-02-28"),
    ])
    func everyCalendarKeyMovesTheHighlight(typed: String, key: String, highlighted: String) throws {
        let reports = try Self.replay(["type:\(typed)", "alt+Down", key])
        #expect(reports[2]["overlay"] == Self.calendar(highlighted))
        #expect(reports[2]["text"] == .string(typed))  // nothing is chosen yet
    }

    @Test(arguments: [("Right", "2026-11-22"), ("Left", "2026-11-24"), ("Home", "2026-11-23"), ("Down", "2026-11-30")])
    func rightToLeftMirrorsLeftAndRight(key: String, highlighted: String) throws {
        let reports = try Self.replay(rtl: true, ["type:2026-11-23", "alt+Down", key])
        #expect(reports[2]["overlay"] == Self.calendar(highlighted))
    }

    @Test func theCalendarStaysWithinMinAndMax() throws {
        let keys = #""min": "2026-11-20", "max": "2026-12-10""#
        let reports = try Self.replay(keys, ["type:2026-11-23", "alt+Down", "Up", "Page_Down", "shift+Page_Down"])
        #expect(reports.suffix(3).map { $0["overlay"] } == [Self.calendar("2026-11-20"), Self.calendar("2026-12-10"),
                                                             Self.calendar("2026-12-10")])
    }

    @Test(arguments: ["Return", "space"])
    func returnOrSpaceChoosesTheHighlightedDay(key: String) throws {
        let reports = try Self.replay(["type:2026-11-23", "alt+Down", "Right", key, "ctrl+Return"])
        #expect(reports[3]["overlay"] == .null)
        #expect(reports[3]["text"] == .string("2026-11-24"))
        #expect(reports[3]["focus"] == .string("d"))
        #expect(Self.submitted(reports[4]) == .string("2026-11-24"))
    }

    @Test func escapeClosesTheCalendarAndKeepsTheText() throws {
        let reports = try Self.replay(["type:2026-11-23", "alt+Down", "Down", "Escape", "Escape"])
        #expect(reports[3]["overlay"] == .null)
        #expect(reports[3]["text"] == .string("2026-11-23"))
        #expect(reports[3]["editing"] == .string("d"))  // only the calendar closed
        #expect(reports[4]["result"] == .object([("status", .string("cancelled"))]))  // the next Escape cancels
    }

    @Test func typingClosesTheCalendarAndGoesToTheText() throws {
        let reports = try Self.replay(["alt+Down", "type:2"])
        #expect(reports[1]["overlay"] == .null)
        #expect(reports[1]["text"] == .string("2"))
    }

    @Test func chosenDatesAreUndoneLikeTyping() throws {
        let reports = try Self.replay(["type:2026-11-23", "alt+Down", "Down", "Return", "ctrl+z"])
        #expect(reports[3]["text"] == .string("2026-11-30"))
        #expect(reports[4]["text"] == .string("2026-11-23"))
    }

    /// The calendar button at the ending edge of the field: the right in a left-to-right form.
    @Test(arguments: [false, true])
    func aClickOnTheCalendarButtonOpensIt(rtl: Bool) throws {
        let session = try Self.session(rtl: rtl)
        let frame = try #require(session.controlFrame(of: "d"))
        let x = Int(rtl ? frame.minX + 10 : frame.maxX - 10)
        let reports = try Self.replay(rtl: rtl, ["focus:x", "click:\(x),\(Int(frame.midY))"])
        #expect(reports[1]["overlay"] == Self.calendar("2026-11-23"))
        #expect(reports[1]["focus"] == .string("d"))
    }

    @Test func aClickInTheTextPlacesTheCaretAndOpensNothing() throws {
        let session = try Self.session()
        let frame = try #require(session.controlFrame(of: "d"))
        // 8 px a character, text 8 px in: the caret goes before the fifth character.
        let reports = try Self.replay(["type:2026-11-23", "click:\(Int(frame.minX) + 8 + 4 * 8 + 2),\(Int(frame.midY))"])
        #expect(reports[1]["overlay"] == .null)
        #expect(reports[1]["selection"] == .array([.number(4), .number(4)]))
    }

    /// A click on a day chooses it; one on a day outside min and max does nothing.
    @Test(arguments: [
        ("2026-11-18", "2026-11-18", JSONValue.null),
        ("2026-12-02", "2026-12-02", .null),                          // the next month's days are in the grid
        ("2026-11-09", "2026-11-23", Self.calendar("2026-11-23")),    // before min: dimmed, not chosen
    ])
    func aClickOnADayChoosesIt(day: String, text: String, overlay: JSONValue) throws {
        let session = try Self.session(#""min": "2026-11-10""#)
        var runner = ReplayRunner(session: session, keys: TestKeys())
        for event in ["type:2026-11-23", "alt+Down"] { _ = try runner.run(ReplayEvent(parsing: event)) }
        let calendar = try #require(session.popup as? CalendarPopup)
        let cell = try #require(calendar.cellFrame(of: CalendarDate.parse(day).get(), in: session.context(calendar.node)))
        _ = try runner.run(ReplayEvent(parsing: "click:\(Int(cell.midX)),\(Int(cell.midY))"))
        #expect(session.text(of: "d") == text)
        #expect(session.overlayJSON == overlay)
    }

    @Test(arguments: [(false, "2026-10-23", "2026-12-23"), (true, "2026-12-23", "2026-10-23")])
    func theTitleArrowsTurnTheMonth(rtl: Bool, left: String, right: String) throws {
        for (side, expected) in [(false, left), (true, right)] {
            let session = try Self.session(rtl: rtl)
            var runner = ReplayRunner(session: session, keys: TestKeys())
            for event in ["type:2026-11-23", "alt+Down"] { _ = try runner.run(ReplayEvent(parsing: event)) }
            let popup = try #require(session.popup)
            let frame = popup.frame(in: session.context(popup.node))
            let x = Int(side ? frame.maxX - 12 : frame.minX + 12)
            _ = try runner.run(ReplayEvent(parsing: "click:\(x),\(Int(frame.minY) + 20)"))
            #expect(session.overlayJSON == Self.calendar(expected))
        }
    }

    @Test func aClickOutsideClosesTheCalendarAndChangesNothing() throws {
        let reports = try Self.replay(["type:2026-11-23", "alt+Down", "click:390,490"])
        #expect(reports[2]["overlay"] == .null)
        #expect(reports[2]["text"] == .string("2026-11-23"))
    }

    @Test func theCalendarOpensUnderTheFieldAtItsStartingEdge() throws {
        for rtl in [false, true] {
            let session = try Self.session(rtl: rtl)
            session.handle(.keyPress(KeyPress(key: .down, modifiers: .alt)))
            let field = try #require(session.controlFrame(of: "d"))
            let popup = try #require(session.popup)
            let frame = popup.frame(in: session.context(popup.node))
            #expect(frame.minY > field.maxY)
            #expect(rtl ? frame.maxX == field.maxX : frame.minX == field.minX)
        }
    }

    // MARK: Output and drafts

    @Test(arguments: [
        ("%d/%m/%Y", "2026-11-23", "23/11/2026"),
        ("%A %e %B %Y", "2026-11-03", "Tuesday  3 November 2026"),
        ("%F", "2026-11-23", "2026-11-23"),
        ("%d/%m/%Y", "", ""),  // empty stays empty
    ])
    func formatWritesTheSubmittedValue(format: String, typed: String, expected: String) throws {
        let reports = try Self.replay(#""format": "\#(format)""#, (typed.isEmpty ? [] : ["type:\(typed)"]) + ["ctrl+Return"])
        #expect(Self.submitted(reports.last) == .string(expected))
        #expect(Self.value(reports.last) == .string(typed))  // the running value stays ISO
    }

    @Test func spacesAroundATypedDateAreDroppedOnSubmit() throws {
        let session = try Self.session(#""maxLength": 12"#)
        session.handle(.paste(" 2026-11-23 "))
        var runner = ReplayRunner(session: session, keys: TestKeys())
        _ = try runner.run(ReplayEvent(parsing: "ctrl+Return"))
        #expect(session.result == .submitted(.object([("d", .string("2026-11-23")), ("x", .string(""))])))
    }

    /// A draft holds ISO whatever the format, and reads back into the field as its value.
    @Test func aDraftRoundTrips() throws {
        let keys = #""format": "%d.%m.%Y""#
        let session = try Self.session(keys)
        var saved: [JSONValue] = []
        session.autosave(after: 100)
        var saver = DraftSaver { saved.append($0); return nil }
        session.handle(.paste("2026-11-23"))
        _ = session.runBatch(at: 1_000, on: &saver)
        let draft = try #require(saved.last?["d"])
        #expect(draft == .string("2026-11-23"))

        var form = try makeForm(Self.form(keys))
        try form.prefill("d", with: draft)
        let restored = FormSession(form: form, measurer: FixedWidthMeasurer(), today: Self.today)
        #expect(restored.text(of: "d") == "2026-11-23")
        var runner = ReplayRunner(session: restored, keys: TestKeys())
        _ = try runner.run(ReplayEvent(parsing: "ctrl+Return"))
        #expect(restored.result == .submitted(.object([("d", .string("23.11.2026")), ("x", .string(""))])))
    }

    @Test(arguments: [
        ("2026-02-30", #""2026-02-30" is no date for "d": February 2026 has 28 days"#),
        ("tomorrow", #""tomorrow" is no date for "d": use the form YYYY-MM-DD"#),
        ("2020-01-01", #""2020-01-01" is no date for "d": the earliest date is 2026-01-01"#),
    ])
    func aValueThatIsNoDateIsNotPutIn(value: String, message: String) throws {
        var form = try makeForm(Self.form(#""min": "2026-01-01""#))
        #expect(throws: PrefillError(message)) { try form.prefill("d", with: .string(value)) }
    }

    @Test func anEmptyValueIsPutIn() throws {
        var form = try makeForm(Self.form(#""value": "2026-11-23""#))
        try form.prefill("d", with: .string(""))
        #expect(form.fields[0].value == "")
    }

    // MARK: The form file

    @Test func theFormFileGivesValueMinMaxAndFormat() throws {
        let form = try makeForm(Self.form(#""value": "2026-11-23", "min": "2026-01-01", "max": "2026-12-31", "format": "%d/%m/%Y""#))
        let field = form.fields[0]
        #expect(field.kind == .date)
        #expect(field.value == "2026-11-23")
        #expect(field.minimumDate == CalendarDate(year: 2026, month: 1, day: 1))
        #expect(field.maximumDate == CalendarDate(year: 2026, month: 12, day: 31))
        #expect(field.dateFormat == DateFormat("%d/%m/%Y"))
    }

    static let brokenFiles: [BrokenForm] = [
        BrokenForm(#"{"fields": [{"id": "d", "type": "date", "value": "2026-02-30"}]}"#,
                   #"form.json:1:50: value "2026-02-30": February 2026 has 28 days (fields[0].value)"#),
        BrokenForm(#"{"fields": [{"id": "d", "type": "date", "value": "30.1.2026"}]}"#,
                   #"form.json:1:50: value "30.1.2026": use the form YYYY-MM-DD (fields[0].value)"#),
        BrokenForm(#"{"fields": [{"id": "d", "type": "date", "min": "2026-01-01", "value": "2025-12-31"}]}"#,
                   #"form.json:1:71: value "2025-12-31": the earliest date is 2026-01-01 (fields[0].value)"#),
        BrokenForm(#"{"fields": [{"id": "d", "type": "date", "min": "2026-13-01"}]}"#,
                   #"form.json:1:48: min "2026-13-01": there is no month 13 (fields[0].min)"#),
        BrokenForm(#"{"fields": [{"id": "d", "type": "date", "max": 2026}]}"#,
                   "form.json:1:48: expected a string (fields[0].max)"),
        BrokenForm(#"{"fields": [{"id": "d", "type": "date", "min": "2026-12-01", "max": "2026-11-01"}]}"#,
                   "form.json:1:69: max must not be less than min (fields[0].max)"),
        BrokenForm(#"{"fields": [{"id": "d", "type": "date", "format": "%d %Q %"}]}"#,
                   #"form.json:1:51: "%Q" is not a date conversion (fields[0].format)"#,
                   #"form.json:1:51: "%" at the end is not a date conversion (write "%%" for a percent sign) (fields[0].format)"#),
        BrokenForm(#"{"fields": [{"id": "d", "type": "date", "format": 5}]}"#, "form.json:1:51: expected a string (fields[0].format)"),
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "format": "%d"}]}"#,
                   #"form.json:1:41: "format" is only for date fields (fields[0].format)"#),
        BrokenForm(#"{"fields": [{"id": "a", "type": "number", "min": "2026-01-01"}]}"#,
                   "form.json:1:50: expected a number (fields[0].min)"),
    ]

    @Test(arguments: brokenFiles)
    func badDatesInTheFileNameThePlace(_ broken: BrokenForm) {
        broken.check()
    }
}
