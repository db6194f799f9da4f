/// Reads integers of one byte order from a byte array, front to back; every read past the end
/// gives nil, so a truncated property can never be read out of bounds.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0
    let bigEndian: Bool

    init(_ bytes: [UInt8], bigEndian: Bool) {
        self.bytes = bytes
        self.bigEndian = bigEndian
    }

    var remaining: Int { bytes.count - offset }

    mutating func uint8() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16() -> UInt16? {
        guard let raw = take(2) else { return nil }
        let (a, b) = (UInt16(raw[raw.startIndex]), UInt16(raw[raw.startIndex + 1]))
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    mutating func uint32() -> UInt32? {
        guard let raw = take(4) else { return nil }
        let value = raw.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return bigEndian ? value : value.byteSwapped
    }

    /// `count` bytes, then the padding that brings them to a multiple of 4.
    mutating func padded(_ count: Int) -> ArraySlice<UInt8>? {
        let padding = (4 - count % 4) % 4
        guard count >= 0, remaining >= count + padding else { return nil }
        defer { offset += count + padding }
        return bytes[offset..<offset + count]
    }

    mutating func skip(_ count: Int) -> Void? {
        take(count).map { _ in () }
    }

    private mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard remaining >= count else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }
}
