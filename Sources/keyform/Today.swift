import ArgumentParser
import Glibc
import KeyformCore

extension CalendarDate: ExpressibleByArgument {
    /// `--today 2026-11-23`: ISO, as a date field is typed.
    public init?(argument: String) {
        guard case .success(let date) = CalendarDate.parse(argument) else { return nil }
        self = date
    }

    /// The date on the system's clock in the local time zone: the person's today. Only the
    /// executable reads it; the core is given it (`FormSession.today`), so that replay and tests,
    /// given `--today`, do the same on any day.
    static var systemToday: CalendarDate {
        var now = time(nil), local = tm()
        localtime_r(&now, &local)
        return CalendarDate(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday)) ?? .earliest
    }
}
