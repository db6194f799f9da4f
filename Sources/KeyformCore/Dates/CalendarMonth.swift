/// The month a keyboard calendar popup shows: a grid of days to move through with the keys
/// of `CalendarMove`.
public struct CalendarMonth: Equatable, Sendable {
    public let year: Int
    /// 1 = January … 12 = December.
    public let month: Int

    /// The month `date` falls in: the one the popup shows around the focused day.
    public init(containing date: CalendarDate) {
        year = date.year; month = date.month
    }

    /// Nil outside years 1...9999 and months 1...12.
    public init?(year: Int, month: Int) {
        guard let first = CalendarDate(year: year, month: month, day: 1) else { return nil }
        self.init(containing: first)
    }

    /// The grid: 6 weeks of 7 days, Monday first, the month's days with the end of the month
    /// before and the start of the month after around them. Always 6 rows, so that the popup
    /// keeps its size (and the keys under the pointer) as a person pages through the months.
    ///
    /// The one month whose grid runs past 9999-12-31, December 9999, repeats that day where
    /// the later days would be, there being no later date; a caller greys out days of other
    /// months anyway.
    public func weeks() -> [[CalendarDate]] {
        let first = CalendarDate(year: year, month: month, day: 1) ?? .earliest
        let monday = first.adding(days: 1 - first.weekday)
        return (0..<6).map { week in (0..<7).map { monday.adding(days: 7 * week + $0) } }
    }
}

/// A key in a calendar popup, as the WAI-ARIA Authoring Practices' date picker dialog has them.
public enum CalendarMove: Equatable, Sendable {
    /// Right (+1) and Left (−1); the caller swaps them in a right-to-left layout, where the
    /// next day is to the left.
    case day(Int)
    /// Down (+1) and Up (−1): the same weekday, a row down or up.
    case week(Int)
    /// Page Down (+1) and Page Up (−1): the same day in the next or previous month, or its
    /// last day when the month is shorter.
    case month(Int)
    /// Shift+Page Down and Shift+Page Up: the same day a year on or back (28 February for 29).
    case year(Int)
    /// Home: the Monday of the week, the first day of its row.
    case startOfWeek
    /// End: the Sunday of the week, the last day of its row.
    case endOfWeek
}

extension CalendarDate {
    /// Where the focus goes in a calendar popup on `move`: never before `min` nor after `max`,
    /// so that the focus stays on a day the field takes and Enter always picks a good one.
    public func moved(_ move: CalendarMove, min: CalendarDate?, max: CalendarDate?) -> CalendarDate {
        let target = switch move {
        case .day(let count): adding(days: count)
        case .week(let count): adding(days: 7 * count.clamped(to: -CalendarDate.daySpan...CalendarDate.daySpan))
        case .month(let count): adding(months: count)
        case .year(let count): adding(years: count)
        case .startOfWeek: adding(days: 1 - weekday)
        case .endOfWeek: adding(days: 7 - weekday)
        }
        return target.clamped(min: min, max: max)
    }
}
