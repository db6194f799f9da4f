import KeyformCore
import Testing

/// A date from ISO text a test wrote, read with `init?(year:month:day:)` rather than `parse`
/// (which has tests of its own); a typo fails the test that made it.
func date(_ iso: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CalendarDate {
    let numbers = iso.split(separator: "-").compactMap { Int($0) }
    let made = numbers.count == 3 ? CalendarDate(year: numbers[0], month: numbers[1], day: numbers[2]) : nil
    return try #require(made, "bad test date \(iso)", sourceLocation: sourceLocation)
}

/// An optional bound from a table: nil stays nil, a typo fails.
func date(_ iso: String?, sourceLocation: SourceLocation = #_sourceLocation) throws -> CalendarDate? {
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
        #expect(try date(iso).clamped(min: date(min), max: date(max)).description == expected)
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
