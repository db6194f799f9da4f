/// Pointer input: one hit test per press at the window level, topmost first — the open picker
/// list, the scroll bar, then controls, then empty space. A press on anything that is not a
/// control that takes focus (the background, the title, a label, a disabled field) ends a
/// composition or a popup, and the focused field keeps focus: the next keys still go where the
/// person was typing, as in GTK, and the form is never left with nothing focused.
extension FormSession {
    enum Hit: Equatable {
        case popup
        case outsidePopup
        case scrollBar
        case control(Int)
        case empty
    }

    func hitTest(_ point: Point) -> Hit {
        if let popup { return popup.frame(in: context(popup.node)).contains(point) ? .popup : .outsidePopup }
        if let bar = scrollBarTrack, bar.contains(point) { return .scrollBar }
        let content = contentPoint(point)
        // Later fields are drawn on top (framed fields may overlap), so search from the end.
        for node in visibleIndex.nodes(near: Rect(x: content.x, y: content.y, width: 1, height: 1)).reversed()
        where order.position[node] >= 0 && layout.controls[node].contains(content) {
            return .control(node)
        }
        return .empty
    }

    func pointerPressed(_ button: PointerButton, at point: Point, modifiers: Modifiers, clickCount: Int) -> Bool {
        if button == .middle { return middleClickPaste(at: point) }
        guard button == .primary else { return false }
        switch hitTest(point) {
        case .popup:
            if let popup { popup.press(at: point, in: context(popup.node)) }
        case .outsidePopup:
            closePopup()  // the usual popup rule: this press does not also reach what is under it
        case .scrollBar:
            // A press on the track jumps there; either way the thumb follows the pointer until release.
            if let thumb = scrollThumb, !thumb.contains(point) { _ = scroll(to: scrollOffsetForScrollBar(at: point.y)) }
            pointerState.grab = .scrollBar(pointerY: point.y, offset: scrollOffset.y)
        case .control(let node):
            pressControl(node, at: point, modifiers: modifiers, clickCount: clickCount)
        case .empty:
            pressOutsideControls(at: point)
        }
        return true
    }

    func pressControl(_ node: Int, at point: Point, modifiers: Modifiers, clickCount: Int) {
        guard snapshot.nodes[node].canFocus else { return pressOutsideControls(at: point) }
        // Where the control is under the pointer, before focus moving to it changes the layout.
        let frame = windowRect(layout.controls[node])
        if focus.focused != node { focusNow(node, cause: .pointer) }
        focusVisible = tree.controlType(of: node).editsText
        let press = PointerPress(point: point, modifiers: modifiers, clickCount: clickCount, pressedFrame: frame)
        tree[node].control.press(press, in: context(node))
    }

    /// Ends a composition and a popup; focus stays. With nothing focused (focus left the form by
    /// Tab, or the app blurred it), the press sets where the next Tab starts.
    func pressOutsideControls(at point: Point) {
        guard focus.focused != nil else {
            focus.start = startingPoint(after: contentPoint(point))
            return
        }
        finishComposition()
        closePopup()
    }

    func pointerReleased(_ button: PointerButton, at point: Point) -> Bool {
        // A drag ends with any button's release; an armed button waits for the primary one.
        if case .button = pointerState.grab {} else { pointerState.grab = nil }
        guard button == .primary, case let .button(node, pressedFrame)? = pointerState.grab else { return false }
        pointerState.grab = nil
        invalidate(node: node)
        if hitTest(point) == .control(node) || pressedFrame.contains(point) {
            _ = tree[node].control.activate(in: context(node))
        }
        return true
    }

    func pointerMoved(to point: Point) -> Bool {
        if case let .scrollBar(pointerY, offset)? = pointerState.grab, let track = scrollBarTrack, let thumb = scrollThumb {
            // The thumb travels the track less its own height while the content travels maxScroll.
            return scroll(to: offset + (point.y - pointerY) * maxScroll / max(1, track.height - thumb.height))
        }
        guard case let .selecting(node)? = pointerState.grab, let text = textControl(node) else { return false }
        return text.dragSelect(to: point, in: context(node))
    }

    /// Middle click pastes the PRIMARY selection where it lands, in a text control.
    func middleClickPaste(at point: Point) -> Bool {
        guard popup == nil, case .control(let node) = hitTest(point), let text = textControl(node), !text.textInput.readOnly,
              snapshot.nodes[node].canFocus else { return false }
        if focus.focused != node { focusNow(node, cause: .pointer) }
        text.placeCaret(at: point, in: context(node))
        requestPaste(.primary)
        return true
    }

    /// An I-beam over text controls, an arrow elsewhere: the update's `cursor` where the pointer
    /// moved (package access for the benchmark's hit tests).
    package func cursor(at point: Point) -> CursorShape {
        if case .control(let node) = hitTest(point), tree.controlType(of: node).editsText, snapshot.nodes[node].canFocus {
            return .text
        }
        return .arrow
    }

}
