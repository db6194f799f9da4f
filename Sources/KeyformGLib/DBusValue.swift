import CGio

/// A D-Bus value to send, built into a GVariant where it is sent: the one place GVariants are
/// made, so nothing else deals in their floating references.
package indirect enum DBusValue: Sendable {
    case string(String)
    case objectPath(String)
    case int32(Int32)
    case int16(Int16)
    case uint32(UInt32)
    case uint64(UInt64)
    case double(Double)
    case bool(Bool)
    case tuple([DBusValue])
    /// Items of the D-Bus type `itemType` (`s`, `(so)`, `{ss}`): the type says what an empty one holds.
    case array(itemType: String, [DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)

    /// AT-SPI's reference to an object: the bus name of its application and its path.
    package static func reference(_ busName: String, _ path: String) -> DBusValue { .tuple([.string(busName), .objectPath(path)]) }

    package static func int(_ value: Int) -> DBusValue { .int32(Int32(clamping: value)) }

    /// A dictionary of strings, as AT-SPI's attributes are (`a{ss}`).
    package static func attributes(_ pairs: [(String, String)]) -> DBusValue {
        .array(itemType: "{ss}", pairs.map { .dictEntry(.string($0.0), .string($0.1)) })
    }

    /// A new floating GVariant: whatever it is given to takes it.
    package func gVariant() -> OpaquePointer {
        switch self {
        case .string(let text): return g_variant_new_string(text)
        case .objectPath(let path): return g_variant_new_object_path(path)
        case .int32(let value): return g_variant_new_int32(value)
        case .int16(let value): return g_variant_new_int16(value)
        case .uint32(let value): return g_variant_new_uint32(value)
        case .uint64(let value): return g_variant_new_uint64(guint64(value))
        case .double(let value): return g_variant_new_double(value)
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .tuple(let items):
            let children = items.map { Optional($0.gVariant()) }
            return g_variant_new_tuple(children, gsize(children.count))
        case let .array(itemType, items):
            let type = g_variant_type_new(itemType)
            defer { g_variant_type_free(type) }
            let children = items.map { Optional($0.gVariant()) }
            return g_variant_new_array(type, children, gsize(children.count))
        case let .dictEntry(key, value): return g_variant_new_dict_entry(key.gVariant(), value.gVariant())
        case .variant(let value): return g_variant_new_variant(value.gVariant())
        }
    }
}

/// The arguments of a method call or a signal (a GVariant tuple), read by position. Reading a
/// position of the wrong type gives zero or empty: GDBus has already checked the call against
/// the interface, so that only happens to a caller that broke the protocol. Read only on the
/// main thread, during the callback that got it (hence `@unchecked`).
package struct DBusArguments: @unchecked Sendable {
    package let tuple: OpaquePointer

    package init(tuple: OpaquePointer) { self.tuple = tuple }

    package var count: Int { Int(g_variant_n_children(tuple)) }

    package func int(_ index: Int) -> Int { read(index, "i") { Int(g_variant_get_int32($0)) } ?? 0 }
    package func uint(_ index: Int) -> UInt32 { read(index, "u") { g_variant_get_uint32($0) } ?? 0 }
    package func bool(_ index: Int) -> Bool { read(index, "b") { g_variant_get_boolean($0) != 0 } ?? false }
    package func double(_ index: Int) -> Double { read(index, "d") { g_variant_get_double($0) } ?? 0 }
    package func string(_ index: Int) -> String { read(index, "s") { String(cString: g_variant_get_string($0, nil)) } ?? "" }

    /// A string-keyed dictionary of variants (`a{sv}`, as PropertiesChanged carries): the
    /// booleans in it.
    package func booleans(_ index: Int) -> [String: Bool] {
        read(index, "a{sv}") { dictionary in
            var found: [String: Bool] = [:]
            for item in 0..<g_variant_n_children(dictionary) {
                let entry = DBusArguments(tuple: g_variant_get_child_value(dictionary, item))
                defer { g_variant_unref(entry.tuple) }
                let value = entry.read(1, "v") { DBusArguments(tuple: $0).read(0, "b") { g_variant_get_boolean($0) != 0 } }
                if let value = value ?? nil { found[entry.string(0)] = value }
            }
            return found
        } ?? [:]
    }

    /// The child at `index` when it has D-Bus type `type`, given to `body`.
    package func read<T>(_ index: Int, _ type: String, _ body: (OpaquePointer) -> T) -> T? {
        guard index < count else { return nil }
        let child = g_variant_get_child_value(tuple, gsize(index))!
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_type_string(child)) == type ? body(child) : nil
    }
}
