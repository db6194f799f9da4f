/// Sequential focus navigation: a pure function of a snapshot, its tab order and the state.
public enum FocusEngine {
    public enum Direction: Sendable { case forward, backward }

    public enum Move: Equatable, Sendable {
        /// Focus goes to this node.
        case focus(Int)
        /// Focus is dropped (`edge: leave` past the end).
        case leave
        /// Nothing happens: no stop at all, or `edge: stop` at the end. The key is not handled.
        case none
    }

    /// Where Tab (`forward`) or Shift+Tab (`backward`) takes focus.
    public static func move(_ direction: Direction, from state: FocusState, in snapshot: FocusSnapshot,
                            order: TabOrder, edge: EdgePolicy) -> Move {
        let stops = order.sequence
        guard !stops.isEmpty else { return .none }
        let forward = direction == .forward
        // The position the search starts after (forward) or before (backward).
        let origin: Int
        if let focused = state.focused, order.position[focused] >= 0 {
            origin = order.position[focused]
        } else {
            switch state.start {
            case .at(let node) where order.position[node] >= 0:
                origin = order.position[node]
            case .before(let node) where order.position[node] >= 0:
                origin = forward ? order.position[node] - 1 : order.position[node]
            default:
                origin = forward ? -1 : stops.count
            }
        }
        if let found = firstStop(after: origin, forward: forward, within: stops.count, order, snapshot) {
            return .focus(found)
        }
        switch edge {
        case .stop: return .none
        case .leave: return state.focused == nil && state.start == .none ? .none : .leave
        case .wrap:
            let wrapped = forward ? -1 : stops.count
            if let found = firstStop(after: wrapped, forward: forward, within: stops.count, order, snapshot),
               found != state.focused {
                return .focus(found)
            }
            return .none
        }
    }

    /// Where focus goes when the focused field is hidden, disabled or removed: the next stop after
    /// it, else the one before it, else nowhere. Never wraps past the field itself.
    public static func fixup(from node: Int, in snapshot: FocusSnapshot, order: TabOrder) -> Int? {
        let position = order.position[node]
        guard position >= 0 else { return nil }
        return firstStop(after: position, forward: true, within: order.sequence.count, order, snapshot)
            ?? firstStop(after: position, forward: false, within: order.sequence.count, order, snapshot)
    }

    /// The first stop strictly after `position` in the given direction, without wrapping.
    /// Usually one step; it only walks further over fields that are not stops.
    static func firstStop(after position: Int, forward: Bool, within count: Int,
                          _ order: TabOrder, _ snapshot: FocusSnapshot) -> Int? {
        var i = forward ? position + 1 : position - 1
        while i >= 0 && i < count {
            let node = order.sequence[i]
            if snapshot.nodes[node].isTabStop { return node }
            i += forward ? 1 : -1
        }
        return nil
    }

    /// Whether no stop follows `node` (Return there submits under `nextThenSubmit`).
    public static func isLastStop(_ node: Int, in snapshot: FocusSnapshot, order: TabOrder) -> Bool {
        let position = order.position[node]
        return position >= 0 && firstStop(after: position, forward: true, within: order.sequence.count, order, snapshot) == nil
    }
}
