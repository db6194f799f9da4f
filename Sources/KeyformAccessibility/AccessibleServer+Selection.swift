import KeyformCore
import KeyformGLib

/// `org.a11y.atspi.Selection`: what is chosen among a picker's options or a radio group's
/// buttons (`AccessibleNode.choices`), and choosing another. One is always chosen at most, and
/// a choice is changed, never taken away.
extension AccessibleServer {
    func selectionCall(_ method: String, on id: AccessibleID, node: AccessibleNode, _ arguments: DBusArguments) -> Reply {
        let chosen = node.chosen
        switch method {
        case "GetSelectedChild":
            let index = arguments.int(0)
            guard let choices = node.choices, chosen.indices.contains(index) else { return .value(nullReference) }
            return .value(reference(AccessibleID(id.object, part: id.part + choices + [chosen[index]])))
        case "SelectChild": return .value(.bool(session.chooseAccessibleChild(arguments.int(0), of: id)))
        case "IsChildSelected": return .value(.bool(chosen.contains(arguments.int(0))))
        case "DeselectSelectedChild", "DeselectChild", "SelectAll", "ClearSelection": return .value(.bool(false))
        default: return .failure("no method \(method)")
        }
    }
}
