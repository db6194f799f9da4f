/// The focus controller: moving focus, and keeping the focused field on screen. Focus changes in
/// one place (`setFocus`, private to this file); everything else asks for it, with
/// `requestFocus` (moved once the event is dispatched) or `focusNow` (for a step that goes on in
/// the new focus).

/// What moved focus: the keyboard shows the focus ring, and tabbing into a text field selects it.
enum FocusCause { case keyboard, pointer, program }

extension FormSession {
    /// Gives `node` focus: the old field loses its caret and selection look, the view scrolls by
    /// the least amount that shows the new one.
    private func setFocus(_ node: Int, cause: FocusCause) {
        if node != focus.focused { finishComposition() }
        let old = focus.focused
        if let old { invalidate(node: old) }
        closePopup()
        focus.focused = node
        if old != node { focusTracking.messageWaits = nil }
        // Once focus has left it, so the view is not kept on its input.
        if let old, old != node { tree[old].control.commitPending(in: context(old)) }
        focus.start = .at(node)
        focusVisible = cause != .pointer || tree.controlType(of: node).editsText
        tree[node].control.focusGained(cause, from: old, in: context(node))
        scrollIntoView(node)
        invalidate(node: node)
        clock.lastInput = now
        clock.caretOn = true
    }

    /// Records that focus should move to `node` once the event being dispatched is done (the
    /// last request wins): no handler sees focus change under it halfway.
    func requestFocus(_ node: Int, cause: FocusCause) {
        focusTracking.requested = (node, cause)
    }

    /// Moves focus to `node` at once, in place of any request made earlier in the event: for a step that goes
    /// on in the new focus (a press goes to the control it focused, a mnemonic's button is pressed
    /// once focused) and for changes made outside an event (the program's, a screen reader's).
    func focusNow(_ node: Int, cause: FocusCause) {
        requestFocus(node, cause: cause)
        applyFocusRequest()
    }

    /// Moves focus where it was last requested, if anywhere.
    func applyFocusRequest() {
        guard let (node, cause) = focusTracking.requested else { return }
        focusTracking.requested = nil
        setFocus(node, cause: cause)
    }

    /// Tab and Shift+Tab: returns false when the key does nothing (no stop, or `edge: stop`).
    func moveFocus(_ direction: FocusEngine.Direction) -> Bool {
        switch FocusEngine.move(direction, from: focus, in: snapshot, order: order, edge: form.edge) {
        case .focus(let node):
            requestFocus(node, cause: .keyboard)
            return true
        case .leave:
            // Focus leaves the form; the next Tab comes back in at the first stop.
            endEditing()
            focus.start = .none
            return true
        case .none:
            return false
        }
    }

    /// Ends editing: nothing is focused and the next Tab continues from this field.
    func endEditing() {
        guard let node = focus.focused else { return }
        finishComposition()
        closePopup()
        focus.focused = nil
        focus.start = .at(node)
        tree[node].control.commitPending(in: context(node))
        invalidate(node: node)
    }

    /// The focused field was hidden, disabled or removed: focus moves to the next stop, and the
    /// starting point stays where it was if there is none (HTML's focus fixup).
    func repairFocus() {
        guard let node = focus.focused, !snapshot.nodes[node].canFocus else { return }
        finishComposition()
        // The commit may have laid the form out again, which repaired focus already.
        guard focus.focused == node else { return }
        focus.focused = nil
        focus.start = .at(node)
        if popup?.node == node { popup = nil }
        // After focus is gone from it, so that a relayout this causes does not come back here.
        tree[node].control.commitPending(in: context(node))
        if let next = FocusEngine.fixup(from: node, in: snapshot, order: order) {
            focusNow(next, cause: .program)
        }
    }

    /// Scrolls by the least amount that shows the field whole with a margin; a field taller than
    /// the view shows its top (a text area: its caret line; a token field: its input).
    func scrollIntoView(_ node: Int) {
        var target = layout.blocks[node]
        if let text = textControl(node), type(of: text).viewFollowsCaret, target.height + 2 * Theme.scrollMargin > viewport.height {
            target = text.caretRect(in: context(node))
        }
        target = target.insetBy(dx: 0, dy: -Theme.scrollMargin)
        var y = scrollOffset.y
        if target.height > viewport.height || target.minY < y {
            y = target.minY
        } else if target.maxY > y + viewport.height {
            y = target.maxY - viewport.height
        }
        // Back at the first fields, show the form's title too rather than cut it off, if both fit.
        if y < scrollOffset.y && y <= layout.title.maxY && target.maxY <= viewport.height { y = 0 }
        _ = scroll(to: y)
    }

    /// Scrolls the content; returns whether the offset changed.
    @discardableResult
    func scroll(to y: Double) -> Bool {
        let clamped = min(max(0, y), maxScroll)
        guard clamped != scrollOffset.y else { return false }
        scrollOffset.y = clamped
        invalidateAll()
        return true
    }

    /// Where a press on empty space puts the starting point: before the first field that follows
    /// the point in reading order, so the next Tab goes there (as in the HTML standard).
    func startingPoint(after point: Point) -> StartingPoint {
        var best: (node: Int, rect: Rect)?
        for node in order.sequence where shown[node] {
            let rect = layout.controls[node]
            let sameRow = rect.minY <= point.y && point.y < rect.maxY
            let after = sameRow ? (form.direction == .ltr ? rect.minX >= point.x : rect.maxX <= point.x) : rect.minY > point.y
            guard after else { continue }
            if let current = best?.rect {
                let closer = rect.minY < current.minY
                    || (rect.minY == current.minY && (form.direction == .ltr ? rect.minX < current.minX : rect.maxX > current.maxX))
                if !closer { continue }
            }
            best = (node, rect)
        }
        if let best { return .before(best.node) }
        return order.sequence.last.map { .at($0) } ?? .none
    }
}
