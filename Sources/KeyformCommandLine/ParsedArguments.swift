/// What one command line gave a command: each option given and its value, in the order given.
/// The command reads them through its `OptionSpec`s.
public struct ParsedArguments: Sendable {
    /// A list, not a dictionary: a command line holds a few dozen at most, and a dictionary's
    /// first use makes the Swift runtime look up `String: Hashable` among every conformance
    /// record of the program (100 K instructions at start-up, more than all the parsing).
    private var given: [Given] = []

    private struct Given: Sendable {
        let name: String
        let value: String
    }

    public init() {}

    mutating func add(_ value: String, for option: OptionSpec) {
        given.append(Given(name: option.name, value: value))
    }

    func contains(_ option: OptionSpec) -> Bool { given.contains { $0.name == option.name } }

    /// Whether a flag was given.
    public func flag(_ option: OptionSpec) -> Bool { contains(option) }

    /// A single value's text, the last one given.
    public func value(_ option: OptionSpec) -> String? { given.last { $0.name == option.name }?.value }

    /// A single value's text, else the option's default (empty if it has none).
    public func valueOrDefault(_ option: OptionSpec) -> String { value(option) ?? option.defaultValue ?? "" }

    /// A repeated option's or the positional arguments' values, in order.
    public func values(_ option: OptionSpec) -> [String] { given.filter { $0.name == option.name }.map(\.value) }

    /// A value converted by `parse`; nil from it is a usage error that names the option (and its
    /// choices, if it has some).
    public func value<T>(_ option: OptionSpec, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = value(option) else { return nil }
        guard let value = parse(text) else { throw UsageError.invalidValue(text, for: option) }
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
