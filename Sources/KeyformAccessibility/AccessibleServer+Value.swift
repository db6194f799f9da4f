import KeyformCore
import KeyformGLib

/// `org.a11y.atspi.Value`: a number field's number and bounds; `CurrentValue` is written
/// through `setProperty`.
extension AccessibleServer {
    func valueProperty(_ name: String, node: AccessibleNode) -> DBusValue? {
        guard let value = node.value else { return nil }
        switch name {
        case "MinimumValue": return .double(value.minimum)
        case "MaximumValue": return .double(value.maximum)
        case "MinimumIncrement": return .double(value.increment)
        case "CurrentValue": return .double(value.current)
        case "Text": return .string(node.text?.string ?? "")
        default: return nil
        }
    }
}
