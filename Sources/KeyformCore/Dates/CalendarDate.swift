/// A day on the calendar, with no time and no time zone: what a date field holds. A form asks
/// for "the day of the appointment", which is the same day wherever the window runs, so there
/// is nothing to convert and no clock to read (`today` is always given by the caller).
///
/// Proleptic Gregorian (the Gregorian rules carried back before 1582, as ISO 8601 and HTML do),
/// years 1...9999: the years four ISO digits can write. Every value is a real date; arithmetic
/// that would leave the range stops at its ends.
public struct CalendarDate: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1 = January … 12 = December.
    public let month: Int
    /// 1 … `daysInMonth(month, of: year)`.
    public let day: Int

    /// The first and last dates there are: where arithmetic and clamping stop.
    public static let earliest = CalendarDate(checked: 1, 1, 1)
    public static let latest = CalendarDate(checked: 9999, 12, 31)

    /// The date, or nil when there is no such day (30 February, month 13, year 0 or 10000).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), day >= 1, day <= Self.daysInMonth(month, of: year) else { return nil }
        self.init(checked: year, month, day)
    }

    /// For values the caller has already proved valid.
    private init(checked year: Int, _ month: Int, _ day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// Divisible by 4, except centuries, except every fourth century: 1900 is not, 2000 is.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// 28 to 31; 0 for a month outside 1...12, so that no day fits in it.
    public static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        case 1...12: 31
        default: 0
        }
    }

    /// `2026-03-07`: ISO 8601, as a date field shows and submits it.
    public var description: String {
        Self.padded(year, to: 4) + "-" + Self.padded(month, to: 2) + "-" + Self.padded(day, to: 2)
    }

    /// ISO: 1 = Monday … 7 = Sunday, the order of the calendar's columns.
    public var weekday: Int {
        // 1970-01-01, day 0, was a Thursday (4). Earlier days count negative, and Swift's `%`
        // keeps the sign, hence the second turn.
        ((daysSinceEpoch + 3) % 7 + 7) % 7 + 1
    }

    /// 1 = 1 January … 365, or 366 on 31 December of a leap year.
    public var dayOfYear: Int {
        daysSinceEpoch - Self.daysSinceEpoch(year: year, month: 1, day: 1) + 1
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    // MARK: Arithmetic

    /// `days` later (earlier when negative), across months and years: 31 Dec + 1 = 1 Jan of the
    /// next year. Counts days rather than stepping through months, so a jump of any size costs
    /// the same; past either end of the range, the end.
    public func adding(days: Int) -> CalendarDate {
        let target = daysSinceEpoch + days.clamped(to: -Self.daySpan...Self.daySpan)
        return Self(daysSinceEpoch: target.clamped(to: Self.earliest.daysSinceEpoch...Self.latest.daysSinceEpoch))
    }

    /// The same day `months` later; on a day the month lacks, its last day (31 January + 1
    /// month = 29 February 2024), as calendars and spreadsheets do. Past either end of the
    /// range, the end.
    public func adding(months: Int) -> CalendarDate {
        let span = 12 * 9999
        let index = year * 12 + (month - 1) + months.clamped(to: -span...span)
        let (targetYear, targetMonth) = (index / 12, index % 12 + 1)
        if targetYear < 1 { return .earliest }
        if targetYear > 9999 { return .latest }
        return CalendarDate(checked: targetYear, targetMonth, min(day, Self.daysInMonth(targetMonth, of: targetYear)))
    }

    /// The same day `years` later; 29 February becomes 28 February in a common year.
    public func adding(years: Int) -> CalendarDate {
        adding(months: 12 * years.clamped(to: -9999...9999))
    }

    /// This date brought within `min...max` where it falls outside; either bound may be absent.
    /// Should `min` be after `max`, `min` wins: a form that asks for the impossible still gets
    /// a date no earlier than it asked for.
    public func clamped(min: CalendarDate?, max: CalendarDate?) -> CalendarDate {
        var date = self
        if let max, date > max { date = max }
        if let min, date < min { date = min }
        return date
    }

    // MARK: Days since 1970-01-01

    /// Days from the first date to the last, 3.65 million: a longer step lands past an end
    /// from anywhere, so steps are cut to it before any sum that could overflow.
    static let daySpan = latest.daysSinceEpoch - earliest.daysSinceEpoch

    /// Days from 1970-01-01 (negative before it): one number for day arithmetic and weekdays.
    var daysSinceEpoch: Int { Self.daysSinceEpoch(year: year, month: month, day: day) }

    /// Howard Hinnant's `days_from_civil`: years counted from 1 March, so that the leap day
    /// falls last and each month's start is a linear formula. Years here are ≥ 1, so every
    /// division is of a non-negative number.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400, yearOfEra = y % 400
        let dayOfMarchYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfMarchYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Hinnant's `civil_from_days`, the inverse of `daysSinceEpoch`; `days` must be in range.
    private init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = shifted / 146_097, dayOfEra = shifted % 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfMarchYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfMarchYear + 2) / 153
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        let day = dayOfMarchYear - (153 * marchMonth + 2) / 5 + 1
        self.init(checked: era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
    }

    /// `7` → `07`; a number wider than `width` is written whole.
    static func padded(_ number: Int, to width: Int, with pad: Character = "0") -> String {
        let digits = String(number)
        return String(repeating: pad, count: max(0, width - digits.count)) + digits
    }
}

extension Int {
    /// The nearest number in `range`: a typed field brought to the calendar, or a step that
    /// would pass the calendar's ends anyway cut before it is multiplied or summed, so that it
    /// cannot overflow.
    func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
