/// The accessible tree and events as `keyform accessibility` prints them (docs/architecture.md ›
/// Accessibility), from the nodes and events the platform serves on the bus.
extension FormSession {
    /// The object `id` and everything under it: `id`, `role`, `name`, `description`, `states`,
    /// what it has of `keyBinding`, `actions`, `text` and `caret` (in scalars, as AT-SPI counts),
    /// `selection`, `value`; then its `children`.
    public func accessibleTreeJSON(_ id: AccessibleID = .window) -> JSONValue {
        guard let node = accessibleNode(id) else { return .null }
        var members: [(String, JSONValue)] = [
            ("id", .string(accessibleName(of: id))), ("role", .string(node.role.rawValue)), ("name", .string(node.name)),
            ("description", .string(node.description)), ("states", .array(node.states.sorted().map { .string($0.rawValue) })),
        ]
        if !node.placeholder.isEmpty { members.append(("placeholder", .string(node.placeholder))) }
        if let keyBinding = node.keyBinding { members.append(("keyBinding", .string(keyBinding))) }
        if !node.actions.isEmpty { members.append(("actions", .array(node.actions.map { .string($0.name) }))) }
        if let text = node.text {
            members.append(("text", .string(text.string)))
            members.append(("caret", .number(Double(text.caret))))
            if !text.selection.isEmpty {
                members.append(("selection", .array([.number(Double(text.selection.lowerBound)), .number(Double(text.selection.upperBound))])))
            }
        }
        if let value = node.value { members.append(("value", .number(value.current))) }
        members.append(("children", .array(accessibleChildren(of: id).map(accessibleTreeJSON))))
        return .object(members)
    }

    /// One event: its AT-SPI `type`, its `source`, and what it carries.
    public func json(of event: AccessibleEvent) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(event.type)), ("source", .string(accessibleName(of: event.source)))]
        let number = { (value: Int) in JSONValue.number(Double(value)) }
        switch event.kind {
        case .stateChanged(_, let on): members.append(("value", .bool(on)))
        case let .textInserted(offset, text), let .textDeleted(offset, text):
            members += [("offset", number(offset)), ("text", .string(text))]
        case .caretMoved(let offset): members.append(("offset", number(offset)))
        case let .childAdded(index, child), let .childRemoved(index, child):
            members += [("index", number(index)), ("child", .string(accessibleName(of: child)))]
        case .activeDescendantChanged(let child): members.append(("child", .string(accessibleName(of: child))))
        case .descriptionChanged(let text), .announcement(let text): members.append(("text", .string(text)))
        case .textSelectionChanged, .selectionChanged, .valueChanged, .windowActivated, .windowDeactivated: break
        }
        return .object(members)
    }
}
