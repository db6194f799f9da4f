import ArgumentParser
import KeyformCore

extension CalendarDate: ExpressibleByArgument {
    /// `--today 2026-11-23`: ISO, as a date field is typed.
    public init?(argument: String) {
        guard case .success(let date) = CalendarDate.parse(argument) else { return nil }
        self = date
    }
}
