/// The `_XSETTINGS_SETTINGS` property's binary format: a byte order (X's LSBFirst 0, MSBFirst 1),
/// three bytes unused, the serial and the number of settings as CARD32, then each setting: its
/// type (0 integer, 1 string, 2 colour), one byte unused, the name's length (CARD16), the name
/// padded to 4, the serial of its last change (CARD32), and its value: INT32; a CARD32 length and
/// the string padded to 4; or four CARD16.
extension XSettings {
    public enum FormatError: Error, Equatable, Sendable {
        case tooLarge(Int)
        case badByteOrder(UInt8)
        case truncated(setting: Int)
        case badType(UInt8, setting: Int)
        case tooManySettings(UInt32)
    }

    /// Parses the property's bytes; never reads out of bounds, whatever they hold. A setting
    /// whose name or string is not UTF-8 is kept with its bytes decoded leniently, as names are
    /// ASCII in practice.
    public static func parse(_ bytes: [UInt8]) throws(FormatError) -> XSettings {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes.count) }
        guard let order = bytes.first else { throw .truncated(setting: 0) }
        guard order <= 1 else { throw .badByteOrder(order) }
        var reader = ByteReader(bytes, bigEndian: order == 1)
        guard reader.skip(4) != nil, let serial = reader.uint32(), let count = reader.uint32() else { throw .truncated(setting: 0) }
        guard count <= maximumCount else { throw .tooManySettings(count) }
        var settings = XSettings(serial: serial)
        for index in 0..<Int(count) {
            let (name, value) = try setting(&reader, index: index)
            settings.values[name] = value
        }
        return settings
    }

    private static func setting(_ reader: inout ByteReader, index: Int) throws(FormatError) -> (String, Value) {
        guard let type = reader.uint8(), reader.skip(1) != nil, let nameLength = reader.uint16(),
              let name = reader.padded(Int(nameLength)), reader.skip(4) != nil else { throw .truncated(setting: index) }
        let value: Value
        switch type {
        case 0:
            guard let raw = reader.uint32() else { throw .truncated(setting: index) }
            value = .integer(Int32(bitPattern: raw))
        case 1:
            guard let length = reader.uint32(), length <= UInt32(reader.remaining), let text = reader.padded(Int(length)) else {
                throw .truncated(setting: index)
            }
            value = .string(String(decoding: text, as: UTF8.self))
        case 2:
            guard let red = reader.uint16(), let green = reader.uint16(), let blue = reader.uint16(), let alpha = reader.uint16() else {
                throw .truncated(setting: index)
            }
            value = .color(red: red, green: green, blue: blue, alpha: alpha)
        default:
            throw .badType(type, setting: index)
        }
        return (String(decoding: name, as: UTF8.self), value)
    }
}
