import KeyformCore
import KeyformGLib

/// `org.a11y.atspi.Action`: what can be done to an object (`press`, `toggle`, `remove`…), with
/// the mnemonic as the first action's key binding.
extension AccessibleServer {
    func actionCall(_ method: String, on id: AccessibleID, node: AccessibleNode, _ arguments: DBusArguments) -> Reply {
        let index = arguments.count > 0 ? arguments.int(0) : 0
        let action = node.actions.indices.contains(index) ? node.actions[index] : nil
        switch method {
        case "GetName", "GetLocalizedName": return .value(.string(action?.name ?? ""))
        case "GetDescription": return .value(.string(""))
        case "GetKeyBinding": return .value(.string(action?.keyBinding.map(Self.gtkKeyBinding) ?? ""))
        case "GetActions":
            return .value(.array(itemType: "(sss)", node.actions.map { action in
                .tuple([.string(action.name), .string(""), .string(action.keyBinding.map(Self.gtkKeyBinding) ?? "")])
            }))
        case "DoAction":
            guard let action else { return .value(.bool(false)) }
            return .value(.bool(session.performAccessibleAction(action.name, on: id)))
        default: return .failure("no method \(method)")
        }
    }

    /// A key binding as GTK writes it for screen readers, which read that form: `Alt+N` is
    /// `<Alt>n`.
    static func gtkKeyBinding(_ binding: String) -> String {
        let keys = binding.split(separator: "+")
        return keys.dropLast().map { "<\($0)>" }.joined() + (keys.last.map { $0.lowercased() } ?? "")
    }
}
