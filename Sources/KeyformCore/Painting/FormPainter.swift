/// Turns the session's state into a display list for one rectangle of the window. Only fields
/// that meet the rectangle are visited for drawing, so a key press repaints one field.
extension FormSession {
    public func displayList(in rect: Rect) -> DisplayList {
        var list = DisplayList()
        // A typed letter's repaint lists about ten items: one allocation, not one per doubling.
        list.items.reserveCapacity(16)
        list.append(.pushClip(rect))
        list.append(.fill(rect, palette.background, radius: 0))
        let title = windowRect(layout.title)
        if title.intersects(rect) {
            // From the form's starting edge, like its fields: the countdown sits at the other end.
            painter.paintLines(titleLines(), font: Theme.titleFont, in: title, color: palette.labelText, underline: nil, into: &list)
        }
        // Compared in content coordinates, one offset for all; the focus ring reaches 4 px out.
        let content = rect.offsetBy(dx: scrollOffset.x, dy: scrollOffset.y).insetBy(dx: -4, dy: -4)
        for node in visibleIndex.nodes(near: content) where layout.blocks[node].intersects(content) {
            paint(node, into: &list, within: rect)
        }
        paintScrollBar(into: &list)
        paintCountdown(in: rect, into: &list)
        paintNotice(in: rect, into: &list)
        if let popup, popupScreen == nil { popup.paint(into: &list, in: context(popup.node)) }
        if let shortcuts = keyCommands.overlay { paintShortcutsOverlay(shortcuts, into: &list) }
        list.append(.popClip)
        return list
    }

    func paint(_ node: Int, into list: inout DisplayList, within rect: Rect) {
        var context = context(node)
        context.paintRect = rect
        tree[node].control.paint(into: &list, in: context)
    }

    /// Where a field's control draws its value, in window coordinates (see `Painter.inside`).
    func inside(of node: Int) -> Rect {
        Painter.inside(of: windowRect(layout.controls[node]), framed: tree.controlType(of: node).isFramed)
    }

    func paintScrollBar(into list: inout DisplayList) {
        guard let thumb = scrollThumb else { return }
        list.append(.fill(thumb, palette.scrollThumb, radius: thumb.width / 2))
    }

    /// The scroll bar's thumb: its height is the visible share of the content.
    var scrollThumb: Rect? {
        guard let track = scrollBarTrack else { return nil }
        let height = max(24, track.height * viewport.height / layout.contentSize.height)
        let y = track.minY + (track.height - height) * (scrollOffset.y / maxScroll)
        return Rect(x: track.minX + 1, y: y, width: track.width - 2, height: height)
    }

    /// The scroll bar's track, when the form is taller than the window.
    var scrollBarTrack: Rect? {
        guard maxScroll > 0 else { return nil }
        return Rect(x: viewport.width - Theme.scrollBarWidth - 2, y: 2, width: Theme.scrollBarWidth, height: viewport.height - 4)
    }

    /// The scroll offset that puts the thumb's centre under the pointer.
    func scrollOffsetForScrollBar(at y: Double) -> Double {
        guard let track = scrollBarTrack else { return 0 }
        return (y - track.minY) / track.height * layout.contentSize.height - viewport.height / 2
    }
}
