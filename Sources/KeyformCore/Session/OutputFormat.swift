/// How the values are printed on submit.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One JSON object, keys in form order, token fields as arrays.
    case json
    /// `id='value'` lines that are safe to `eval` in any POSIX shell, whatever was typed; a
    /// token field's tokens joined by `|`.
    case shell
    /// As `shell`, but a token field is a bash array, one quoted word a token (`tags=('a' 'b|c')`):
    /// no token can run into the next.
    case bash
    /// The values on one line separated by `separator` (`|`), as `zenity --forms` prints them;
    /// tokens are joined with `,`. A value holding the separator or a newline is ambiguous here.
    case lines

    public func format(_ values: JSONValue, separator: String = "|", prefix: String = "") -> String {
        guard case .object(let members) = values else { return values.serialized + "\n" }
        switch self {
        case .json:
            return values.serialized + "\n"
        case .shell:
            return members.map { "\(prefix)\(Self.shellName($0.0))=\(Self.shellQuoted(Self.plain($0.1, separator: "|")))\n" }.joined()
        case .bash:
            return members.map { name, value in
                guard case .array(let tokens) = value else {
                    return "\(prefix)\(Self.shellName(name))=\(Self.shellQuoted(Self.plain(value, separator: "|")))\n"
                }
                return "\(prefix)\(Self.shellName(name))=(\(tokens.map { Self.shellQuoted(Self.plain($0, separator: "|")) }.joined(separator: " ")))\n"
            }.joined()
        case .lines:
            return members.map { Self.plain($0.1, separator: ",") }.joined(separator: separator) + "\n"
        }
    }

    static func plain(_ value: JSONValue, separator: String) -> String {
        switch value {
        case .string(let s): return s
        case .null: return ""  // an empty number field
        case .array(let items): return items.map { plain($0, separator: separator) }.joined(separator: separator)
        default: return value.serialized
        }
    }

    /// Single quotes keep everything literal; a quote inside is closed, escaped, reopened. This
    /// works on Unicode scalars, not Characters: a quote followed by a combining mark is one
    /// Character but still a quote to the shell. NUL is left out: no shell variable can hold it.
    static func shellQuoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("'")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": quoted.append(contentsOf: #"'\''"#.unicodeScalars)
            case "\0": break
            default: quoted.append(scalar)
            }
        }
        quoted.append("'")
        return String(quoted)
    }

    /// Names a script's shell gives a meaning: assigning one with `eval` would change how the
    /// script runs (where it finds programs, how it splits words, its prompt, its locale).
    static let shellOwnNames: Set<String> = [
        "PATH", "IFS", "HOME", "PWD", "OLDPWD", "CDPATH", "ENV", "BASH_ENV", "SHELL", "SHELLOPTS", "BASHOPTS", "PS1", "PS2",
        "PS4", "PROMPT_COMMAND", "USER", "LOGNAME", "UID", "EUID", "PPID", "OPTIND", "OPTARG", "LANG", "LC_ALL", "LC_CTYPE",
        "LC_MESSAGES", "TERM", "TMPDIR", "MAIL", "MAILPATH", "HISTFILE", "LD_PRELOAD", "LD_LIBRARY_PATH", "GLOBIGNORE",
        "FUNCNAME", "RANDOM", "SECONDS", "LINENO", "HOSTNAME", "DISPLAY", "XAUTHORITY",
    ]

    /// Why `ids` cannot be printed as shell assignments with `prefix`, or nil: two ids that
    /// become one name (`a-b` and `a_b`), or a name the shell uses itself (unless a prefix
    /// keeps them apart).
    public static func shellProblem(ids: [String], prefix: String) -> String? {
        var seen: [String: String] = [:]
        for id in ids {
            let name = prefix + shellName(id)
            if let other = seen[name] { return "\"\(other)\" and \"\(id)\" are both \(name) in --output shell" }
            seen[name] = id
            if shellOwnNames.contains(name) {
                return "\"\(id)\" would set the shell's own \(name) when the output is evaluated; rename it, or give --prefix"
            }
        }
        return nil
    }

    /// Ids may hold `-` and start with a digit, which shell names cannot: `-` becomes `_`, and a
    /// leading digit gets a `_` before it (`2fa` → `_2fa`), so every line is an assignment.
    static func shellName(_ id: String) -> String {
        let name = String(id.map { $0 == "-" ? "_" : $0 })
        return name.first?.isNumber == true ? "_" + name : name
    }
}
