/// Why a value cannot go into a form: `no field "nope"`, `"9" is not one of the options of "years": 0, 1, 2`.
public struct PrefillError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Putting values into a form before it opens: `--value ID=TEXT`, or a draft saved earlier.
extension Form {
    /// Sets the starting value of the field `id`, wherever it is, as its kind's `ValueShape` says:
    /// text, one of the options, a list of text (or one text split at `|`, as `--value` gives
    /// it), a boolean (or `true`/`false` as text), or an ISO date within the field's `min` and
    /// `max` (a draft holds ISO whatever the field's output `format`).
    public mutating func prefill(_ id: String, with value: JSONValue) throws(PrefillError) {
        guard try Self.prefill(id, with: value, in: &fields) else { throw PrefillError("no field \"\(id)\"") }
    }

    /// Returns whether `id` was found among `fields` or their sections' fields.
    private static func prefill(_ id: String, with value: JSONValue, in fields: inout [Field]) throws(PrefillError) -> Bool {
        for index in fields.indices {
            if fields[index].id == id {
                try fields[index].prefill(with: value)
                return true
            }
            if try prefill(id, with: value, in: &fields[index].fields) { return true }
        }
        return false
    }
}

extension Field {
    mutating func prefill(with value: JSONValue) throws(PrefillError) {
        try checkLimits(value)
        switch (kind.control.valueShape, value) {
        case (.string, .string(let text)):
            self.value = text
        case (.string, .number(let number)) where format == .number:
            self.value = Field.format(number)
        case (.option, .string(let option)):
            guard options.contains(option) else {
                throw PrefillError("\"\(option)\" is not one of the options of \"\(id)\": \(options.joined(separator: ", "))")
            }
            self.value = option
        case (.strings, .string(let joined)):
            tokens = joined.isEmpty ? [] : joined.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        case (.strings, .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw PrefillError("\"\(id)\" takes text or a list of text") }
                texts.append(text)
            }
            tokens = texts
        case (.strings, _): throw PrefillError("\"\(id)\" takes text or a list of text")
        case (.boolean, .bool(let on)): self.value = String(on)
        case (.boolean, .string(let text)) where text == "true" || text == "false": self.value = text
        case (.boolean, _): throw PrefillError("\"\(id)\" takes true or false")
        case (.isoDate, .string(let text)):
            guard !text.trimmingSpaces.isEmpty else { self.value = ""; return }
            switch CalendarDate.parse(text, min: minimumDate, max: maximumDate) {
            case .success(let date): self.value = date.description
            case .failure(let problem): throw PrefillError("\"\(text)\" is no date for \"\(id)\": \(problem)")
            }
        case (.none, _): throw PrefillError("\"\(id)\" has no value")
        case (.string, _), (.option, _), (.isoDate, _): throw PrefillError("\"\(id)\" takes text")
        }
    }

    /// The limits a form file's values have (`InputLimits`), for values from drafts and flags.
    private func checkLimits(_ value: JSONValue) throws(PrefillError) {
        switch value {
        case .string(let text) where text.utf8.count > InputLimits.valueBytes:
            throw PrefillError("\"\(id)\" takes at most \(InputLimits.describe(bytes: InputLimits.valueBytes)) of text")
        case .array(let items) where items.count > InputLimits.options:
            throw PrefillError("\"\(id)\" takes at most \(InputLimits.describe(count: InputLimits.options)) tokens")
        case .array(let items):
            for item in items { try checkLimits(item) }
        default: break
        }
    }
}
