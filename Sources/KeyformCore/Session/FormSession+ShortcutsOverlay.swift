/// The discoverability overlay: every titled command available now, grouped by where it comes
/// from. Holding Ctrl alone for a second shows it (so does Ctrl+? or F1); releasing Ctrl, Escape,
/// any other key or a click hides it. Showing it never moves focus or scrolls the form. Up,
/// Down, Home and End move through its items, as in a menu, so that a screen reader reads them
/// one by one (the highlighted item is the focused one).
struct ShortcutsOverlay: Equatable {
    struct Item: Equatable {
        var title: String
        /// The chords as the desktop writes them: `Ctrl+Shift+Z`, `Ctrl+Y`.
        var chords: [String]
        var group: String
        /// The chords comma-separated, as replay reports them.
        var keys: String { chords.joined(separator: ", ") }
    }

    var items: [Item]
    /// Shown by holding Ctrl, so releasing Ctrl hides it.
    var shownByHold: Bool
    /// How far the list is scrolled when it does not fit the window (the wheel scrolls it).
    var scroll = 0.0
    /// The item Up and Down have moved to; nil until they are pressed.
    var highlighted: Int?

    /// With `highlighted`, the highlighted item's index, once there is one.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string("shortcuts")), ("items", .array(items.map { item in
            .object([("title", .string(item.title)), ("keys", .string(item.keys)), ("group", .string(item.group))])
        }))]
        if let highlighted { members.append(("highlighted", .number(Double(highlighted)))) }
        return .object(members)
    }
}

extension FormSession {
    /// The overlay as replay reports it, or nil when it is hidden.
    var shortcutsOverlayJSON: JSONValue? { keyCommands.overlay?.json }

    func showShortcutsOverlay(byHold: Bool) {
        keyCommands.overlay = ShortcutsOverlay(items: shortcutItems(), shownByHold: byHold)
        invalidateAll()
    }

    /// Hides the overlay; returns whether it was showing.
    @discardableResult
    func hideShortcutsOverlay() -> Bool {
        guard keyCommands.overlay != nil else { return false }
        keyCommands.overlay = nil
        invalidateAll()
        return true
    }

    // MARK: Holding Ctrl

    /// A bare modifier press: Ctrl alone starts the hold; any other modifier ends it.
    func modifierPressed(_ press: KeyPress) {
        let modifier = press.key.modifier
        let others = press.modifiers.intersection(KeyChord.matched).subtracting(modifier ?? [])
        if modifier == .control && others.isEmpty {
            // Auto-repeat sends more presses while the key is held: the hold started at the first.
            if keyCommands.controlDownSince == nil { keyCommands.controlDownSince = now }
        } else {
            keyCommands.controlDownSince = nil
        }
        if modifier == .alt { setAltHeld(true) }
    }

    func modifierReleased(_ release: KeyPress) -> Bool {
        switch release.key.modifier {
        case .control?:
            keyCommands.controlDownSince = nil
            if keyCommands.overlay?.shownByHold == true { return hideShortcutsOverlay() }
        case .alt?:
            setAltHeld(false)
        default:
            break
        }
        return false
    }

    /// Anything but a bare modifier ends a Ctrl hold; a key pressed without Alt means Alt is up
    /// (its release may have gone to another window).
    func noteNonModifierInput(_ modifiers: Modifiers) {
        keyCommands.controlDownSince = nil
        if !modifiers.contains(.alt) { setAltHeld(false) }
    }

    /// The window lost focus: held keys will be released elsewhere.
    func forgetHeldModifiers() {
        keyCommands.controlDownSince = nil
        setAltHeld(false)
        if keyCommands.overlay?.shownByHold == true { hideShortcutsOverlay() }
    }

    /// Shows the overlay once Ctrl has been held alone long enough; `advanceClock` calls it.
    func showOverlayIfHeld() {
        guard let since = keyCommands.controlDownSince, now >= since + KeyCommandState.overlayHoldDelay else { return }
        keyCommands.controlDownSince = nil
        if keyCommands.overlay == nil { showShortcutsOverlay(byHold: true) }
    }

    /// When a Ctrl hold will show the overlay, for `nextDeadline`.
    var overlayHoldDeadline: Double? { keyCommands.controlDownSince.map { $0 + KeyCommandState.overlayHoldDelay } }

    // MARK: Input while it shows

    /// A key while the overlay shows hides it. Escape and the overlay's own keys stop there (so
    /// F1 and Ctrl+? toggle it); other keys go on to do their work. Returns true when the key is
    /// used up.
    func dismissOverlay(for press: KeyPress) -> Bool {
        if press.modifiers.intersection(KeyChord.matched).isEmpty, moveOverlayHighlight(press.key) { return true }
        guard hideShortcutsOverlay() else { return false }
        return press.key == .escape || command(for: press)?.action == .toggleOverlay
    }

    /// Up, Down, Home and End move the highlight through the items (from none, Down and Home
    /// go to the first, Up and End to the last), scrolling it into view; false for other keys.
    private func moveOverlayHighlight(_ key: Key) -> Bool {
        guard var overlay = keyCommands.overlay, !overlay.items.isEmpty else { return false }
        let last = overlay.items.count - 1
        switch key {
        case .down: overlay.highlighted = overlay.highlighted.map { min($0 + 1, last) } ?? 0
        case .up: overlay.highlighted = overlay.highlighted.map { max($0 - 1, 0) } ?? last
        case .home: overlay.highlighted = 0
        case .end: overlay.highlighted = last
        default: return false
        }
        keyCommands.overlay = overlay
        if let row = shortcutsOverlayLayout(overlay).row(ofItem: overlay.highlighted!) { scrollOverlay(toShow: row) }
        invalidateAll()
        return true
    }

    /// Scrolls the overlay (its columns scroll together) so that row `row` of a column shows.
    private func scrollOverlay(toShow row: Int) {
        guard var overlay = keyCommands.overlay else { return }
        let layout = shortcutsOverlayLayout(overlay), height = ShortcutsOverlayLayout.rowHeight
        let top = Double(row) * height
        if top < overlay.scroll { overlay.scroll = top }
        if top + height > overlay.scroll + layout.listHeight { overlay.scroll = top + height - layout.listHeight }
        keyCommands.overlay = overlay
    }

    /// The wheel scrolls the overlay while it shows, never the form under it, by whole rows.
    func scrollOverlay(by dy: Double) -> Bool {
        guard var overlay = keyCommands.overlay else { return false }
        let layout = shortcutsOverlayLayout(overlay)
        let row = ShortcutsOverlayLayout.rowHeight
        let rows = ((overlay.scroll + dy) / row).rounded(dy > 0 ? .up : .down)
        overlay.scroll = min(max(0, rows * row), max(0, layout.contentHeight - layout.listHeight))
        guard overlay != keyCommands.overlay else { return true }
        keyCommands.overlay = overlay
        invalidateAll()
        return true
    }

    // MARK: Items

    /// Every titled command a key would reach now, in chain order: an app's own commands first
    /// (`SessionHooks`), under the form's title, then Keyform's and the form file's, under
    /// where they come from. A chord that an earlier command takes first is left out, and a
    /// command with none left is not listed; commands of one group with the same title share a
    /// line.
    func shortcutItems() -> [ShortcutsOverlay.Item] {
        let chain = CommandScope.allCases.map { scope in (scope, commands(in: scope)) }
        // Priority commands get keys first, then the rest in chain order, as `handleKey` offers them.
        var taken = Set<KeyChord>()
        var reachable = chain.map { _, commands in Array(repeating: [KeyChord](), count: commands.count) }
        for priority in [true, false] {
            for (scopeIndex, (_, commands)) in chain.enumerated() {
                for (index, command) in commands.enumerated() where command.priority == priority {
                    reachable[scopeIndex][index] = command.chords.filter { !taken.contains($0) }
                    taken.formUnion(command.matchedChords)
                }
            }
        }
        var apps: [ShortcutsOverlay.Item] = [], others: [ShortcutsOverlay.Item] = []
        for (scopeIndex, (scope, commands)) in chain.enumerated() {
            for (index, command) in commands.enumerated() {
                let chords = reachable[scopeIndex][index]
                guard let title = command.title, !chords.isEmpty else { continue }
                let labels = chords.map { $0.label(names: keyCommands.keyNames) }
                if case .app = command.action {
                    Self.list(title, labels, group: form.title, in: &apps)
                } else {
                    Self.list(title, labels, group: scope.heading, in: &others)
                }
            }
        }
        return apps + others
    }

    /// Adds a command to `items`, on the line of the group's command of the same title if any.
    private static func list(_ title: String, _ labels: [String], group: String, in items: inout [ShortcutsOverlay.Item]) {
        if let same = items.lastIndex(where: { $0.group == group && $0.title == title }) {
            items[same].chords += labels
        } else {
            items.append(.init(title: title, chords: labels, group: group))
        }
    }
}
