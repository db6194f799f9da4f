import KeyformCore
import Testing

/// One key in a calendar popup: from a day, with optional bounds, to the day it focuses.
struct CalendarMoveCase: CustomTestStringConvertible, Sendable {
    var from: String
    var move: CalendarMove
    var min: String? = nil
    var max: String? = nil
    var expected: String
    var testDescription: String { "\(from) \(move) → \(expected)" }
}

/// The keyboard calendar popup: a month as 6 rows of Monday-to-Sunday weeks, and the WAI-ARIA
/// date picker's keys, which never leave the field's min and max.
@Suite("Calendar months") struct CalendarMonthTests {
    /// The first and last day on the grid; the month's 1st is always in the first row.
    @Test(arguments: [
        // February 2021 starts on a Monday and has exactly 4 weeks: 2 rows of March follow.
        (2021, 2, "2021-02-01", "2021-03-14"),
        // March 2026 and November 2026 start on a Sunday: the first row is nearly all the month before.
        (2026, 3, "2026-02-23", "2026-04-05"), (2026, 11, "2026-10-26", "2026-12-06"),
        (2024, 1, "2024-01-01", "2024-02-11"), (2024, 2, "2024-01-29", "2024-03-10"),
        (1, 1, "0001-01-01", "0001-02-11"),
        // December 9999 runs past the last date there is, which stands in for the days after.
        (9999, 12, "9999-11-29", "9999-12-31"),
    ])
    func gridEnds(_ year: Int, _ month: Int, _ first: String, _ last: String) throws {
        let weeks = try #require(CalendarMonth(year: year, month: month)).weeks()
        #expect(weeks.count == 6)
        #expect(weeks.allSatisfy { $0.count == 7 })
        #expect(weeks.first?.first?.description == first)
        #expect(weeks.last?.last?.description == last)
        #expect(weeks[0].contains { $0.month == month && $0.day == 1 })
    }

    @Test func february2021IsFourWholeWeeks() throws {
        let weeks = try #require(CalendarMonth(year: 2021, month: 2)).weeks()
        #expect(weeks.prefix(4).joined().map(\.day) == Array(1...28))
        #expect(weeks.prefix(4).joined().allSatisfy { $0.month == 2 })
        #expect(weeks[4].map(\.description) == ["2021-03-01", "2021-03-02", "2021-03-03", "2021-03-04", "2021-03-05", "2021-03-06", "2021-03-07"])
    }

    /// A month that starts on a Sunday has its 1st last in the first row.
    @Test func aMonthStartingOnSunday() throws {
        let weeks = try #require(CalendarMonth(year: 2026, month: 3)).weeks()
        #expect(weeks[0].map(\.description) == ["2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01"])
        #expect(weeks.joined().filter { $0.month == 3 }.map(\.day) == Array(1...31))
    }

    @Test(arguments: [(2021, 2), (2026, 3), (2024, 2), (2026, 11)])
    func everyRowRunsMondayToSunday(_ year: Int, _ month: Int) throws {
        for week in try #require(CalendarMonth(year: year, month: month)).weeks() {
            #expect(week.map(\.weekday) == [1, 2, 3, 4, 5, 6, 7])
        }
    }

    @Test(arguments: [(2026, 0, false), (2026, 13, false), (0, 6, false), (10000, 1, false), (1, 1, true), (9999, 12, true)])
    func monthsThatExist(_ year: Int, _ month: Int, _ exists: Bool) {
        #expect((CalendarMonth(year: year, month: month) != nil) == exists)
    }

    @Test func theMonthContainingADay() throws {
        let month = CalendarMonth(containing: try date("2026-11-23"))
        #expect([month.year, month.month] == [2026, 11])
        #expect(month == CalendarMonth(year: 2026, month: 11))
    }

    static let moves: [CalendarMoveCase] = [
        // Left and Right across months and years.
        CalendarMoveCase(from: "2026-03-31", move: .day(1), expected: "2026-04-01"),
        CalendarMoveCase(from: "2026-03-01", move: .day(-1), expected: "2026-02-28"),
        CalendarMoveCase(from: "2024-03-01", move: .day(-1), expected: "2024-02-29"),
        CalendarMoveCase(from: "2026-12-31", move: .day(1), expected: "2027-01-01"),
        CalendarMoveCase(from: "2026-01-01", move: .day(-1), expected: "2025-12-31"),
        // Up and Down: the same weekday a row away.
        CalendarMoveCase(from: "2026-03-28", move: .week(1), expected: "2026-04-04"),
        CalendarMoveCase(from: "2026-01-03", move: .week(-1), expected: "2025-12-27"),
        CalendarMoveCase(from: "2024-02-26", move: .week(1), expected: "2024-03-04"),
        CalendarMoveCase(from: "2026-12-28", move: .week(1), expected: "2027-01-04"),
        // Page Up and Page Down: the same day, or the month's last.
        CalendarMoveCase(from: "2026-01-31", move: .month(1), expected: "2026-02-28"),
        CalendarMoveCase(from: "2024-01-31", move: .month(1), expected: "2024-02-29"),
        CalendarMoveCase(from: "2026-03-31", move: .month(-1), expected: "2026-02-28"),
        CalendarMoveCase(from: "2026-12-15", move: .month(1), expected: "2027-01-15"),
        CalendarMoveCase(from: "2026-01-15", move: .month(-1), expected: "2025-12-15"),
        // Shift+Page Up and Shift+Page Down.
        CalendarMoveCase(from: "2024-02-29", move: .year(1), expected: "2025-02-28"),
        CalendarMoveCase(from: "2024-02-29", move: .year(-1), expected: "2023-02-28"),
        CalendarMoveCase(from: "2024-02-29", move: .year(4), expected: "2028-02-29"),
        CalendarMoveCase(from: "2026-12-31", move: .year(1), expected: "2027-12-31"),
        // Home and End: Monday and Sunday of the row, across months and years.
        CalendarMoveCase(from: "2026-11-25", move: .startOfWeek, expected: "2026-11-23"),
        CalendarMoveCase(from: "2026-11-25", move: .endOfWeek, expected: "2026-11-29"),
        CalendarMoveCase(from: "2026-11-23", move: .startOfWeek, expected: "2026-11-23"),
        CalendarMoveCase(from: "2026-11-23", move: .endOfWeek, expected: "2026-11-29"),
        CalendarMoveCase(from: "2026-03-01", move: .startOfWeek, expected: "2026-02-23"),
        CalendarMoveCase(from: "2026-03-01", move: .endOfWeek, expected: "2026-03-01"),
        CalendarMoveCase(from: "2026-12-30", move: .endOfWeek, expected: "2027-01-03"),
        CalendarMoveCase(from: "2026-01-02", move: .startOfWeek, expected: "2025-12-29"),
        // Never past min or max.
        CalendarMoveCase(from: "2026-01-01", move: .day(-1), min: "2026-01-01", expected: "2026-01-01"),
        CalendarMoveCase(from: "2026-12-31", move: .day(1), max: "2026-12-31", expected: "2026-12-31"),
        CalendarMoveCase(from: "2026-12-28", move: .week(1), max: "2026-12-31", expected: "2026-12-31"),
        CalendarMoveCase(from: "2026-01-05", move: .week(-1), min: "2026-01-01", expected: "2026-01-01"),
        CalendarMoveCase(from: "2026-01-15", move: .month(-1), min: "2026-01-10", expected: "2026-01-10"),
        CalendarMoveCase(from: "2026-12-15", move: .month(1), max: "2026-12-20", expected: "2026-12-20"),
        CalendarMoveCase(from: "2026-06-15", move: .year(1), min: "2026-01-01", max: "2026-12-31", expected: "2026-12-31"),
        CalendarMoveCase(from: "2026-06-15", move: .year(-1), min: "2026-01-01", max: "2026-12-31", expected: "2026-01-01"),
        CalendarMoveCase(from: "2026-01-02", move: .startOfWeek, min: "2026-01-01", expected: "2026-01-01"),
        CalendarMoveCase(from: "2026-12-30", move: .endOfWeek, max: "2026-12-31", expected: "2026-12-31"),
        CalendarMoveCase(from: "2026-06-15", move: .day(1), min: "2026-01-01", max: "2026-12-31", expected: "2026-06-16"),
        // The calendar's own ends.
        CalendarMoveCase(from: "0001-01-01", move: .day(-1), expected: "0001-01-01"),
        CalendarMoveCase(from: "0001-01-01", move: .startOfWeek, expected: "0001-01-01"),
        CalendarMoveCase(from: "0001-01-15", move: .month(-1), expected: "0001-01-01"),
        CalendarMoveCase(from: "9999-12-31", move: .week(1), expected: "9999-12-31"),
        CalendarMoveCase(from: "9999-12-31", move: .endOfWeek, expected: "9999-12-31"),
        CalendarMoveCase(from: "9999-06-15", move: .year(1), expected: "9999-12-31"),
        CalendarMoveCase(from: "2026-06-15", move: .week(Int.max), expected: "9999-12-31"),
        CalendarMoveCase(from: "2026-06-15", move: .week(Int.min), expected: "0001-01-01"),
    ]

    @Test(arguments: moves)
    func keys(_ c: CalendarMoveCase) throws {
        #expect(try date(c.from).moved(c.move, min: bound(c.min), max: bound(c.max)).description == c.expected)
    }
}
