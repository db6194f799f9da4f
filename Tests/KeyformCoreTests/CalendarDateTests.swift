import KeyformCore
import Testing

/// A date from ISO text a test wrote, read with `init?(year:month:day:)` rather than `parse`
/// (which has tests of its own); a typo fails the test that made it.
func date(_ iso: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CalendarDate {
    let numbers = iso.split(separator: "-").compactMap { Int($0) }
    let made = numbers.count == 3 ? CalendarDate(year: numbers[0], month: numbers[1], day: numbers[2]) : nil
    return try #require(made, "bad test date \(iso)", sourceLocation: sourceLocation)
}

/// An optional bound (`min`, `max`) from a table: nil stays nil, a typo fails.
func bound(_ iso: String?, sourceLocation: SourceLocation = #_sourceLocation) throws -> CalendarDate? {
    try iso.map { try date($0, sourceLocation: sourceLocation) }
}

/// Calendar dates as values: which exist, how they are written, what weekday they fall on, and
/// arithmetic that carries across months and years and stops at 0001-01-01 and 9999-12-31.
@Suite("Calendar dates") struct CalendarDateTests {
    @Test(arguments: [
        (1900, false), (2000, true), (2024, true), (2025, false), (2100, false), (2400, true), (4, true), (1, false),
    ])
    func leapYears(_ year: Int, _ leap: Bool) {
        #expect(CalendarDate.isLeapYear(year) == leap)
    }

    @Test(arguments: [
        (2, 1900, 28), (2, 2000, 29), (2, 2024, 29), (2, 2025, 28), (1, 2025, 31), (4, 2025, 30),
        (6, 2025, 30), (9, 2025, 30), (11, 2025, 30), (12, 2025, 31), (7, 2025, 31), (8, 2025, 31),
        (0, 2025, 0), (13, 2025, 0),
    ])
    func daysInMonth(_ month: Int, _ year: Int, _ days: Int) {
        #expect(CalendarDate.daysInMonth(month, of: year) == days)
    }

    /// Nil for each way a date can be impossible; the edges of the range exist.
    @Test(arguments: [
        (2026, 2, 29, false), (2024, 2, 29, true), (1900, 2, 29, false), (2000, 2, 29, true), (2026, 4, 31, false),
        (2026, 4, 30, true), (2026, 13, 1, false), (2026, 0, 1, false), (2026, -1, 1, false), (2026, 1, 0, false),
        (2026, 1, 32, false), (0, 1, 1, false), (10000, 1, 1, false), (1, 1, 1, true), (9999, 12, 31, true),
    ])
    func impossibleDatesAreRefused(_ year: Int, _ month: Int, _ day: Int, _ exists: Bool) {
        let made = CalendarDate(year: year, month: month, day: day)
        #expect((made != nil) == exists)
        if let made { #expect([made.year, made.month, made.day] == [year, month, day]) }
    }

    @Test(arguments: [
        (1, 1, 1, "0001-01-01"), (999, 5, 7, "0999-05-07"), (2026, 11, 23, "2026-11-23"), (9999, 12, 31, "9999-12-31"),
    ])
    func descriptionIsISO(_ year: Int, _ month: Int, _ day: Int, _ text: String) throws {
        #expect(try #require(CalendarDate(year: year, month: month, day: day)).description == text)
    }

    @Test(arguments: [
        ("2026-11-23", 1), ("2000-01-01", 6), ("1970-01-01", 4), ("0001-01-01", 1), ("9999-12-31", 5),
        ("2024-02-29", 4), ("2026-03-01", 7), ("1900-03-01", 4), ("1969-12-31", 3), ("1969-12-29", 1), ("1582-10-15", 5),
    ])
    func weekday(_ iso: String, _ weekday: Int) throws {
        #expect(try date(iso).weekday == weekday)
    }

    @Test(arguments: [
        ("2026-01-01", 1), ("2026-11-23", 327), ("2024-03-01", 61), ("2025-03-01", 60), ("2024-12-31", 366),
        ("2025-12-31", 365), ("9999-12-31", 365),
    ])
    func dayOfYear(_ iso: String, _ day: Int) throws {
        #expect(try date(iso).dayOfYear == day)
    }

    @Test(arguments: [
        ("2026-12-31", 1, "2027-01-01"), ("2026-01-01", -1, "2025-12-31"), ("2024-03-01", -1, "2024-02-29"),
        ("2025-03-01", -1, "2025-02-28"), ("2000-02-28", 1, "2000-02-29"), ("1900-02-28", 1, "1900-03-01"),
        ("2026-01-31", 1, "2026-02-01"), ("2026-01-01", 365, "2027-01-01"), ("2024-01-01", 365, "2024-12-31"),
        ("2026-11-23", 0, "2026-11-23"), ("0001-01-01", 3_652_058, "9999-12-31"), ("9999-12-31", -3_652_058, "0001-01-01"),
        // ±100000 days: in range from the middle, clamped near the ends.
        ("2026-11-23", 100_000, "2300-09-08"), ("2026-11-23", -100_000, "1753-02-07"),
        ("9999-01-01", 100_000, "9999-12-31"), ("0001-06-01", -100_000, "0001-01-01"),
        ("2026-11-23", Int.max, "9999-12-31"), ("2026-11-23", Int.min, "0001-01-01"),
    ])
    func addingDays(_ iso: String, _ days: Int, _ expected: String) throws {
        #expect(try date(iso).adding(days: days).description == expected)
    }

    /// The day is kept where the month has it, and cut to the month's last day where not.
    @Test(arguments: [
        ("2024-01-31", 1, "2024-02-29"), ("2025-01-31", 1, "2025-02-28"), ("2026-03-31", -1, "2026-02-28"),
        ("2026-05-31", 1, "2026-06-30"), ("2026-01-15", 12, "2027-01-15"), ("2026-01-15", -1, "2025-12-15"),
        ("2026-12-15", 1, "2027-01-15"), ("2026-01-31", 25, "2028-02-29"), ("2026-01-31", -120, "2016-01-31"),
        ("9999-12-15", 1, "9999-12-31"), ("9999-11-30", 1, "9999-12-30"), ("0001-01-15", -1, "0001-01-01"),
        ("2026-06-15", Int.max, "9999-12-31"), ("2026-06-15", Int.min, "0001-01-01"),
    ])
    func addingMonths(_ iso: String, _ months: Int, _ expected: String) throws {
        #expect(try date(iso).adding(months: months).description == expected)
    }

    @Test(arguments: [
        ("2024-02-29", 1, "2025-02-28"), ("2024-02-29", -1, "2023-02-28"), ("2024-02-29", 4, "2028-02-29"),
        ("2024-02-29", -124, "1900-02-28"), ("2026-11-23", 10, "2036-11-23"), ("9998-06-01", 5, "9999-12-31"),
        ("0005-06-01", -10, "0001-01-01"), ("2026-06-15", Int.max, "9999-12-31"), ("2026-06-15", Int.min, "0001-01-01"),
    ])
    func addingYears(_ iso: String, _ years: Int, _ expected: String) throws {
        #expect(try date(iso).adding(years: years).description == expected)
    }

    @Test(arguments: [
        ("2026-06-15", "2026-01-01", "2026-12-31", "2026-06-15"), ("2025-06-15", "2026-01-01", "2026-12-31", "2026-01-01"),
        ("2027-06-15", "2026-01-01", "2026-12-31", "2026-12-31"), ("2025-06-15", nil, "2026-12-31", "2025-06-15"),
        ("2027-06-15", "2026-01-01", nil, "2027-06-15"), ("2027-06-15", nil, nil, "2027-06-15"),
        ("2026-01-01", "2026-01-01", "2026-01-01", "2026-01-01"),
        // Bounds the wrong way round: the minimum wins.
        ("2026-06-15", "2026-12-31", "2026-01-01", "2026-12-31"),
    ] as [(String, String?, String?, String)])
    func clamped(_ iso: String, _ min: String?, _ max: String?, _ expected: String) throws {
        #expect(try date(iso).clamped(min: bound(min), max: bound(max)).description == expected)
    }

    @Test func datesSortByYearThenMonthThenDay() throws {
        let dates = try ["2026-02-01", "2025-12-31", "2026-01-31", "0001-01-01", "2026-01-05", "9999-12-31"].map { try date($0) }
        #expect(dates.sorted().map(\.description) == ["0001-01-01", "2025-12-31", "2026-01-05", "2026-01-31", "2026-02-01", "9999-12-31"])
        #expect(try date("2026-01-05") == date("2026-01-05"))
        #expect(try date("2026-01-05") != date("2026-05-01"))
    }

    @Test func theEndsOfTheRange() {
        #expect(CalendarDate.earliest.description == "0001-01-01")
        #expect(CalendarDate.latest.description == "9999-12-31")
    }
}

/// One press of Up or Down in a date field: the text and caret before and after.
struct DateStepCase: CustomTestStringConvertible, Sendable {
    var text: String
    var caret: Int
    var delta: Int
    var min: String? = nil
    var max: String? = nil
    var expected: String
    var expectedCaret: Int
    var testDescription: String { "\(text.debugDescription) at \(caret) by \(delta) → \(expected) at \(expectedCaret)" }
}

/// What a person types in a date field: ISO 8601 read strictly, each mistake named so that
/// the message says how to fix it, and Up and Down stepping the part under the caret.
@Suite("Calendar date text") struct CalendarDateTextTests {
    @Test(arguments: [
        ("2026-01-05", 2026, 1, 5), (" 2026-01-05 ", 2026, 1, 5), ("\t2026-01-05\n", 2026, 1, 5),
        ("0001-01-01", 1, 1, 1), ("9999-12-31", 9999, 12, 31), ("2024-02-29", 2024, 2, 29), ("2000-02-29", 2000, 2, 29),
    ])
    func parsesISO(_ text: String, _ year: Int, _ month: Int, _ day: Int) throws {
        let parsed = try CalendarDate.parse(text).get()
        #expect([parsed.year, parsed.month, parsed.day] == [year, month, day])
    }

    @Test(arguments: [
        ("2026-02-30", DateProblem.noSuchDay(year: 2026, month: 2, day: 30), "February 2026 has 28 days"),
        ("2025-02-29", .noSuchDay(year: 2025, month: 2, day: 29), "February 2025 has 28 days"),
        ("1900-02-29", .noSuchDay(year: 1900, month: 2, day: 29), "February 1900 has 28 days"),
        ("2024-04-31", .noSuchDay(year: 2024, month: 4, day: 31), "April 2024 has 30 days"),
        ("2026-12-32", .noSuchDay(year: 2026, month: 12, day: 32), "December 2026 has 31 days"),
        ("2026-01-00", .noSuchDay(year: 2026, month: 1, day: 0), "there is no day 0"),
        ("2026-13-01", .noSuchMonth(13), "there is no month 13"), ("2026-00-10", .noSuchMonth(0), "there is no month 0"),
        ("2026-99-99", .noSuchMonth(99), "there is no month 99"),
        ("26-01-01", .notISO, "use the form YYYY-MM-DD"), ("2026-1-01", .notISO, "use the form YYYY-MM-DD"),
        ("2026-01-01x", .notISO, "use the form YYYY-MM-DD"), ("２０２６-01-01", .notISO, "use the form YYYY-MM-DD"),
        ("٢٠٢٦-01-01", .notISO, "use the form YYYY-MM-DD"), ("2026-01-01\u{301}", .notISO, "use the form YYYY-MM-DD"),
        ("", .notISO, "use the form YYYY-MM-DD"), ("   ", .notISO, "use the form YYYY-MM-DD"),
        ("0000-01-01", .notISO, "use the form YYYY-MM-DD"), ("2026/01/01", .notISO, "use the form YYYY-MM-DD"),
        ("+2026-01-01", .notISO, "use the form YYYY-MM-DD"), ("2026-01-01 10:00", .notISO, "use the form YYYY-MM-DD"),
        ("20260101", .notISO, "use the form YYYY-MM-DD"), ("2026-01- 1", .notISO, "use the form YYYY-MM-DD"),
        ("12026-01-01", .notISO, "use the form YYYY-MM-DD"),
    ])
    func refusesWhatIsNoDate(_ text: String, _ problem: DateProblem, _ message: String) {
        #expect(CalendarDate.parse(text) == .failure(problem))
        #expect(problem.description == message)
    }

    @Test(arguments: [
        ("2025-12-31", "2026-01-01", "2026-12-31", "the earliest date is 2026-01-01"),
        ("2027-01-01", "2026-01-01", "2026-12-31", "the latest date is 2026-12-31"),
        ("0001-01-01", "2026-01-01", nil, "the earliest date is 2026-01-01"),
        ("9999-12-31", nil, "2026-12-31", "the latest date is 2026-12-31"),
        // The shape and the calendar come first: a person fixes those before the range.
        ("2025-02-30", "2026-01-01", nil, "February 2025 has 28 days"),
        ("2025-13-01", "2026-01-01", nil, "there is no month 13"),
    ] as [(String, String?, String?, String)])
    func refusesWhatIsOutOfRange(_ text: String, _ min: String?, _ max: String?, _ message: String) throws {
        guard case .failure(let problem) = CalendarDate.parse(text, min: try bound(min), max: try bound(max)) else {
            Issue.record("\(text) was taken")
            return
        }
        #expect(problem.description == message)
    }

    @Test func rangeProblemsCarryTheBound() throws {
        let min = try date("2026-01-01"), max = try date("2026-12-31")
        #expect(CalendarDate.parse("2025-12-31", min: min, max: max) == .failure(.beforeMinimum(min)))
        #expect(CalendarDate.parse("2027-01-01", min: min, max: max) == .failure(.afterMaximum(max)))
    }

    @Test(arguments: ["2026-01-01", "2026-12-31", "2026-06-15"])
    func theBoundsThemselvesAreTaken(_ text: String) throws {
        #expect(try CalendarDate.parse(text, min: date("2026-01-01"), max: date("2026-12-31")) == .success(date(text)))
    }

    @Test(arguments: [
        ("2026-03-07", 0, DatePart.year), ("2026-03-07", 1, .year), ("2026-03-07", 2, .year), ("2026-03-07", 3, .year),
        ("2026-03-07", 4, .year), ("2026-03-07", 5, .month), ("2026-03-07", 6, .month), ("2026-03-07", 7, .month),
        ("2026-03-07", 8, .day), ("2026-03-07", 9, .day), ("2026-03-07", 10, .day),
        // ISO-shaped but no date: it still has parts, so that stepping can mend it.
        ("2026-02-30", 9, .day), ("2026-13-01", 6, .month),
        // Spaces around the date shift its parts; a caret in them, or past either end, is at the nearer end.
        ("  2026-03-07 ", 1, .year), ("  2026-03-07 ", 6, .year), ("  2026-03-07 ", 7, .month), ("  2026-03-07 ", 10, .day),
        ("  2026-03-07 ", 13, .day), ("2026-03-07", -3, .year), ("2026-03-07", 99, .day),
    ] as [(String, Int, DatePart?)])
    func partUnderTheCaret(_ text: String, _ caret: Int, _ part: DatePart?) {
        #expect(CalendarDate.part(atCaret: caret, in: text) == part)
    }

    @Test(arguments: ["", "2026-3-07", "26-03-07", "2026-03-07x", "2026/03/07", "２０２６-03-07"])
    func noPartInTextThatIsNotISO(_ text: String) {
        for caret in 0...text.count { #expect(CalendarDate.part(atCaret: caret, in: text) == nil) }
    }

    @Test(arguments: [(DatePart.year, 0..<4), (.month, 5..<7), (.day, 8..<10)])
    func partOffsets(_ part: DatePart, _ offsets: Range<Int>) {
        #expect(part.offsets == offsets)
    }

    static let steps: [DateStepCase] = [
        // Each part, with carry into the others.
        DateStepCase(text: "2026-12-31", caret: 10, delta: 1, expected: "2027-01-01", expectedCaret: 10),
        DateStepCase(text: "2026-12-31", caret: 8, delta: 1, expected: "2027-01-01", expectedCaret: 8),
        DateStepCase(text: "2027-01-01", caret: 9, delta: -1, expected: "2026-12-31", expectedCaret: 9),
        DateStepCase(text: "2024-02-28", caret: 10, delta: 1, expected: "2024-02-29", expectedCaret: 10),
        DateStepCase(text: "2026-01-31", caret: 6, delta: 1, expected: "2026-02-28", expectedCaret: 6),
        DateStepCase(text: "2024-01-31", caret: 7, delta: 1, expected: "2024-02-29", expectedCaret: 7),
        DateStepCase(text: "2026-01-15", caret: 5, delta: -1, expected: "2025-12-15", expectedCaret: 5),
        DateStepCase(text: "2026-12-15", caret: 5, delta: 1, expected: "2027-01-15", expectedCaret: 5),
        DateStepCase(text: "2024-02-29", caret: 0, delta: 1, expected: "2025-02-28", expectedCaret: 0),
        DateStepCase(text: "2024-02-29", caret: 4, delta: 1, expected: "2025-02-28", expectedCaret: 4),
        DateStepCase(text: "2024-02-29", caret: 2, delta: -4, expected: "2020-02-29", expectedCaret: 2),
        DateStepCase(text: "2024-02-29", caret: 7, delta: 1, expected: "2024-03-29", expectedCaret: 7),
        DateStepCase(text: "2024-02-29", caret: 8, delta: 1, expected: "2024-03-01", expectedCaret: 8),
        DateStepCase(text: "2026-01-25", caret: 10, delta: 10, expected: "2026-02-04", expectedCaret: 10),
        // An impossible date is brought to the nearest first, then stepped.
        DateStepCase(text: "2026-02-30", caret: 10, delta: 1, expected: "2026-03-01", expectedCaret: 10),
        DateStepCase(text: "2026-02-30", caret: 10, delta: -1, expected: "2026-02-27", expectedCaret: 10),
        DateStepCase(text: "2026-02-30", caret: 6, delta: 1, expected: "2026-03-28", expectedCaret: 6),
        DateStepCase(text: "2026-13-45", caret: 0, delta: 1, expected: "2027-12-31", expectedCaret: 0),
        DateStepCase(text: "0000-00-00", caret: 10, delta: 1, expected: "0001-01-02", expectedCaret: 10),
        // Within min and max, and the calendar's ends.
        DateStepCase(text: "2026-12-31", caret: 10, delta: 1, max: "2026-12-31", expected: "2026-12-31", expectedCaret: 10),
        DateStepCase(text: "2026-01-01", caret: 6, delta: -1, min: "2026-01-01", expected: "2026-01-01", expectedCaret: 6),
        DateStepCase(text: "2026-06-15", caret: 0, delta: 1, min: "2026-01-01", max: "2026-12-31", expected: "2026-12-31", expectedCaret: 0),
        DateStepCase(text: "2026-01-20", caret: 5, delta: -1, min: "2026-01-10", expected: "2026-01-10", expectedCaret: 5),
        DateStepCase(text: "2025-06-01", caret: 10, delta: 1, min: "2026-01-01", expected: "2026-01-01", expectedCaret: 10),
        DateStepCase(text: "9999-12-31", caret: 0, delta: 1, expected: "9999-12-31", expectedCaret: 0),
        DateStepCase(text: "0001-01-01", caret: 10, delta: -1, expected: "0001-01-01", expectedCaret: 10),
        // Spaces around the date are dropped, and the caret keeps its place in the part.
        DateStepCase(text: " 2026-01-05 ", caret: 11, delta: 1, expected: "2026-01-06", expectedCaret: 10),
        DateStepCase(text: "  2026-01-05", caret: 0, delta: 1, expected: "2027-01-05", expectedCaret: 0),
        DateStepCase(text: "  2026-01-05", caret: 8, delta: 1, expected: "2026-02-05", expectedCaret: 6),
        // Empty or other text: today, within min and max, not stepped; the caret at the end.
        DateStepCase(text: "", caret: 0, delta: 1, expected: "2026-11-23", expectedCaret: 10),
        DateStepCase(text: "", caret: 0, delta: -1, expected: "2026-11-23", expectedCaret: 10),
        DateStepCase(text: "tomorrow", caret: 3, delta: 1, expected: "2026-11-23", expectedCaret: 10),
        DateStepCase(text: "2026-1-5", caret: 8, delta: 1, expected: "2026-11-23", expectedCaret: 10),
        DateStepCase(text: "", caret: 0, delta: 1, min: "2027-01-01", expected: "2027-01-01", expectedCaret: 10),
        DateStepCase(text: "", caret: 0, delta: -1, max: "2026-01-01", expected: "2026-01-01", expectedCaret: 10),
    ]

    /// Today is 2026-11-23 in every case.
    @Test(arguments: steps)
    func upAndDown(_ c: DateStepCase) throws {
        let stepped = CalendarDate.stepping(c.text, caret: c.caret, by: c.delta, min: try bound(c.min), max: try bound(c.max),
                                            today: try date("2026-11-23"))
        #expect(stepped.text == c.expected)
        #expect(stepped.caret == c.expectedCaret)
    }

    @Test(arguments: [
        ("2026-12-31", DatePart.day, 1, "2027-01-01"), ("2026-01-31", .month, 1, "2026-02-28"), ("2024-02-29", .year, 1, "2025-02-28"),
        ("2024-02-29", .year, -1, "2023-02-28"), ("2026-03-31", .month, -1, "2026-02-28"), ("2026-03-01", .day, -1, "2026-02-28"),
    ])
    func addingToAPart(_ iso: String, _ part: DatePart, _ count: Int, _ expected: String) throws {
        #expect(try date(iso).adding(count, to: part).description == expected)
    }
}
