/// The accessible events a change causes, worked out by comparing what a screen reader is told
/// of just before it with the same just after (`AccessibilityDigest`): no code that changes the
/// form announces anything, so typing, input methods, undo, paste, commands and a screen
/// reader's own actions are covered alike. Only while one listens; otherwise nothing is made.
extension FormSession {
    /// Whether an assistive technology listens: the platform sets it while it is connected to
    /// the accessibility bus; `keyform accessibility` sets it to print the events.
    public var accessibilityListening: Bool {
        get { effects.accessibilityListening }
        set {
            effects.accessibilityListening = newValue
            if !newValue { effects.dropAccessibleEvents() }
        }
    }

    /// Runs `change` and queues the accessible events it caused, when anyone listens. A change
    /// inside another is part of it. `field` is a field to watch besides the focused one (the
    /// one a screen reader acts on).
    public func announcingChanges<T, Failure: Error>(to field: Int? = nil, _ change: () throws(Failure) -> T) throws(Failure) -> T {
        guard effects.accessibilityListening, effects.before == nil else { return try change() }
        effects.before = accessibilityDigest(watching: [field, focus.focused].compactMap { $0 })
        defer {
            let before = effects.before!
            effects.before = nil
            let after = accessibilityDigest(watching: Array(before.fields.keys) + [focus.focused].compactMap { $0 })
            for event in accessibleEvents(from: before, to: after) { effects.post(.accessible(event)) }
        }
        return try change()
    }

    /// Before a change reaches a field that is not focused (a mnemonic toggles a checkbox, a
    /// command clears a field): its node as it is now joins what the change is compared with.
    func watchBeforeChange(_ node: Int) {
        guard var before = effects.before, before.fields[node] == nil else { return }
        before.fields[node] = accessibleNode(.field(node))
        effects.before = before
    }

    /// What a screen reader is told of now, with the nodes of the `watched` fields.
    func accessibilityDigest(watching watched: [Int]) -> AccessibilityDigest {
        var messages: [Int: String] = [:]
        for node in 0..<tree.count { if let message = accessibleMessage(node) { messages[node] = message } }
        var fields: [Int: AccessibleNode] = [:]
        for node in watched { fields[node] = accessibleNode(.field(node)) }
        return AccessibilityDigest(windowActive: focusTracking.windowActive, focus: accessibleFocus, fields: fields, shown: shown,
                                   enabled: enabled, overlay: keyCommands.overlay != nil, messages: messages)
    }

    /// The events between two digests, in the order GTK sends them: the window, objects shown
    /// and hidden, what changed in the watched fields, validation messages, focus, then what
    /// changed in the field focus came to.
    func accessibleEvents(from before: AccessibilityDigest, to after: AccessibilityDigest) -> [AccessibleEvent] {
        var events: [AccessibleEvent] = []
        if before.windowActive != after.windowActive {
            events.append(AccessibleEvent(.window, after.windowActive ? .windowActivated : .windowDeactivated))
            events.append(AccessibleEvent(.window, .stateChanged(.active, after.windowActive)))
        }
        if before.overlay != after.overlay {
            events.append(AccessibleEvent(.window, after.overlay ? .childAdded(at: 1, .overlay) : .childRemoved(at: 1, .overlay)))
        }
        events += shownChanges(from: before.shown, to: after.shown)
        events += enabledChanges(from: before.enabled, to: after.enabled, watched: Set(before.fields.keys))
        // The field focus comes to changes after it has come (its text selected on the way in,
        // as GTK's entry selects it once focused): said before, it is read without its name.
        let arrived = before.focus?.object != after.focus?.object ? after.focus.map { AccessibleID($0.object) } : nil
        var changesOnArrival: [AccessibleEvent] = []
        for (node, old) in before.fields.sorted(by: { $0.key < $1.key }) {
            guard let new = after.fields[node] else { continue }
            let changes = highlightChanges(from: old, to: new, at: node, focus: after.focus)
            if AccessibleID.field(node) == arrived { changesOnArrival = changes } else { events += changes }
        }
        events += messageChanges(from: before.messages, to: after.messages)
        if before.focus != after.focus {
            events += focusChange(from: before.focus, to: after.focus)
        } else if after.windowActive && !before.windowActive, let focus = after.focus {
            // Back in the window, focus is where it was: said again, as GTK says it, so a screen
            // reader that followed the person elsewhere hears where they are.
            events.append(AccessibleEvent(focus, .stateChanged(.focused, true)))
        }
        return events + changesOnArrival
    }

    /// What changed in a field (`AccessibleNode.changes`), with the item a popup highlights
    /// while focus stays in the field: when it comes or moves, after the popup's list is added,
    /// the focused part's active descendant; when the popup goes with focus still there, the
    /// focus said again first, so that a screen reader that followed the highlight (Orca does)
    /// comes back to the field before it hears what closing the popup changed in it.
    private func highlightChanges(from old: AccessibleNode, to new: AccessibleNode, at node: Int, focus: AccessibleID?) -> [AccessibleEvent] {
        let changes = old.changes(to: new, at: .field(node))
        guard old.activeDescendant != new.activeDescendant, let focused = new.focusedPath,
              focus == .field(node, part: focused) else { return changes }
        guard let highlighted = new.activeDescendant else {
            return [AccessibleEvent(.field(node, part: focused), .stateChanged(.focused, true))] + changes
        }
        return changes + [AccessibleEvent(.field(node, part: focused), .activeDescendantChanged(.field(node, part: highlighted)))]
    }

    /// Fields shown or hidden, each told to the container it appears in or leaves (its topmost
    /// one that changed: a hidden section's fields go with it), at its index among the shown.
    /// Each container with a change is walked once.
    private func shownChanges(from old: [Bool], to new: [Bool]) -> [AccessibleEvent] {
        guard old != new, old.count == new.count else { return [] }
        let changed = (0..<new.count).filter { old[$0] != new[$0] }
        var containers: [Int?] = []
        for node in changed where !containers.contains(tree[node].parent) { containers.append(tree[node].parent) }
        var events: [AccessibleEvent] = []
        for container in containers {
            let id: AccessibleID = container.map { .field($0) } ?? .form
            let wasThere = container.map { old[$0] } ?? true, isThere = container.map { new[$0] } ?? true
            var oldIndex = 0, newIndex = 0
            for child in tree.children(of: container) {
                if old[child] && !new[child] && wasThere { events.append(AccessibleEvent(id, .childRemoved(at: oldIndex, .field(child)))) }
                if new[child] && !old[child] && isThere { events.append(AccessibleEvent(id, .childAdded(at: newIndex, .field(child)))) }
                if old[child] { oldIndex += 1 }
                if new[child] { newIndex += 1 }
            }
        }
        return events
    }

    /// Fields disabled or enabled (but the watched ones, whose own comparison tells it).
    private func enabledChanges(from old: [Bool], to new: [Bool], watched: Set<Int>) -> [AccessibleEvent] {
        guard old != new, old.count == new.count else { return [] }
        return (0..<new.count).filter { old[$0] != new[$0] && isAccessible($0) && !watched.contains($0) }.flatMap { node in
            [AccessibleState.enabled, .sensitive].map { AccessibleEvent(.field(node), .stateChanged($0, new[node])) }
        }
    }

    /// A validation message that appears, changes or goes as a screen reader is told it
    /// (`accessibleMessage`: once the person is done with the field): the field's description
    /// and its `invalid-entry` state follow, and a new message is announced, so it is heard
    /// where it appears even when focus is elsewhere. Told before focus moves on, while the
    /// field is still the reader's focus, whose description changes it reads.
    private func messageChanges(from old: [Int: String], to new: [Int: String]) -> [AccessibleEvent] {
        var events: [AccessibleEvent] = []
        for node in Set(old.keys).union(new.keys).sorted() where old[node] != new[node] && isAccessible(node) {
            let id = AccessibleID.field(node)
            events.append(AccessibleEvent(id, .descriptionChanged(accessibleNode(id)?.description ?? "")))
            if (old[node] == nil) != (new[node] == nil) { events.append(AccessibleEvent(id, .stateChanged(.invalidEntry, new[node] != nil))) }
            if let message = new[node] { events.append(AccessibleEvent(id, .announcement(message))) }
        }
        return events
    }

    /// Focus leaves one object and comes to another. Within a list (a picker's highlighted
    /// option), the list also says which of its items is now the active one.
    private func focusChange(from old: AccessibleID?, to new: AccessibleID?) -> [AccessibleEvent] {
        var events: [AccessibleEvent] = []
        if let old { events.append(AccessibleEvent(old, .stateChanged(.focused, false))) }
        guard let new else { return events }
        if let parent = accessibleParent(of: new), !new.part.isEmpty, [.list, .calendar].contains(accessibleNode(parent)?.role) {
            events.append(AccessibleEvent(parent, .activeDescendantChanged(new)))
        }
        events.append(AccessibleEvent(new, .stateChanged(.focused, true)))
        return events
    }
}

/// What a screen reader is told of, just before or just after a change.
struct AccessibilityDigest {
    var windowActive: Bool
    var focus: AccessibleID?
    /// The watched fields' nodes: the focused field's, and the one a screen reader acts on.
    var fields: [Int: AccessibleNode]
    /// By field: in the tree, and enabled (arrays the session keeps: copying them is free).
    var shown: [Bool]
    var enabled: [Bool]
    var overlay: Bool
    /// The validation messages shown, by field.
    var messages: [Int: String]
}
