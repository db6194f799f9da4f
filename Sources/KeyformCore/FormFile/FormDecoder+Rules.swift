/// Reading a field's validation rules: `type: "email"|"number"`, `pattern`, `min` and `max`.
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

    /// `min` or `max` of a number field.
    mutating func bound(_ member: JSONMember, kind: FieldKind?, format: TextFormat?, into field: inout Field, path: String) {
        guard kind != nil else { return }
        guard format == .number else {
            report("\"\(member.key)\" is only for number fields", atKeyOf: member, path: path)
            return
        }
        guard let value = number(member.value, path) else { return }
        if member.key == "min" { field.minimum = value } else { field.maximum = value }
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

    /// A `max` below `min` would refuse every number; a `maxRows` below `rows` is a contradiction.
    mutating func checkBounds(_ field: Field, _ members: [JSONMember], path: String) {
        if let maxRows = field.maxRows, maxRows < field.rows, let member = members.first(where: { $0.key == "maxRows" }) {
            report("maxRows must not be less than rows", at: member.value, path: jsonPath(path, "maxRows"))
        }
        guard let minimum = field.minimum, let maximum = field.maximum, maximum < minimum,
              let member = members.first(where: { $0.key == "max" }) else { return }
        report("max must not be less than min", at: member.value, path: jsonPath(path, "max"))
    }
}
