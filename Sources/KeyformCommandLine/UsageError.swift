/// A command line that cannot run: an unknown option, a missing or bad value, an argument where
/// none is taken. The program prints it with the command's usage and exits 2.
public struct UsageError: Error, Equatable {
    public let message: String
    /// The option it is about, whose help is printed with it.
    public var option: OptionSpec?

    public init(_ message: String, option: OptionSpec? = nil) {
        self.message = message
        self.option = option
    }

    /// `The value 'purple' is invalid for '--theme <THEME>'`, and the choices if it has some.
    static func invalidValue(_ text: String, for option: OptionSpec) -> UsageError {
        var message = "The value '\(text)' is invalid for '\(option.synopsis)'"
        if let last = option.choices.last {
            let quoted = option.choices.dropLast().map { "'\($0)'" }
            message += ". Please provide one of " + (quoted.isEmpty ? "'\(last)'." : quoted.joined(separator: ", ") + " or '\(last)'.")
        }
        return UsageError(message, option: option)
    }
}

/// Ends the program with `status`, all it had to say said already.
public struct ExitCode: Error {
    public let status: Int32

    public init(_ status: Int32) {
        self.status = status
    }
}
