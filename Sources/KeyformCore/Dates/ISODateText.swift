/// Why the text of a date field is not a date it takes. Each description is a short clause
/// with no field name and no full stop, for the control to prefix: "Start: February 2026 has
/// 28 days". They say what would be right, not only what is wrong, so that a person can fix
/// the text without looking anything up. An `Error` only so that `parse` can return a `Result`.
public enum DateProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not `YYYY-MM-DD` with ASCII digits, or year 0000.
    case notISO
    /// Month 00, or 13 and above.
    case noSuchMonth(Int)
    /// Day 00, or past the end of its month.
    case noSuchDay(year: Int, month: Int, day: Int)
    /// Earlier than the field's `min`, which it carries.
    case beforeMinimum(CalendarDate)
    /// Later than the field's `max`, which it carries.
    case afterMaximum(CalendarDate)

    public var description: String {
        switch self {
        case .notISO: "use the form YYYY-MM-DD"
        case .noSuchMonth(let month): "there is no month \(month)"
        case .noSuchDay(let year, let month, let day):
            // "January 2026 has 31 days" would not say what is wrong with day 0.
            if day >= 1, let name = DateFormat.monthNames.element(at: month - 1) {
                "\(name) \(year) has \(CalendarDate.daysInMonth(month, of: year)) days"
            } else {
                "there is no day \(day)"
            }
        case .beforeMinimum(let date): "the earliest date is \(date)"
        case .afterMaximum(let date): "the latest date is \(date)"
        }
    }
}

/// One of the three numbers of an ISO date, which Up and Down step in a date field.
public enum DatePart: CaseIterable, Sendable {
    case year, month, day

    /// Where the part's digits stand in ISO text, in Characters: `2026-03-07` has the year at
    /// 0..<4, the month at 5..<7, the day at 8..<10. The control selects these to show which
    /// part Up and Down will step.
    public var offsets: Range<Int> {
        switch self {
        case .year: 0..<4
        case .month: 5..<7
        case .day: 8..<10
        }
    }
}

/// Reading and stepping what a person typed in a date field: ISO 8601 (`YYYY-MM-DD`) and
/// nothing else, since it is the one form that cannot be misread (03/04 is March or April
/// depending on who reads it) and the one the field submits.
extension CalendarDate {
    /// The date in `text`, which must be exactly `YYYY-MM-DD` in ASCII digits (spaces around it
    /// are dropped), within `min...max` where they are given; otherwise what is wrong, checked
    /// in the order a person would fix it: the shape, the month, the day, the range.
    public static func parse(_ text: String, min: CalendarDate? = nil, max: CalendarDate? = nil) -> Result<CalendarDate, DateProblem> {
        guard let iso = ISONumbers(text), iso.year >= 1 else { return .failure(.notISO) }
        guard (1...12).contains(iso.month) else { return .failure(.noSuchMonth(iso.month)) }
        guard let date = CalendarDate(year: iso.year, month: iso.month, day: iso.day) else {
            return .failure(.noSuchDay(year: iso.year, month: iso.month, day: iso.day))
        }
        if let min, date < min { return .failure(.beforeMinimum(min)) }
        if let max, date > max { return .failure(.afterMaximum(max)) }
        return .success(date)
    }

    /// The part of ISO-shaped `text` that a caret at `offset` (in Characters) is in, or nil when
    /// the text is not `DDDD-DD-DD`. A caret just after a part's last digit is still in it, as
    /// a person who has just typed the year expects Up to step the year: 0...4 is the year,
    /// 5...7 the month, 8...10 the day. A caret in spaces around the date counts as at its
    /// nearer end.
    public static func part(atCaret offset: Int, in text: String) -> DatePart? {
        ISONumbers(text).map { part(atOffset: $0.offset(ofCaret: offset)) }
    }

    /// What Up (`delta` +1) and Down (−1) do in a date field: step the part under the caret,
    /// carrying into the others (the day after 2026-12-31 is 2027-01-01; a month after
    /// 2026-01-31 is 2026-02-28), keep the result within `min...max`, and leave the caret where
    /// it was in the part, in the date's ISO text (spaces around it dropped).
    ///
    /// ISO-shaped text that is no date is first brought to the nearest one (2026-02-30 to
    /// 2026-02-28, month 13 to 12), so that a slip is fixed by stepping rather than by
    /// retyping. Empty or other text becomes `today` (within `min...max`), unstepped, with the
    /// caret at its end: a spin button's Up on an empty field shows a start, not a jump.
    public static func stepping(_ text: String, caret: Int, by delta: Int, min: CalendarDate?, max: CalendarDate?,
                                today: CalendarDate) -> (text: String, caret: Int) {
        guard let iso = ISONumbers(text) else {
            let start = today.clamped(min: min, max: max)
            return (start.description, start.description.count)
        }
        let offset = iso.offset(ofCaret: caret)
        let stepped = iso.nearestDate.adding(delta, to: part(atOffset: offset)).clamped(min: min, max: max)
        return (stepped.description, offset)
    }

    /// `count` years, months or days later, as Up and Down step `part`: see `adding(days:)`,
    /// `adding(months:)` and `adding(years:)`.
    public func adding(_ count: Int, to part: DatePart) -> CalendarDate {
        switch part {
        case .year: adding(years: count)
        case .month: adding(months: count)
        case .day: adding(days: count)
        }
    }

    /// The part at an offset into the ISO text itself (0...10).
    private static func part(atOffset offset: Int) -> DatePart {
        DatePart.allCases.first { ($0.offsets.lowerBound...$0.offsets.upperBound).contains(offset) } ?? .day
    }
}

/// The three numbers of ISO-shaped text, `DDDD-DD-DD` in ASCII digits with any spaces around it,
/// before any check that they make a date: parsing and stepping both start here.
private struct ISONumbers {
    var year = 0, month = 0, day = 0
    /// Characters of space before the date, which caret offsets count too.
    var leading = 0

    init?(_ text: String) {
        let start = text.firstIndex { !$0.isBlank } ?? text.endIndex
        let end = text.lastIndex { !$0.isBlank }.map(text.index(after:)) ?? start
        // Bytes, not Characters: a fullwidth "２" or an Arabic-Indic digit is a digit to
        // Character but not to ISO 8601, and it makes the text longer than 10 bytes.
        let bytes = Array(text.utf8[start..<end])
        guard bytes.count == 10 else { return nil }
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch index {
            case ..<4: year = year * 10 + digit
            case ..<7: month = month * 10 + digit
            default: day = day * 10 + digit
            }
        }
        leading = text.distance(from: text.startIndex, to: start)
    }

    /// The caret's offset into the date itself, 0...10; from the spaces around it, the nearer end.
    func offset(ofCaret caret: Int) -> Int {
        (caret - leading).clamped(to: 0...10)
    }

    /// The date these numbers come nearest to: each brought into its range in turn, year,
    /// month, then the day within that month.
    var nearestDate: CalendarDate {
        let year = year.clamped(to: 1...9999), month = month.clamped(to: 1...12)
        let day = day.clamped(to: 1...CalendarDate.daysInMonth(month, of: year))
        return CalendarDate(year: year, month: month, day: day) ?? .earliest
    }
}

extension Array {
    /// The element at `index`, or nil past either end.
    fileprivate func element(at index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
