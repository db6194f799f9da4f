/// What the focus engine sees of a form: for every field, where it is and whether it can take
/// focus. Built from the session's tree and layout whenever either changes; the engine itself is
/// a pure function of a snapshot and a `FocusState`.
public struct FocusSnapshot: Sendable {
    public struct Node: Sendable {
        public var id: String
        public var parent: Int?
        /// The control's frame in content coordinates; for a section, where its fields are (`FormLayout.readingFrames`).
        public var frame: Rect
        public var isContainer: Bool
        /// Shown (through every ancestor), enabled (likewise), of a focusable kind, not zero-size.
        public var canFocus: Bool
        /// `canFocus`, and reachable by Tab: `tabStop` true and `tabIndex` not negative.
        public var isTabStop: Bool
        public var tabIndex: Int

        public init(id: String, parent: Int?, frame: Rect, isContainer: Bool, canFocus: Bool, isTabStop: Bool, tabIndex: Int) {
            self.id = id; self.parent = parent; self.frame = frame; self.isContainer = isContainer
            self.canFocus = canFocus; self.isTabStop = isTabStop; self.tabIndex = tabIndex
        }
    }

    public var nodes: [Node]
    /// The children of the form (key `nil`) and of each section, in document order.
    public var children: [Int?: [Int]]
    /// The author's explicit orders, by container, as indices.
    public var explicitOrder: [Int?: [Int]]
    public var direction: Direction

    public init(nodes: [Node], children: [Int?: [Int]], explicitOrder: [Int?: [Int]], direction: Direction) {
        self.nodes = nodes; self.children = children; self.explicitOrder = explicitOrder; self.direction = direction
    }
}

/// The focus engine's small state.
public struct FocusState: Equatable, Sendable {
    public var focused: Int?
    /// The sequential focus navigation starting point, used while nothing is focused.
    public var start: StartingPoint = .none
    public init(focused: Int? = nil, start: StartingPoint = .none) { self.focused = focused; self.start = start }
}

/// Where the next Tab starts when nothing is focused (the HTML standard's starting point).
public enum StartingPoint: Equatable, Sendable {
    case none
    /// On a field (it was focused, or removed while focused): Tab goes to the stop after it.
    case at(Int)
    /// Just before a field (a click on empty space above it): Tab goes to it, or the stop after it.
    case before(Int)
}
