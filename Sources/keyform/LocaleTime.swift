import Glibc
import KeyformCore

/// A date through the C library's `strftime` in the locale of the environment (`LC_ALL`,
/// `LC_TIME`, `LANG`), as zenity prints its calendars: `%x` is `11/29/2026` under en_US and
/// `2026年11月29日` under ja_JP. Only the time category is taken, and only here: the rest of
/// Keyform reads and prints numbers and dates in the C locale.
enum LocaleTime {
    static func string(_ date: CalendarDate, format: String) -> String {
        var time = tm()
        time.tm_year = Int32(date.year - 1900)
        time.tm_mon = Int32(date.month - 1)
        time.tm_mday = Int32(date.day)
        time.tm_wday = Int32(date.weekday % 7)  // 0 = Sunday; `weekday` is ISO's, 7 = Sunday
        time.tm_yday = Int32(date.dayOfYear - 1)
        time.tm_hour = 0
        let locale = newlocale(LC_TIME_MASK, "", nil) ?? newlocale(LC_TIME_MASK, "C", nil)
        defer { if let locale { freelocale(locale) } }
        // zenity's buffer is 128 bytes; a longer result prints nothing there, and whole here.
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = strftime_l(&buffer, buffer.count, format, &time, locale)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
