/// A strict RFC 8259 JSON parser over UTF-8 bytes that records where every value and key starts.
///
/// It accepts JSON and nothing more (no comments, trailing commas, single quotes or `NaN`), skips a
/// leading UTF-8 byte order mark, and stops at the first error. Nesting deeper than `maxDepth` is
/// an error rather than a stack overflow. Duplicate keys in an object are an error too: a form
/// file where the second `"id"` silently wins would hide a mistake.
public enum JSONParser {
    public static let maxDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
            var reader = JSONReader(buffer)
            return try reader.document()
        }
    }
}

/// The parser's cursor. Works on raw bytes: Characters are only built for the strings it returns.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    private var depth = 0
    var line = 1
    var lineStart = 0
    /// The last offset whose column is known. Columns are counted forward from it, so a long
    /// (minified) line is counted once rather than once per value.
    var knownOffset = 0
    var knownColumn = 1
    /// Members of the objects being read, innermost last, and the same for arrays' items. A
    /// finished object or array is copied out at its exact size: cheaper than growing a small
    /// array step by step, for every object in the file.
    private var openMembers: [JSONMember] = []
    private var openItems: [JSONNode] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONSyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3; knownOffset = 3 }
        skipWhitespace()
        guard i < bytes.count else { throw error(at: i, "the file is empty") }
        let root = try value()
        skipWhitespace()
        guard i == bytes.count else { throw unexpected(" after the end of the document") }
        return root
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONNode {
        let (line, column) = position(of: i)
        guard i < bytes.count else { throw unexpected(", expected a value") }
        let kind: JSONNode.Kind
        switch bytes[i] {
        case .openBrace: kind = .object(try object())
        case .openBracket: kind = .array(try array())
        case .quote: kind = .string(try string())
        case .minus, .plus, .dot, .digit0 ... .digit9: kind = .number(try number())
        case let c where c.isASCIILetter: kind = try literal()
        default: throw unexpected(", expected a value")
        }
        return JSONNode(kind, line: line, column: column)
    }

    private mutating func descend() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maxDepth {
            throw error(at: i, "nested too deeply (more than \(JSONParser.maxDepth) levels)")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> [JSONMember] {
        try descend()
        defer { depth -= 1 }
        i += 1
        let base = openMembers.count
        defer { openMembers.removeLast(openMembers.count - base) }
        // Form objects are small, so duplicates are found by a linear scan; an object that grows
        // large switches to a dictionary so that parsing stays linear.
        var keyIndex: [String: Int]? = nil
        skipWhitespace()
        if i < bytes.count, bytes[i] == .closeBrace { i += 1; return [] }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == .quote else { throw unexpected(", expected a key in double quotes") }
            let (keyLine, keyColumn) = position(of: i)
            let key = try string()
            if let earlier = keyIndex.map({ $0[key] }) ?? openMembers[base...].firstIndex(where: { $0.key == key }) {
                let first = openMembers[earlier]
                throw JSONSyntaxError(line: keyLine, column: keyColumn,
                                      message: "duplicate key \"\(key)\", first at \(first.keyLine):\(first.keyColumn)")
            }
            skipWhitespace()
            guard i < bytes.count, bytes[i] == .colon else { throw unexpected(", expected \":\"") }
            i += 1
            skipWhitespace()
            openMembers.append(JSONMember(key: key, keyLine: keyLine, keyColumn: keyColumn, value: try value()))
            if keyIndex != nil {
                keyIndex?[key] = openMembers.count - 1
            } else if openMembers.count - base == 16 {
                keyIndex = Dictionary(uniqueKeysWithValues: (base..<openMembers.count).map { (openMembers[$0].key, $0) })
            }
            skipWhitespace()
            if i < bytes.count, bytes[i] == .comma { i += 1; continue }
            if i < bytes.count, bytes[i] == .closeBrace { i += 1; return Array(openMembers[base...]) }
            throw unexpected(", expected \",\" or \"}\"")
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> [JSONNode] {
        try descend()
        defer { depth -= 1 }
        i += 1
        let base = openItems.count
        defer { openItems.removeLast(openItems.count - base) }
        skipWhitespace()
        if i < bytes.count, bytes[i] == .closeBracket { i += 1; return [] }
        while true {
            skipWhitespace()
            openItems.append(try value())
            skipWhitespace()
            if i < bytes.count, bytes[i] == .comma { i += 1; continue }
            if i < bytes.count, bytes[i] == .closeBracket { i += 1; return Array(openItems[base...]) }
            throw unexpected(", expected \",\" or \"]\"")
        }
    }

    /// Reads a string from its opening quote. A string with no escapes (nearly all of them) is
    /// decoded straight from the source bytes.
    mutating func string() throws(JSONSyntaxError) -> String {
        let open = i
        i += 1
        var ascii = true
        while i < bytes.count {
            let c = bytes[i]
            if c == .quote {
                try validateUTF8(open + 1 ..< i, ascii: ascii)
                defer { i += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[open + 1 ..< i]), as: UTF8.self)
            }
            if c == .backslash { return try escapedString(open: open, ascii: ascii) }
            if c < 0x20 { throw controlCharacterError(open: open) }
            if c >= 0x80 { ascii = false }
            i += 1
        }
        throw error(at: open, "unterminated string")
    }

    /// The rest of a string from its first backslash, copied into a buffer with escapes decoded.
    private mutating func escapedString(open: Int, ascii: Bool) throws(JSONSyntaxError) -> String {
        var out = Array(bytes[open + 1 ..< i])
        var ascii = ascii
        while i < bytes.count {
            let c = bytes[i]
            if c == .quote {
                try validateUTF8(open + 1 ..< i, ascii: ascii)
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if c == .backslash {
                try escape(into: &out)
                continue
            }
            if c < 0x20 { throw controlCharacterError(open: open) }
            if c >= 0x80 { ascii = false }
            out.append(c)
            i += 1
        }
        throw error(at: open, "unterminated string")
    }

    /// Decodes the escape at `i` (a backslash); at the end of input it leaves the string unterminated.
    private mutating func escape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        let start = i
        guard i + 1 < bytes.count else { i += 1; return }
        let e = bytes[i + 1]
        i += 2
        switch e {
        case .quote, .backslash, .slash: out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate counts only as the first half of a `\uD83D\uDE00` pair.
                guard i + 1 < bytes.count, bytes[i] == .backslash, bytes[i + 1] == UInt8(ascii: "u") else {
                    throw unpairedSurrogate(at: start)
                }
                let lowStart = i
                i += 2
                let low = try hex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw unpairedSurrogate(at: start) }
                value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw unpairedSurrogate(at: start)
            }
            UTF8.encode(Unicode.Scalar(value)!) { out.append($0) }
        case 0x21...0x7E: throw error(at: start, "invalid escape \"\\\(Character(Unicode.Scalar(e)))\"")
        default: throw error(at: start, "invalid escape")
        }
    }

    /// The four hex digits after `\u`.
    private mutating func hex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let digit = bytes[i].hexDigitValue else {
                throw error(at: escapeStart, "invalid escape: \\u needs 4 hex digits")
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    private mutating func unpairedSurrogate(at start: Int) -> JSONSyntaxError {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< start + 6]), as: UTF8.self)
        return error(at: start, "unpaired surrogate \"\(text)\"")
    }

    /// A raw line break inside a string almost always means a missing closing quote.
    private mutating func controlCharacterError(open: Int) -> JSONSyntaxError {
        let c = bytes[i]
        if c == .lineFeed || c == .carriageReturn { return error(at: open, "unterminated string") }
        return error(at: i, "unescaped control character \(Unicode.Scalar(c).codePoint) in a string")
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        while i < bytes.count, bytes[i].isNumberByte { i += 1 }
        let run = UnsafeBufferPointer(rebasing: bytes[start ..< i])
        let text = String(decoding: run, as: UTF8.self)
        guard run.isJSONNumber else { throw error(at: start, "invalid number \"\(text)\"") }
        if run.count <= 15, !run.contains(where: { !$0.isDigit && $0 != .minus }) {
            // Whole numbers that fit a Double exactly: skip the general conversion.
            let magnitude = run.reduce(0) { $1 == .minus ? $0 : $0 * 10 + Int($1 - .digit0) }
            return Double(run.first == .minus ? -magnitude : magnitude)
        }
        guard let value = Double(text), value.isFinite else { throw error(at: start, "number out of range \"\(text)\"") }
        return value
    }

    /// `true`, `false` or `null`; any other bare word is reported whole (`invalid value "yes"`).
    private mutating func literal() throws(JSONSyntaxError) -> JSONNode.Kind {
        let start = i
        while i < bytes.count, bytes[i].isASCIILetter || bytes[i].isDigit || bytes[i] == .underscore { i += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< i]), as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: throw error(at: start, "invalid value \"\(word.count > 32 ? word.prefix(32) + "…" : word)\"")
        }
    }
}
