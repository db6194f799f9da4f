/// One object of the accessible tree as a screen reader sees it (docs/architecture.md ›
/// Accessibility): made fresh from the form whenever it is asked for, so it is never out of date
/// and costs nothing when nobody asks. A control describes itself (`Control.accessibleNode(in:)`);
/// a control that is more than one object holds its `parts` (a picker's list and its options). A
/// section's fields are not its parts: the session serves them one by one
/// (`FormSession.accessibleChildren(of:)`), so a form of 10,000 fields is never described whole.
public struct AccessibleNode: Equatable, Sendable {
    public var role: AccessibleRole
    public var name: String
    public var description = ""
    /// What an empty field shows in grey: a hint, not its content, so not its description
    /// (AT-SPI's `placeholder-text` attribute, as GTK gives it).
    public var placeholder = ""
    public var states: Set<AccessibleState> = []
    /// What AT-SPI's `Text` reads, and `EditableText` edits when the node is `editable`.
    public var text: AccessibleText?
    /// What AT-SPI's `Action` offers; the first carries the mnemonic as its key binding.
    public var actions: [AccessibleAction] = []
    /// AT-SPI's `Value`: a number field's number and its bounds.
    public var value: AccessibleValue?
    /// The mnemonic, as the desktop writes it: `Alt+N`.
    public var keyBinding: String?
    /// In window coordinates.
    public var frame = Rect.zero
    public var parts: [AccessibleNode] = []
    /// The part at this path is the item a popup has highlighted while focus stays where it is
    /// (a token field's suggestion as the person types in its entry): told to a screen reader as
    /// the focused part's active descendant, as an editable combo box tells its list's item.
    public var activeDescendant: [Int]?
    /// What AT-SPI's `Selection` chooses among: the parts of its part at this path (empty: its
    /// own parts), the chosen ones `selected`, each chosen by its `select` action. A radio group
    /// chooses its buttons; a picker and its list both choose the list's options. Nil: no choice.
    public var choices: [Int]?

    public init(role: AccessibleRole, name: String) {
        self.role = role; self.name = name
    }

    /// The part at an index path, itself for an empty one.
    public func part(_ path: [Int]) -> AccessibleNode? {
        var node = self
        for index in path {
            guard node.parts.indices.contains(index) else { return nil }
            node = node.parts[index]
        }
        return node
    }

    /// The path of the deepest part that is `focused` (empty: the node itself), or nil when
    /// neither it nor a part is: where a screen reader's focus is inside a control.
    public var focusedPath: [Int]? {
        for (index, part) in parts.enumerated() {
            if let path = part.focusedPath { return [index] + path }
        }
        return states.contains(.focused) ? [] : nil
    }
}

/// An action a screen reader can do on an object: `press` on a button, `remove` on a token.
public struct AccessibleAction: Equatable, Sendable {
    public var name: String
    /// The key that does the same, as the desktop writes it: `Alt+S`.
    public var keyBinding: String?

    public init(_ name: String, keyBinding: String? = nil) {
        self.name = name; self.keyBinding = keyBinding
    }
}

/// A number and its bounds, as AT-SPI's `Value` gives them.
public struct AccessibleValue: Equatable, Sendable {
    public var current: Double
    public var minimum: Double
    public var maximum: Double
    /// The step of Up and Down.
    public var increment: Double

    public init(current: Double, minimum: Double, maximum: Double, increment: Double) {
        self.current = current; self.minimum = minimum; self.maximum = maximum; self.increment = increment
    }
}

extension AccessibleNode {
    /// A `list` of `items`, each a `list item` named by its text with `states` and `action`; all
    /// in `frame` (the items of a list are not placed one by one).
    static func list(named name: String, items: [String], frame: Rect, states: Set<AccessibleState>,
                     action: String?) -> AccessibleNode {
        var list = AccessibleNode(role: .list, name: name)
        list.states = states
        list.frame = frame
        list.parts = items.map { text in
            var item = AccessibleNode(role: .listItem, name: text)
            item.states = states.union([.selectable])
            item.actions = action.map { [AccessibleAction($0)] } ?? []
            item.frame = frame
            return item
        }
        return list
    }
}
