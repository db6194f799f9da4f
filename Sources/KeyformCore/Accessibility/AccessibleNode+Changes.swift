/// How one node became another, as the events a screen reader is sent: what GTK sends as its
/// widgets change, worked out here by comparing the node before a change with the node after.
extension AccessibleNode {
    /// States the session tells of itself: focus moves between objects (`focused`), and a
    /// validation message comes and goes with its own events (`invalid-entry`).
    static let statesToldElsewhere: Set<AccessibleState> = [.focused, .invalidEntry]

    /// States a part shares with what holds it: a list shown or hidden with its popup says so
    /// once, not once more for each of its items.
    static let inheritedStates: Set<AccessibleState> = [.visible, .showing]

    /// The events that tell how `self` became `new`, both at `id`: its states (but those that
    /// flipped with its holder's, `inherited`), text, caret and selection, value, choice, parts
    /// added or removed; then the same for the parts both have.
    func changes(to new: AccessibleNode, at id: AccessibleID, inherited: Set<AccessibleState> = []) -> [AccessibleEvent] {
        var events: [AccessibleEvent] = []
        let flipped = states.symmetricDifference(new.states).subtracting(Self.statesToldElsewhere)
        for state in flipped.subtracting(inherited).sorted() { events.append(AccessibleEvent(id, .stateChanged(state, new.states.contains(state)))) }
        // A field's own description is its validation message, told with it; a part's is its own.
        if !id.part.isEmpty && description != new.description { events.append(AccessibleEvent(id, .descriptionChanged(new.description))) }
        if let old = text, let now = new.text { events += old.changes(to: now).map { AccessibleEvent(id, $0) } }
        if value != new.value && value != nil && new.value != nil { events.append(AccessibleEvent(id, .valueChanged)) }
        if choices != nil && chosen != new.chosen { events.append(AccessibleEvent(id, .selectionChanged)) }
        // Parts that came or went between the ones both have at the start and at the end (a
        // token added or removed), then what changed in those both have.
        let same = { (a: AccessibleNode, b: AccessibleNode) in a.role == b.role && a.name == b.name }
        var head = 0
        while head < min(parts.count, new.parts.count) && same(parts[head], new.parts[head]) { head += 1 }
        var tail = 0
        while tail < min(parts.count, new.parts.count) - head && same(parts[parts.count - 1 - tail], new.parts[new.parts.count - 1 - tail]) {
            tail += 1
        }
        for index in (head..<parts.count - tail).reversed() { events.append(AccessibleEvent(id, .childRemoved(at: index, id.appending(index)))) }
        for index in head..<new.parts.count - tail { events.append(AccessibleEvent(id, .childAdded(at: index, id.appending(index)))) }
        let kept = Array(0..<head).map { ($0, $0) } + (0..<tail).map { (parts.count - 1 - $0, new.parts.count - 1 - $0) }
        let passedOn = flipped.intersection(Self.inheritedStates)
        for (old, now) in kept { events += parts[old].changes(to: new.parts[now], at: id.appending(now), inherited: passedOn) }
        return events
    }

    /// The parts chosen among its `choices`, by index.
    public var chosen: [Int] {
        guard let choices, let holder = part(choices) else { return [] }
        return holder.parts.indices.filter { holder.parts[$0].states.contains(.selected) }
    }
}

extension AccessibleText {
    /// What was deleted and inserted (the text between the part both keep at the start and the
    /// part both keep at the end), where the caret went, and whether the selection changed.
    func changes(to new: AccessibleText) -> [AccessibleEvent.Kind] {
        var kinds: [AccessibleEvent.Kind] = []
        if let (deleted, inserted) = changedScalars(to: new) {
            if !deleted.isEmpty { kinds.append(.textDeleted(at: deleted.lowerBound, slice(from: deleted.lowerBound, to: deleted.upperBound))) }
            if !inserted.isEmpty { kinds.append(.textInserted(at: inserted.lowerBound, new.slice(from: inserted.lowerBound, to: inserted.upperBound))) }
        }
        if caret != new.caret { kinds.append(.caretMoved(to: new.caret)) }
        if selection != new.selection && !(selection.isEmpty && new.selection.isEmpty) { kinds.append(.textSelectionChanged) }
        return kinds
    }
}
