import KeyformCore
import Testing

/// Output formats as zenity's `--forms-date-format` takes them: strftime conversions with the C
/// locale's English names, anything unknown copied as typed and named as a problem.
@Suite("Date formats") struct DateFormatTests {
    /// 2026-03-07 is a Saturday, day 66; 2026-03-08 a Sunday; 2026-11-23 a Monday, day 327.
    @Test(arguments: [
        ("%Y", "2026-03-07", "2026"), ("%Y", "0099-01-05", "0099"), ("%Y", "0001-01-01", "0001"),
        ("%y", "2026-03-07", "26"), ("%y", "2000-01-01", "00"), ("%y", "0099-01-05", "99"),
        ("%C", "2026-03-07", "20"), ("%C", "1999-12-31", "19"), ("%C", "0099-01-05", "00"),
        ("%m", "2026-03-07", "03"), ("%m", "2026-11-23", "11"), ("%d", "2026-03-07", "07"), ("%d", "2026-11-23", "23"),
        ("%e", "2026-03-07", " 7"), ("%e", "2026-11-23", "23"),
        ("%j", "2026-03-07", "066"), ("%j", "2026-01-01", "001"), ("%j", "2024-12-31", "366"),
        ("%B", "2026-03-07", "March"), ("%B", "2026-09-01", "September"), ("%b", "2026-03-07", "Mar"),
        ("%b", "2026-09-01", "Sep"), ("%h", "2026-12-01", "Dec"),
        ("%A", "2026-03-07", "Saturday"), ("%A", "2026-11-23", "Monday"), ("%a", "2026-03-07", "Sat"),
        ("%a", "2026-03-11", "Wed"),
        ("%u", "2026-03-08", "7"), ("%u", "2026-11-23", "1"), ("%w", "2026-03-08", "0"), ("%w", "2026-03-07", "6"),
        ("%F", "2026-03-07", "2026-03-07"), ("%F", "0099-01-05", "0099-01-05"),
        ("%D", "2026-03-07", "03/07/26"), ("%x", "2026-03-07", "03/07/26"),
        ("%n", "2026-03-07", "\n"), ("%t", "2026-03-07", "\t"), ("%%", "2026-03-07", "%"), ("100%%", "2026-03-07", "100%"),
        ("%A %e %B %Y", "2026-11-23", "Monday 23 November 2026"), ("%A %e %B %Y", "2026-03-07", "Saturday  7 March 2026"),
        ("%a, %d %b %Y", "2026-03-07", "Sat, 07 Mar 2026"), ("Due: %d.%m.", "2026-03-07", "Due: 07.03."),
        ("📅 %F", "2026-03-07", "📅 2026-03-07"), ("", "2026-03-07", ""), ("no conversions", "2026-03-07", "no conversions"),
        // GNU's padding flags, on numbers only.
        ("%-d/%-m/%Y", "2026-03-07", "7/3/2026"), ("%_m", "2026-03-07", " 3"), ("%0e", "2026-03-07", "07"),
        ("%-j", "2026-03-07", "66"), ("%_j", "2026-03-07", " 66"), ("%-Y", "0099-01-05", "99"), ("%-B", "2026-03-07", "March"),
        ("%-%", "2026-03-07", "%"),
        // Unknown conversions, and a "%" the pattern ends on, are copied as typed.
        ("%Q", "2026-03-07", "%Q"), ("%H:%M", "2026-03-07", "%H:%M"), ("100%", "2026-03-07", "100%"),
        ("%-Q", "2026-03-07", "%-Q"), ("%-", "2026-03-07", "%-"), ("%Ex", "2026-03-07", "%Ex"),
    ])
    func conversions(_ pattern: String, _ iso: String, _ expected: String) throws {
        #expect(DateFormat(pattern).string(from: try date(iso)) == expected)
    }

    /// A date written in a format reads back (yad's `--date-format` values start date fields),
    /// exactly as the format writes it; anything else is nil. 2026-12-24 is a Thursday.
    @Test(arguments: [
        ("%d/%m/%Y", "24/12/2026", "2026-12-24"), ("%x", "12/24/26", "2026-12-24"), ("%D", "01/02/69", "1969-01-02"),
        ("%F", "2026-12-24", "2026-12-24"), ("%d.%m.%Y", "05.01.2026", "2026-01-05"), ("%-d.%-m.%Y", "5.1.2026", "2026-01-05"),
        ("%e %B %Y", " 5 January 2026", "2026-01-05"), ("%A, %d %b %Y", "Thursday, 24 Dec 2026", "2026-12-24"),
        ("Due: %Y%m%d", "Due: 20261224", "2026-12-24"), ("%j %Y", "358 2026", nil),
        ("%d.%m.%Y", "5.1.2026", nil), ("%d/%m/%Y", "31/02/2026", nil), ("%F", "2026-12-24x", nil), ("%F", "", nil),
        ("%d %b", "24 Dec", nil), ("%A, %d %b %Y", "Friday, 24 Dec 2026", nil), ("%d/%m/%Y", "24/13/2026", nil),
        ("%B %Y %d", "Smarch 2026 01", nil),
    ])
    func readingBack(_ pattern: String, _ text: String, _ iso: String?) throws {
        #expect(DateFormat(pattern).date(from: text) == (try iso.map { try date($0) }))
    }

    @Test(arguments: [("0001-01-01", "0001-01-01"), ("2026-11-23", "2026-11-23"), ("9999-12-31", "9999-12-31")])
    func isoIsTheDefault(_ iso: String, _ expected: String) throws {
        #expect(DateFormat.iso.string(from: try date(iso)) == expected)
        #expect(DateFormat.iso == DateFormat("%Y-%m-%d"))
    }

    @Test(arguments: [
        ("%Y-%m-%d", []), ("%A %e %B %Y %% %n%t%-d %_e %0m %F %D %x %C %y %j %u %w %a %b %h", []), ("%%Q", []),
        ("%Q", [#""%Q" is not a date conversion"#]),
        ("%H:%M %Q %H", [#""%H" is not a date conversion"#, #""%M" is not a date conversion"#, #""%Q" is not a date conversion"#]),
        ("%-Q", [#""%-Q" is not a date conversion"#]), ("%Ex", [#""%E" is not a date conversion"#]),
        ("100%", [#""%" at the end is not a date conversion (write "%%" for a percent sign)"#]),
        ("%d %-", [#""%-" at the end is not a date conversion (write "%%" for a percent sign)"#]),
    ])
    func problems(_ pattern: String, _ expected: [String]) {
        #expect(DateFormat.problems(in: pattern) == expected)
    }
}
