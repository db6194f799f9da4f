import KeyformCore
import Testing

/// A session on `json` that a screen reader listens to, and a runner for replay events on it.
func listening(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ReplayRunner {
    let runner = ReplayRunner(session: FormSession(form: try makeForm(json, sourceLocation: sourceLocation), measurer: FixedWidthMeasurer()),
                              keys: TestKeys())
    runner.session.accessibilityListening = true
    return runner
}

extension ReplayRunner {
    /// Runs replay events; returns the accessible events the last one caused, one line each
    /// (see `line(_:)`).
    mutating func announced(_ events: [String]) throws -> [String] {
        var lines: [String] = []
        for event in events {
            let parsed = try ReplayEvent(parsing: event)
            _ = try run(parsed)
            lines = lastUpdate.accessibleEvents.map(line)
        }
        return lines
    }

    /// An event as one line: its type without `object:`, its source, then what it carries:
    /// `state-changed:focused email true`, `text-changed:insert name 0 Ada`.
    func line(_ event: AccessibleEvent) -> String {
        guard case .object(let members) = session.json(of: event) else { return "" }
        return members.map { _, value in
            switch value {
            case .string(let text): text.hasPrefix("object:") ? String(text.dropFirst(7)) : text
            case .number(let number): String(Int(number))
            case .bool(let on): String(on)
            default: value.serialized
            }
        }.joined(separator: " ")
    }

    /// The node of the field `id`, or of one of its parts.
    func node(_ id: String, part: [Int] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> AccessibleNode {
        let found = try #require(session.accessibleID(of: id), "no field \(id)", sourceLocation: sourceLocation)
        return try #require(session.accessibleNode(AccessibleID(found.object, part: part)), sourceLocation: sourceLocation)
    }
}
