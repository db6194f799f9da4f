import KeyformCore
import KeyformGLib

/// The core's accessible events as AT-SPI's signals: `org.a11y.atspi.Event.Object` (and
/// `.Window`), each `(kind, detail1, detail2, any_data, properties)` from the object it is about.
extension AccessibleServer {
    func emit(_ event: AccessibleEvent) {
        let signal = self.signal(for: event)
        connection.emit(path(of: event.source), "org.a11y.atspi.Event." + signal.category, signal.member,
                        .tuple([.string(signal.kind), .int(signal.detail1), .int(signal.detail2), .variant(signal.data),
                                .array(itemType: "{sv}", [])]))
    }

    private struct Signal {
        var category = "Object"
        var member: String
        var kind = ""
        var detail1 = 0, detail2 = 0
        var data = DBusValue.int32(0)
    }

    private func signal(for event: AccessibleEvent) -> Signal {
        switch event.kind {
        case let .stateChanged(state, on): Signal(member: "StateChanged", kind: state.rawValue, detail1: on ? 1 : 0)
        case let .textInserted(offset, text):
            Signal(member: "TextChanged", kind: "insert", detail1: offset, detail2: text.unicodeScalars.count, data: .string(text))
        case let .textDeleted(offset, text):
            Signal(member: "TextChanged", kind: "delete", detail1: offset, detail2: text.unicodeScalars.count, data: .string(text))
        case .caretMoved(let offset): Signal(member: "TextCaretMoved", detail1: offset)
        case .textSelectionChanged: Signal(member: "TextSelectionChanged")
        case let .childAdded(index, child): Signal(member: "ChildrenChanged", kind: "add", detail1: index, data: reference(child))
        case let .childRemoved(index, child): Signal(member: "ChildrenChanged", kind: "remove", detail1: index, data: reference(child))
        case .activeDescendantChanged(let child):
            Signal(member: "ActiveDescendantChanged", detail1: child.part.last ?? 0, data: reference(child))
        case .selectionChanged: Signal(member: "SelectionChanged")
        case .descriptionChanged(let text): Signal(member: "PropertyChange", kind: "accessible-description", data: .string(text))
        case .valueChanged: Signal(member: "PropertyChange", kind: "accessible-value")
        // AT-SPI 2.50's announcement, polite (1); an older reader ignores it, and hears the
        // description change instead.
        case .announcement(let text): Signal(member: "Announcement", detail1: 1, data: .string(text))
        case .windowActivated: Signal(category: "Window", member: "Activate", data: .string(session.title))
        case .windowDeactivated: Signal(category: "Window", member: "Deactivate", data: .string(session.title))
        }
    }
}
