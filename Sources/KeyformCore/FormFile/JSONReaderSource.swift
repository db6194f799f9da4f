/// The JSON reader's bookkeeping over the source text: whitespace and line breaks, positions,
/// UTF-8 checks and error messages.
extension JSONReader {
    /// Skips JSON whitespace, counting lines. Line breaks can only occur here: inside a string a
    /// raw one is an error, so every position is on the line this last saw.
    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case .space, .tab: i += 1
            case .carriageReturn where i + 1 < bytes.count && bytes[i + 1] == .lineFeed: i += 1
            case .lineFeed, .carriageReturn:
                i += 1
                line += 1
                lineStart = i; knownOffset = i; knownColumn = 1
            default: return
            }
        }
    }

    /// Line and column of `offset` on the current line.
    mutating func position(of offset: Int) -> (line: Int, column: Int) {
        if offset < knownOffset { knownOffset = lineStart; knownColumn = 1 }
        let segment = UnsafeBufferPointer(rebasing: bytes[knownOffset ..< offset])
        knownColumn += segment.contains { $0 >= 0x80 } ? String(decoding: segment, as: UTF8.self).count : segment.count
        knownOffset = offset
        return (line, knownColumn)
    }

    mutating func error(at offset: Int, _ message: String) -> JSONSyntaxError {
        let (line, column) = position(of: offset)
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    /// `unexpected character "x"` or `unexpected end of file`, followed by `context`.
    mutating func unexpected(_ context: String) -> JSONSyntaxError {
        guard i < bytes.count else { return error(at: i, "unexpected end of file" + context) }
        let width = bytes[i] < 0x80 ? 1 : bytes[i] < 0xE0 ? 2 : bytes[i] < 0xF0 ? 3 : 4
        let end = min(i + width, bytes.count)
        if firstInvalidUTF8(i ..< end) != nil { return error(at: i, "invalid UTF-8") }
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[i ..< end]), as: UTF8.self).unicodeScalars.first!
        let shown = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            ? scalar.codePoint : scalar == "\"" ? "'\"'" : "\"\(scalar)\""
        return error(at: i, "unexpected character \(shown)" + context)
    }

    mutating func validateUTF8(_ range: Range<Int>, ascii: Bool) throws(JSONSyntaxError) {
        if !ascii, let bad = firstInvalidUTF8(range) { throw error(at: bad, "invalid UTF-8") }
    }

    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode
    /// table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF), or nil.
    func firstInvalidUTF8(_ range: Range<Int>) -> Int? {
        var k = range.lowerBound
        while k < range.upperBound {
            let lead = bytes[k]
            if lead < 0x80 { k += 1; continue }
            var second: ClosedRange<UInt8> = 0x80...0xBF
            let trailing: Int
            switch lead {
            case 0xC2...0xDF: trailing = 1
            case 0xE0: trailing = 2; second = 0xA0...0xBF
            case 0xED: trailing = 2; second = 0x80...0x9F
            case 0xE1...0xEF: trailing = 2
            case 0xF0: trailing = 3; second = 0x90...0xBF
            case 0xF1...0xF3: trailing = 3
            case 0xF4: trailing = 3; second = 0x80...0x8F
            default: return k
            }
            guard k + trailing < range.upperBound, second.contains(bytes[k + 1]) else { return k }
            for t in 2 ..< trailing + 1 where !(0x80...0xBF).contains(bytes[k + t]) { return k }
            k += trailing + 1
        }
        return nil
    }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t"), lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " "), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/"), comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+"), dot = UInt8(ascii: ".")
    static let digit0 = UInt8(ascii: "0"), digit9 = UInt8(ascii: "9"), underscore = UInt8(ascii: "_")

    var isDigit: Bool { self >= .digit0 && self <= .digit9 }
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    /// Bytes a number-like run may hold; the run is then checked against the JSON grammar, so a
    /// bad number is reported whole (`invalid number "01"`).
    var isNumberByte: Bool { isDigit || self == .minus || self == .plus || self == .dot || self | 0x20 == UInt8(ascii: "e") }

    var hexDigitValue: UInt32? {
        if isDigit { return UInt32(self - .digit0) }
        let lower = self | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? UInt32(lower - UInt8(ascii: "a") + 10) : nil
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, the whole buffer.
    var isJSONNumber: Bool {
        var k = startIndex
        func digits() -> Bool {
            let start = k
            while k < endIndex, self[k].isDigit { k += 1 }
            return k > start
        }
        if k < endIndex, self[k] == .minus { k += 1 }
        if k < endIndex, self[k] == .digit0 { k += 1 } else if !digits() { return false }
        if k < endIndex, self[k] == .dot { k += 1; if !digits() { return false } }
        if k < endIndex, self[k] | 0x20 == UInt8(ascii: "e") {
            k += 1
            if k < endIndex, self[k] == .plus || self[k] == .minus { k += 1 }
            if !digits() { return false }
        }
        return k == endIndex
    }
}

extension Unicode.Scalar {
    /// `U+000A`: how messages show characters that would not be visible.
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
