import Glibc
import KeyformCore
import KeyformEnvironment
import KeyformGLib

/// `org.a11y.atspi.Accessible`, which every object has, and `Application`, which the root has:
/// what an object is, what it holds and what holds it. The root holds the window; the window's
/// parent is the root; the root's is the desktop.
extension AccessibleServer {
    func accessibleCall(_ method: String, on target: ObjectPath.Target, _ arguments: DBusArguments) -> Reply {
        let children = childReferences(of: target)
        switch method {
        case "GetChildAtIndex":
            let index = arguments.int(0)
            return .value(children.indices.contains(index) ? children[index] : nullReference)
        case "GetChildren": return .value(.array(itemType: "(so)", children))
        case "GetIndexInParent": return .value(.int(indexInParent(of: target)))
        case "GetRelationSet": return .value(.array(itemType: "(ua(so))", relations(of: target)))
        case "GetRole": return .value(.uint32(role(of: target)))
        case "GetRoleName", "GetLocalizedRoleName": return .value(.string(roleName(of: target)))
        case "GetState": return .value(.array(itemType: "u", stateWords(stateBits(of: target)).map(DBusValue.uint32)))
        case "GetAttributes": return .value(.attributes(attributes(of: target)))
        case "GetApplication": return .value(reference(.application))
        case "GetInterfaces": return .value(.array(itemType: "s", interfaceNames(of: target).map(DBusValue.string)))
        default: return .failure("no method \(method)")
        }
    }

    func accessibleProperty(_ name: String, of target: ObjectPath.Target) -> DBusValue? {
        let node: AccessibleNode? = if case .object(let id) = target { session.accessibleNode(id) } else { nil }
        switch name {
        case "Name": return .string(target == .application ? Self.applicationName : node?.name ?? "")
        case "Description": return .string(node?.description ?? "")
        case "Parent": return parentReference(of: target)
        case "ChildCount": return .int(childReferences(of: target).count)
        case "Locale": return .string(Self.locale)
        case "AccessibleId":
            guard case .object(let id) = target else { return .string("") }
            return .string(session.accessibleName(of: id))
        case "HelpText": return .string("")
        default: return nil
        }
    }

    func applicationCall(_ method: String, _ arguments: DBusArguments) -> Reply {
        switch method {
        case "GetLocale": .value(.string(Self.locale))
        case "GetApplicationBusAddress": .value(.string(applicationBusAddress()))
        default: .failure("no method \(method)")
        }
    }

    func applicationProperty(_ name: String) -> DBusValue? {
        switch name {
        case "ToolkitName": return .string(Self.toolkitName)
        case "Version": return .string("1")
        case "AtspiVersion": return .string("2.1")
        case "Id": return .int32(applicationID)
        default: return nil
        }
    }

    static let toolkitName = "Keyform"
    /// The application's name, as the window manager knows it (WM_CLASS).
    static let applicationName = "keyform"

    /// The person's language, as `LC_ALL`, `LC_MESSAGES` or `LANG` name it, without its encoding.
    static var locale: String {
        let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]
        let name = variables.lazy.compactMap(Environment.value).first { !$0.isEmpty }
        return String((name ?? "C").prefix { $0 != "." && $0 != "@" })
    }

    // MARK: The tree

    /// The window is described by the form's text, and that text describes it (as ARIA's
    /// `aria-describedby` is served): so Orca, which reads a dialog with its description and
    /// then with the labels in it that are related to nothing, reads the text once.
    private func relations(of target: ObjectPath.Target) -> [DBusValue] {
        guard case .object(let id) = target else { return [] }
        let (describedBy, descriptionFor): (UInt32, UInt32) = (18, 17)  // ATSPI_RELATION_DESCRIBED_BY, _DESCRIPTION_FOR
        let related: (UInt32, [AccessibleID])
        if id == .window {
            related = (describedBy, session.accessibleFormText)
        } else if session.isAccessibleFormText(id) {
            related = (descriptionFor, [.window])
        } else {
            return []
        }
        guard !related.1.isEmpty else { return [] }
        return [.tuple([.uint32(related.0), .array(itemType: "(so)", related.1.map(reference))])]
    }

    /// The toolkit's name, and a field's placeholder as GTK gives it (`placeholder-text`).
    private func attributes(of target: ObjectPath.Target) -> [(String, String)] {
        let node: AccessibleNode? = if case .object(let id) = target { session.accessibleNode(id) } else { nil }
        guard let placeholder = node?.placeholder, !placeholder.isEmpty else { return [("toolkit", Self.toolkitName)] }
        return [("toolkit", Self.toolkitName), ("placeholder-text", placeholder)]
    }

    private func childReferences(of target: ObjectPath.Target) -> [DBusValue] {
        guard case .object(let id) = target else { return [reference(.window)] }
        // Its parts' stamps come from its own node, made once for all of them.
        let node = session.accessibleNode(id)
        return session.accessibleChildren(of: id).map { reference($0, holder: $0.part.isEmpty ? nil : node) }
    }

    private func parentReference(of target: ObjectPath.Target) -> DBusValue {
        guard case .object(let id) = target else { return desktop }
        return session.accessibleParent(of: id).map(reference) ?? reference(.application)
    }

    private func indexInParent(of target: ObjectPath.Target) -> Int {
        guard case .object(let id) = target else { return -1 }
        return session.accessibleIndex(of: id) ?? -1
    }

    private func role(of target: ObjectPath.Target) -> UInt32 {
        guard case .object(let id) = target else { return applicationRole }
        return session.accessibleNode(id)?.role.atspiNumber ?? 0
    }

    private func roleName(of target: ObjectPath.Target) -> String {
        guard case .object(let id) = target else { return "application" }
        return session.accessibleNode(id)?.role.rawValue ?? "invalid"
    }

    private func stateBits(of target: ObjectPath.Target) -> [Int] {
        guard case .object(let id) = target, let node = session.accessibleNode(id) else { return [] }
        return node.states.map(\.atspiBit)
    }
}
