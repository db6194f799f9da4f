/// What one command line gave a command: each option's values by name, in the order given.
/// The command reads them through its `OptionSpec`s.
public struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]

    public init() {}

    mutating func add(_ value: String, for option: OptionSpec) {
        if option.kind == .value { values[option.name] = [value] } else { values[option.name, default: []].append(value) }
    }

    func contains(_ option: OptionSpec) -> Bool { values[option.name] != nil }

    /// Whether a flag was given.
    public func flag(_ option: OptionSpec) -> Bool { contains(option) }

    /// A single value's text, the last one given.
    public func value(_ option: OptionSpec) -> String? { values[option.name]?.last }

    /// A single value's text, else the option's default (empty if it has none).
    public func valueOrDefault(_ option: OptionSpec) -> String { value(option) ?? option.defaultValue ?? "" }

    /// A repeated option's or the positional arguments' values, in order.
    public func values(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }

    /// A value converted by `parse`; nil from it is a usage error that names the option (and its
    /// choices, if it has some).
    public func value<T>(_ option: OptionSpec, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = value(option) else { return nil }
        guard let value = parse(text) else {
            var message = "The value '\(text)' is invalid for '\(option.synopsis)'"
            if !option.choices.isEmpty {
                let quoted = option.choices.map { "'\($0)'" }
                message += ". Please provide one of \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last!)."
            }
            throw UsageError(message, option: option)
        }
        return value
    }

    /// A value converted by `check`, whose error says why the text is wrong.
    public func value<T>(_ option: OptionSpec, checking check: (String) throws(UsageError) -> T) throws(UsageError) -> T? {
        guard let text = value(option) else { return nil }
        do { return try check(text) } catch {
            throw UsageError("The value '\(text)' is invalid for '\(option.synopsis)': \(error.message)", option: option)
        }
    }

    /// One of a `String` enumeration's cases, by its raw value.
    public func choice<T: RawRepresentable>(_ option: OptionSpec) throws(UsageError) -> T? where T.RawValue == String {
        try value(option) { T(rawValue: $0) }
    }
}
