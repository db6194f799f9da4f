/// What a text field's value must look like; in a form file, `type: "email"` or `"number"` (the
/// field is a text field with this rule).
public enum TextFormat: String, Sendable, CaseIterable {
    case email, number
}

/// The rules a value must follow before the form submits. An empty value (or only spaces) passes
/// every rule but `required`, as in HTML: a field that may be left empty may be left empty.
extension Field {
    /// Why `text` cannot be submitted as this field's value, or nil. `required` is checked by the
    /// session, which knows pickers and tokens too.
    public func problem(with text: String) -> String? {
        guard !text.trimmingSpaces.isEmpty else { return nil }
        if let maxLength, text.count > maxLength {
            return "\(displayName) must be at most \(maxLength) character\(maxLength == 1 ? "" : "s")"
        }
        switch format {
        case .email:
            if !Self.isEmailAddress(text) { return "\(displayName) must be an email address, like name@example.org" }
        case .number:
            guard let number = Self.number(text) else {
                return Self.significantDigits(text) > Self.mostSignificantDigits
                    ? "\(displayName) must have at most \(Self.mostSignificantDigits) significant digits"
                    : "\(displayName) must be a number, like 12 or -3.5"
            }
            if let minimum, number < minimum { return "\(displayName) must be at least \(Self.format(minimum))" }
            if let maximum, number > maximum { return "\(displayName) must be at most \(Self.format(maximum))" }
        case nil: break
        }
        // The pattern was compiled once by the decoder, which rejects a bad one; compiling again
        // here costs microseconds, and only on submit or while a message is shown.
        if let pattern, let regex = try? Regex(pattern), text.wholeMatch(of: regex) == nil {
            return patternMessage ?? "\(displayName) must match \(pattern)"
        }
        return nil
    }

    /// The label without its mnemonic marker, for messages; a long one cut short, so that what
    /// the message says about the value still shows on its one line.
    var displayName: String {
        let longest = 40
        let name = Mnemonic(label: String(label.prefix(2 * longest))).text
        if name.isEmpty { return "This field" }
        return name.count > longest ? name.prefix(longest) + "…" : name
    }

    /// HTML's "valid email address": `local@host` where the host is dot-separated labels of
    /// letters, digits and inner hyphens, each at most 63 long.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let localSpecials = Set(".!#$%&'*+/=?^_`{|}~-".utf8)
        guard parts[0].utf8.allSatisfy({ $0.isASCIIAlphanumeric || localSpecials.contains($0) }) else { return false }
        return parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            let bytes = Array(label.utf8)
            guard let first = bytes.first, let last = bytes.last, bytes.count <= 63 else { return false }
            return first.isASCIIAlphanumeric && last.isASCIIAlphanumeric
                && bytes.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") }
        }
    }

    /// A number as a person types one: decimal digits with an optional sign and point, and
    /// spaces around it (` +5`, `00012`, `5.`, `.5`); no exponent, and not the hexadecimal, `nan`
    /// or `inf` that `Double.init` also takes. At most `mostSignificantDigits` significant digits,
    /// which a Double holds exactly, so that `format` gives back the digits typed.
    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        var digits = 0, seenDot = false
        for (offset, byte) in trimmed.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): guard !seenDot else { return nil }; seenDot = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"): guard offset == 0 else { return nil }
            default: return nil
            }
        }
        guard digits > 0, significantDigits(trimmed) <= mostSignificantDigits, let value = Double(trimmed) else { return nil }
        return value == 0 ? 0 : value  // no -0
    }

    /// The most significant digits a number field's value may have: all a Double keeps.
    static let mostSignificantDigits = 15

    /// The digits of `text` from its first non-zero one, less the zeros that end a fraction.
    static func significantDigits(_ text: String) -> Int {
        var digits = Array(text.utf8.filter { $0.isDigit }.drop { $0 == UInt8(ascii: "0") })
        if text.utf8.contains(UInt8(ascii: ".")) { while digits.last == UInt8(ascii: "0") { digits.removeLast() } }
        return digits.count
    }

    /// A number's canonical decimal: `18`, not `18.0` or `1.8e1`; `-` only for a negative one.
    /// A number field's value as the form submits it.
    public static func format(_ number: Double) -> String { JSONValue.number(number).serialized }
}

extension UInt8 {
    var isASCIIAlphanumeric: Bool { isASCIILetter || isDigit }
}
