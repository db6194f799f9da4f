/// How a date field writes its value on output, as zenity's `--forms-date-format` does: a
/// strftime pattern, so that scripts moving from zenity keep their formats. Names are the
/// C locale's (English), whatever the person's language, because the output is read by a
/// script, not by the person.
///
/// Conversions: `%Y` year (four digits), `%y` year in the century, `%C` century, `%m` month,
/// `%d` day, `%e` day padded with a space, `%j` day of the year, `%B`/`%b`/`%h` month name
/// full and short, `%A`/`%a` weekday name full and short, `%u` weekday 1 = Monday … 7, `%w`
/// weekday 0 = Sunday … 6, `%F` = `%Y-%m-%d`, `%D` and `%x` = `%m/%d/%y`, `%n` newline, `%t`
/// tab, `%%` a percent sign. GNU's padding flags work on the numbers: `%-d` none, `%_d`
/// spaces, `%0e` zeros. Anything else is copied as typed (as glibc does), and `problems(in:)`
/// names it so that the form file's reader can say so before anyone relies on it.
///
/// `%Y` is always four digits (0099, not glibc's 99), as GNU `date` writes it, so that `%F`
/// and `iso` are ISO 8601 and read back by `CalendarDate.parse` for every year.
public struct DateFormat: Sendable, Equatable {
    public let pattern: String
    private let pieces: [Piece]

    /// ISO 8601, what a date field submits when its form names no format.
    public static let iso = DateFormat("%Y-%m-%d")

    public init(_ pattern: String) {
        self.pattern = pattern
        pieces = Self.pieces(of: pattern)
    }

    public func string(from date: CalendarDate) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text), .unknown(let text), .unfinished(let text): text
            case .conversion(let letter, let padding): Self.convert(letter, padding, date)
            }
        }.joined()
    }

    /// The date `text` is, written in this format, or nil: yad's `--date-format` values start a
    /// date field so. The year, month and day are read from `%Y`, `%y` (1969–2068, as POSIX
    /// `strptime`), `%m`, `%d`, `%e` and the month names; the other conversions are passed over,
    /// and the date must then write back as exactly `text` (so a wrong weekday is nil too).
    public func date(from text: String) -> CalendarDate? {
        var rest = text[...], year: Int?, month: Int?, day: Int?
        for piece in pieces {
            switch piece {
            case .text(let literal), .unknown(let literal), .unfinished(let literal):
                guard rest.hasPrefix(literal) else { return nil }
                rest = rest.dropFirst(literal.count)
            case .conversion(let letter, _):
                switch letter {
                case "Y": year = Self.number(&rest, digits: 4)
                case "y": year = Self.number(&rest, digits: 2).map { $0 < 69 ? 2000 + $0 : 1900 + $0 }
                case "m": month = Self.number(&rest, digits: 2)
                case "d", "e": day = Self.number(&rest, digits: 2)
                case "B", "b", "h":
                    let name = rest.prefix { $0.isLetter }
                    month = Self.monthNames.firstIndex { $0 == name || $0.prefix(3) == name }.map { $0 + 1 }
                    rest = rest.dropFirst(name.count)
                case "n", "t", "%": rest = rest.dropFirst()
                default: rest = rest.drop { $0.isLetter || $0.isNumber || $0 == " " }
                }
            }
        }
        guard let year, let month, let day, let date = CalendarDate(year: year, month: month, day: day) else { return nil }
        return string(from: date) == text ? date : nil
    }

    /// Up to `digits` ASCII digits after any spaces (a padded `%e`), taken off the front of `text`.
    private static func number(_ text: inout Substring, digits: Int) -> Int? {
        text = text.drop { $0 == " " }
        let run = text.prefix(digits).prefix { $0.isASCII && $0.isNumber }
        text = text.dropFirst(run.count)
        return Int(run)
    }

    /// What in `pattern` is not a date conversion, one sentence each (`"%Q" is not a date
    /// conversion`), each said once; empty when all is well.
    public static func problems(in pattern: String) -> [String] {
        var seen = Set<String>()
        return pieces(of: pattern).compactMap { piece in
            switch piece {
            case .unknown(let typed): seen.insert(typed).inserted ? #""\#(typed)" is not a date conversion"# : nil
            case .unfinished(let typed): #""\#(typed)" at the end is not a date conversion (write "%%" for a percent sign)"#
            default: nil
            }
        }
    }

    // MARK: Names

    /// The C locale's month names, January first.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    /// The C locale's weekday names, Monday first (ISO order, as `CalendarDate.weekday`).
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    // MARK: Reading the pattern

    /// A run of the pattern: text to copy, a conversion to fill in, or a `%` sequence that is
    /// no conversion, within the pattern or cut off by its end (copied as typed too, but worth
    /// a problem).
    private enum Piece: Equatable, Sendable {
        case text(String)
        case conversion(Character, Padding?)
        case unknown(String)
        case unfinished(String)
    }

    /// What a GNU flag asks a number to be padded with.
    private enum Padding: Equatable, Sendable {
        case none, spaces, zeros
    }

    private static func padding(_ flag: Character) -> Padding? {
        switch flag {
        case "-": Padding.none
        case "_": .spaces
        case "0": .zeros
        default: nil
        }
    }

    private static let conversions: Set<Character> = ["Y", "y", "C", "m", "d", "e", "j", "B", "b", "h", "A", "a", "u", "w", "n", "t", "%"]
    /// Conversions that stand for a pattern of others.
    private static let shorthands: [Character: String] = ["F": "%Y-%m-%d", "D": "%m/%d/%y", "x": "%m/%d/%y"]

    private static func pieces(of pattern: String) -> [Piece] {
        var pieces: [Piece] = [], text = ""
        var rest = pattern[...]
        while let character = rest.popFirst() {
            guard character == "%" else { text.append(character); continue }
            if !text.isEmpty { pieces.append(.text(text)); text = "" }
            var flag: Padding?
            var typed = "%"
            while let next = rest.first, let asked = padding(next) {
                flag = asked; typed.append(next); rest.removeFirst()
            }
            guard let letter = rest.popFirst() else { pieces.append(.unfinished(typed)); break }
            if let shorthand = shorthands[letter] {
                pieces += Self.pieces(of: shorthand)
            } else if conversions.contains(letter) {
                pieces.append(.conversion(letter, flag))
            } else {
                pieces.append(.unknown(typed + String(letter)))
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    // MARK: Filling in

    private static func convert(_ letter: Character, _ padding: Padding?, _ date: CalendarDate) -> String {
        switch letter {
        case "Y": number(date.year, 4, padding ?? .zeros)
        case "y": number(date.year % 100, 2, padding ?? .zeros)
        case "C": number(date.year / 100, 2, padding ?? .zeros)
        case "m": number(date.month, 2, padding ?? .zeros)
        case "d": number(date.day, 2, padding ?? .zeros)
        case "e": number(date.day, 2, padding ?? .spaces)
        case "j": number(date.dayOfYear, 3, padding ?? .zeros)
        case "u": String(date.weekday)
        case "w": String(date.weekday % 7)
        case "B": monthNames[date.month - 1]
        case "b", "h": String(monthNames[date.month - 1].prefix(3))
        case "A": weekdayNames[date.weekday - 1]
        case "a": String(weekdayNames[date.weekday - 1].prefix(3))
        case "n": "\n"
        case "t": "\t"
        default: "%"
        }
    }

    private static func number(_ value: Int, _ width: Int, _ padding: Padding) -> String {
        switch padding {
        case .none: String(value)
        case .spaces: CalendarDate.padded(value, to: width, with: " ")
        case .zeros: CalendarDate.padded(value, to: width)
        }
    }
}
