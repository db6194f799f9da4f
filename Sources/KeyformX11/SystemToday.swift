import Glibc
import KeyformCore

extension CalendarDate {
    /// The date on the system's clock in the local time zone: the person's today. Only the hosts
    /// read it (`keyform`, the `Keyform` library); the core is given it (`FormSession.today`),
    /// so that replay and tests, given `--today`, do the same on any day.
    public static var systemToday: CalendarDate {
        var now = time(nil), local = tm()
        localtime_r(&now, &local)
        return CalendarDate(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday)) ?? .earliest
    }
}
