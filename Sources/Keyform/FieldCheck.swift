import KeyformCore

/// An app's own check of a field's value (`FieldElement.validate`): its message, or nil when
/// the value is fine. A check that takes time (`later`) runs while the form goes on.
enum FieldCheck: Sendable {
    case now(@MainActor (JSONValue) -> String?)
    case later(@MainActor (JSONValue) async -> String?)

    /// `value` as the type the app's check takes; a field whose value is not of that type is
    /// the app's mistake (a `Bool` check on a text field), stopped at once, naming the field.
    @MainActor static func decoded<Value: Decodable>(_ value: JSONValue, as type: Value.Type, field id: String) -> Value {
        do { return try FormSession.decode(type, from: value) } catch {
            preconditionFailure("the check of field \"\(id)\" takes \(type), but its value is \(value.serialized): \(error)")
        }
    }

    /// Whether the check is asked of `value`: not of an empty one, which passes every rule but
    /// `required`, as in HTML.
    static func applies(to value: JSONValue) -> Bool { value != .string("") && value != .array([]) }
}
