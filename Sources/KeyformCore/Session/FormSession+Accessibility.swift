/// The accessible tree (docs/architecture.md › Accessibility): the window, a `dialog` named by the
/// form's title, holds the form's panel, and the shortcuts overlay while it shows; the panel holds
/// the shown top-level fields, a section its shown fields; a control made of several objects holds
/// its parts. Every node is made when it is asked for, from the form as it is then: nothing is
/// kept, so nothing goes stale, and a form of 10,000 fields costs what a screen reader reads of it.
extension FormSession {
    /// The object `id` names as it is now, or nil when there is none (a hidden or removed
    /// field, the overlay when it is hidden, a part past the end).
    public func accessibleNode(_ id: AccessibleID) -> AccessibleNode? {
        let whole: AccessibleNode?
        switch id.object {
        case .window: whole = windowNode
        case .form: whole = formNode
        case .overlay: whole = keyCommands.overlay.map(overlayNode)
        case .field(let node): whole = isAccessible(node) ? tree[node].control.accessibleNode(in: context(node)) : nil
        }
        return whole?.part(id.part)
    }

    /// The objects `id` holds, in order: its fields (the window's panel and overlay, the form's
    /// or a section's shown fields) and its parts. O(1) for a part, O(fields) for a container.
    public func accessibleChildren(of id: AccessibleID) -> [AccessibleID] {
        let fields: [AccessibleID]
        switch id.object {
        case _ where !id.part.isEmpty: fields = []
        case .window: fields = keyCommands.overlay == nil ? [.form] : [.form, .overlay]
        case .form: fields = tree.topLevel.filter(isAccessible).map { .field($0) }
        case .overlay: fields = []
        case .field(let node): fields = isAccessible(node) ? tree[node].children.filter(isAccessible).map { .field($0) } : []
        }
        let parts = accessibleNode(id)?.parts.indices.map(id.appending) ?? []
        return fields + parts
    }

    /// The object holding `id`; nil for the window, whose parent is the platform's, and for a
    /// field that never was (an object path made up by another program).
    public func accessibleParent(of id: AccessibleID) -> AccessibleID? {
        if !id.part.isEmpty { return AccessibleID(id.object, part: Array(id.part.dropLast())) }
        switch id.object {
        case .window: return nil
        case .form, .overlay: return .window
        case .field(let node): return isField(node) ? tree[node].parent.map { .field($0) } ?? .form : nil
        }
    }

    /// Where `id` is among its parent's children; nil when it is not there (hidden, gone).
    public func accessibleIndex(of id: AccessibleID) -> Int? {
        guard let parent = accessibleParent(of: id) else { return id == .window ? 0 : nil }
        return accessibleChildren(of: parent).firstIndex(of: id)
    }

    /// The object a screen reader's focus is on: the shortcuts overlay while it shows, else the
    /// focused field or the part of it that has focus (an option of an open list, a radio
    /// button); nil when nothing has focus.
    public var accessibleFocus: AccessibleID? {
        if let overlay = keyCommands.overlay { return overlay.highlighted.map { AccessibleID(.overlay, part: [$0]) } ?? .overlay }
        guard let node = focus.focused, let path = accessibleNode(.field(node))?.focusedPath else { return nil }
        return .field(node, part: path)
    }

    /// How the dump names an object: `window`, `form`, `overlay`, a field's id, and a part's
    /// index path after it: `years/0/3` is the fourth option of the picker `years`.
    public func accessibleName(of id: AccessibleID) -> String {
        let object: String
        switch id.object {
        case .window: object = "window"
        case .form: object = "form"
        case .overlay: object = "overlay"
        case .field(let node): object = isField(node) ? tree[node].field.id : "?"
        }
        return ([object] + id.part.map(String.init)).joined(separator: "/")
    }

    /// The field with this id (not removed), as an object of the tree.
    public func accessibleID(of id: String) -> AccessibleID? { tree.index(of: id).map { .field($0) } }

    /// A field's validation message as a screen reader is told it: none while the person is
    /// typing in the field (`FocusTracking.messageWaits`), so it is neither read at each key nor
    /// left stale; the message as it is once they are done.
    func accessibleMessage(_ node: Int) -> String? {
        focusTracking.messageWaits == node && focus.focused == node ? nil : tree[node].message
    }

    /// A field is in the tree while it is shown (through every ancestor) and not removed.
    func isAccessible(_ node: Int) -> Bool { isField(node) && shown[node] }

    /// Whether `node` is a field's index at all (a removed field's too): object paths come from
    /// other programs, and may name any number.
    private func isField(_ node: Int) -> Bool { node >= 0 && node < tree.count }

    /// The form's text (`--text`): its shown top-level labels, which describe the window.
    public var accessibleFormText: [AccessibleID] { tree.topLevel.filter(isFormText).map { .field($0) } }

    /// Whether `id` is one of `accessibleFormText`, in O(1).
    public func isAccessibleFormText(_ id: AccessibleID) -> Bool {
        guard case .field(let node) = id.object, id.part.isEmpty else { return false }
        return isFormText(node) && tree[node].parent == nil
    }

    private func isFormText(_ node: Int) -> Bool { isAccessible(node) && tree[node].field.kind == .label }

    /// A dialog, as zenity's and yad's windows are, named by the title and described by the
    /// form's text, as a screen reader reads a dialog.
    private var windowNode: AccessibleNode {
        var node = AccessibleNode(role: .dialog, name: form.title)
        node.description = accessibleFormText.compactMap { accessibleNode($0)?.name }.joined(separator: " ")
        node.states = [.visible, .showing, .enabled, .sensitive, .resizable]
        if focusTracking.windowActive { node.states.insert(.active) }
        node.frame = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        return node
    }

    private var formNode: AccessibleNode {
        var node = AccessibleNode(role: .panel, name: "")
        node.states = [.visible, .showing, .enabled, .sensitive]
        node.frame = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        return node
    }

    /// The overlay as a list a screen reader announces when it takes focus: "Keyboard shortcuts,
    /// list", then each command and its keys, its group as its description; once Up or Down
    /// has moved to an item, that item has the focus, so it is read as the highlight moves.
    private func overlayNode(_ overlay: ShortcutsOverlay) -> AccessibleNode {
        var node = AccessibleNode.list(named: "Keyboard shortcuts", items: overlay.items.map { "\($0.title): \($0.keys)" },
                                       frame: shortcutsOverlayLayout(overlay).panel, states: [.visible, .showing, .enabled, .sensitive],
                                       action: nil)
        for (index, item) in overlay.items.enumerated() {
            node.parts[index].description = item.group
            node.parts[index].states.insert(.focusable)
        }
        if let highlighted = overlay.highlighted {
            node.parts[highlighted].states.formUnion([.focused, .selected])
        } else {
            node.states.insert(.focused)
        }
        return node
    }
}
