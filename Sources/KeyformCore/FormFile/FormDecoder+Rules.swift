/// Reading a field's validation rules: `type: "email"|"number"`, `pattern`, `min` and `max`, and
/// a date field's output `format`.
extension FormDecoder {
    /// The format a field's `type` gives it, if it names one.
    static func format(_ members: [JSONMember]) -> TextFormat? {
        guard let type = members.first(where: { $0.key == "type" }), case .string(let name) = type.value.kind else { return nil }
        return TextFormat(rawValue: name)
    }

    /// `pattern`: a regular expression (Swift `Regex` syntax) compiled here, so a bad one is an
    /// error in the file, at its place, rather than a form that can never submit.
    mutating func pattern(_ member: JSONMember, path: String) -> String? {
        guard let pattern = string(member.value, path) else { return nil }
        do {
            _ = try Regex(pattern)
        } catch {
            report("invalid pattern: \(error)", at: member.value, path: path)
            return nil
        }
        return pattern
    }

    /// `min` or `max`: a number on a number field; on a kind that reads them itself
    /// (`Control.fileKeys`), a value of its own shape, as `value` is read: an ISO date on a date field.
    mutating func bound(_ member: JSONMember, kind: FieldKind?, format: TextFormat?, into field: inout Field, path: String) {
        guard let kind else { return }
        let readsBounds = kind.control.fileKeys.contains(member.key)
        guard readsBounds || format == .number else {
            let others = FieldKind.describe { $0.control.fileKeys.contains(member.key) }
            report("\"\(member.key)\" is only for number fields and \(others)", atKeyOf: member, path: path)
            return
        }
        let isMinimum = member.key == "min"
        if readsBounds && kind.control.valueShape == .isoDate {
            guard let text = string(member.value, path), let date = date(text, member, path: path) else { return }
            if isMinimum { field.minimumDate = date } else { field.maximumDate = date }
        } else {
            guard let value = number(member.value, path) else { return }
            if isMinimum { field.minimum = value } else { field.maximum = value }
        }
    }

    /// `step` of a number field: how far Up and Down move, more than zero.
    mutating func step(_ member: JSONMember, format: TextFormat?, path: String) -> Double? {
        guard format == .number else {
            report("\"step\" is only for number fields", atKeyOf: member, path: path)
            return nil
        }
        guard let value = number(member.value, path) else { return nil }
        guard value > 0, value.isFinite else {
            report("step must be more than 0", at: member.value, path: path)
            return nil
        }
        return value
    }

    /// The date in ISO `text` (a date field's `value`, `min` or `max`), within `min...max` where
    /// given; else reported at the member, saying what is wrong (`DateProblem`).
    mutating func date(
        _ text: String, _ member: JSONMember, min: CalendarDate? = nil, max: CalendarDate? = nil, path: @autoclosure () -> String
    ) -> CalendarDate? {
        switch CalendarDate.parse(text, min: min, max: max) {
        case .success(let date): return date
        case .failure(let problem):
            report("\(member.key) \"\(text)\": \(problem)", at: member.value, path: path())
            return nil
        }
    }

    /// `format` of a date field: a strftime pattern, whose sequences that are no date conversion
    /// are reported here rather than copied into every value submitted.
    mutating func dateFormat(_ member: JSONMember, path: String) -> DateFormat? {
        guard let pattern = string(member.value, path) else { return nil }
        let problems = DateFormat.problems(in: pattern)
        for problem in problems { report(problem, at: member.value, path: path) }
        return problems.isEmpty ? DateFormat(pattern) : nil
    }

    /// A `max` below `min` would refuse every value; a `maxRows` below `rows` is a contradiction.
    mutating func checkBounds(_ field: Field, _ members: [JSONMember], path: @autoclosure () -> String) {
        if let maxRows = field.maxRows, maxRows < field.rows, let member = members.first(where: { $0.key == "maxRows" }) {
            report("maxRows must not be less than rows", at: member.value, path: jsonPath(path(), "maxRows"))
        }
        guard Self.isReversed(field.minimum, field.maximum) || Self.isReversed(field.minimumDate, field.maximumDate),
              let member = members.first(where: { $0.key == "max" }) else { return }
        report("max must not be less than min", at: member.value, path: jsonPath(path(), "max"))
    }

    private static func isReversed<Bound: Comparable>(_ minimum: Bound?, _ maximum: Bound?) -> Bool {
        guard let minimum, let maximum else { return false }
        return maximum < minimum
    }
}
