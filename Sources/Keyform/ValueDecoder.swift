import KeyformCore

/// Reads a form's values into the app's own `Decodable` type: each field by its id (a property
/// named as the id, or a `CodingKeys` case), a text field as `String`, a number field as any
/// number type, a checkbox as `Bool`, tokens as `[String]`, a date as `FormDate`. A hidden or
/// disabled field submits nothing: make its property optional.
struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch("an object of fields") }
        return KeyedDecodingContainer(Keyed(members: Dictionary(members, uniquingKeysWith: { first, _ in first }), codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch("a list") }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.serialized)"))
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    /// A value of a primitive type, as a field holds it.
    func primitive<T>(_ expected: String, _ read: (JSONValue) -> T?) throws -> T {
        guard let read = read(value) else { throw mismatch(expected) }
        return read
    }

    /// A number field's value: a number once submitted, its text while the form runs.
    func number<T>(_ make: (Double) -> T?) throws -> T {
        try primitive("a number") {
            switch $0 {
            case .number(let number): make(number)
            case .string(let text): Double(text).flatMap(make)
            default: nil
            }
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { (members[key.stringValue] ?? .null) == .null }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                           debugDescription: "no value for \"\(key.stringValue)\" (no such field, or hidden or disabled)"))
            }
            return try ValueDecoder(value: value, codingPath: codingPath + [key]).decode(type)
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key]).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key]).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(members.map { ($0.key, $0.value) }), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSONValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [JSONValue], codingPath: [any CodingKey]) { self.items = items; self.codingPath = codingPath }

        mutating func next() throws -> ValueDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "the list has no more items"))
            }
            defer { currentIndex += 1 }
            return ValueDecoder(value: items[currentIndex], codingPath: codingPath)
        }
        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: ValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.primitive("true or false") { if case .bool(let on) = $0 { on } else { nil } } }
        func decode(_ type: String.Type) throws -> String { try decoder.primitive("text") { if case .string(let text) = $0 { text } else { nil } } }
        func decode(_ type: Double.Type) throws -> Double { try decoder.number { $0 } }
        func decode(_ type: Float.Type) throws -> Float { try decoder.number { Float($0) } }
        func decode(_ type: Int.Type) throws -> Int { try decoder.number { Int(exactly: $0) } }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.number { Int8(exactly: $0) } }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.number { Int16(exactly: $0) } }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.number { Int32(exactly: $0) } }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.number { Int64(exactly: $0) } }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.number { UInt(exactly: $0) } }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.number { UInt8(exactly: $0) } }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.number { UInt16(exactly: $0) } }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.number { UInt32(exactly: $0) } }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.number { UInt64(exactly: $0) } }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
    }
}

/// A day of the calendar, as a date field holds it: no time, no time zone.
public struct FormDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The year, 1 … 9999.
    public let year: Int
    /// 1 = January … 12 = December.
    public let month: Int
    /// 1 … 31, as the month has.
    public let day: Int

    /// The date, or nil when there is no such day (30 February).
    public init?(year: Int, month: Int, day: Int) {
        guard let date = CalendarDate(year: year, month: month, day: day) else { return nil }
        self.init(date)
    }

    init(_ date: CalendarDate) { (year, month, day) = (date.year, date.month, date.day) }

    /// Read from ISO text, `2026-11-23`, as a date field's value is.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard case .success(let date) = CalendarDate.parse(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is no ISO date"))
        }
        self.init(date)
    }

    /// Written as ISO text, `2026-11-23`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// ISO: `2026-11-23`.
    public var description: String { CalendarDate(year: year, month: month, day: day)!.description }

    public static func < (a: FormDate, b: FormDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}
