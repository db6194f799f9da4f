import KeyformX11

/// Writes settings in the `_XSETTINGS_SETTINGS` format (`XSettings.parse` reads it), for the
/// tests' own XSETTINGS manager. Settings go in name order, so the bytes are the same each time.
extension XSettings {
    public func encoded(bigEndian: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card16(_ value: UInt16) { bytes += bigEndian ? [UInt8(value >> 8), UInt8(value & 0xff)] : [UInt8(value & 0xff), UInt8(value >> 8)] }
        func card32(_ value: UInt32) {
            let big = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
            bytes += bigEndian ? big : big.reversed()
        }
        func padded(_ text: String) {
            bytes += Array(text.utf8)
            bytes += Array(repeating: 0, count: (4 - text.utf8.count % 4) % 4)
        }
        card32(serial)
        card32(UInt32(values.count))
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .integer: bytes.append(0)
            case .string: bytes.append(1)
            case .color: bytes.append(2)
            }
            bytes.append(0)
            card16(UInt16(name.utf8.count))
            padded(name)
            card32(serial)
            switch value {
            case .integer(let number): card32(UInt32(bitPattern: number))
            case .string(let text): card32(UInt32(text.utf8.count)); padded(text)
            case let .color(red, green, blue, alpha): [red, green, blue, alpha].forEach(card16)
            }
        }
        return bytes
    }
}
