/// How the values are printed on submit.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One JSON object, keys in form order, token fields as arrays.
    case json
    /// `id='value'` lines that are safe to `eval` in any POSIX shell, whatever was typed.
    case shell
    /// The values on one line separated by `|`, as `zenity --forms` prints them.
    case lines

    public func format(_ values: JSONValue) -> String {
        guard case .object(let members) = values else { return values.serialized + "\n" }
        switch self {
        case .json:
            return values.serialized + "\n"
        case .shell:
            return members.map { "\(Self.shellName($0.0))=\(Self.shellQuoted(Self.plain($0.1, separator: "|")))\n" }.joined()
        case .lines:
            return members.map { Self.plain($0.1, separator: ",") }.joined(separator: "|") + "\n"
        }
    }

    static func plain(_ value: JSONValue, separator: String) -> String {
        switch value {
        case .string(let s): return s
        case .array(let items): return items.map { plain($0, separator: separator) }.joined(separator: separator)
        default: return value.serialized
        }
    }

    /// Single quotes keep everything literal; a quote inside is closed, escaped, reopened.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "'\\''") + "'"
    }

    /// Ids may hold `-`, which shell names cannot: it becomes `_`.
    static func shellName(_ id: String) -> String {
        String(id.map { $0 == "-" ? "_" : $0 })
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
