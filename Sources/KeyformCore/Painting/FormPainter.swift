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
            paintLines(titleLines(), font: Theme.titleFont, in: title, color: palette.labelText, underline: nil, into: &list)
        }
        // Compared in content coordinates, one offset for all; the focus ring reaches 4 px out.
        let content = rect.offsetBy(dx: scrollOffset.x, dy: scrollOffset.y).insetBy(dx: -4, dy: -4)
        for node in visibleIndex.nodes(near: content) where layout.blocks[node].intersects(content) {
            paint(node, into: &list, within: rect)
        }
        paintScrollBar(into: &list)
        paintCountdown(in: rect, into: &list)
        paintNotice(in: rect, into: &list)
        popup?.paint(into: &list, in: self)
        if let shortcuts = keyCommands.overlay { paintShortcutsOverlay(shortcuts, into: &list) }
        list.append(.popClip)
        return list
    }

    func paint(_ node: Int, into list: inout DisplayList, within rect: Rect) {
        var context = context(node)
        context.paintRect = rect
        tree[node].control.paint(into: &list, in: context)
    }

    /// A field a person fills in: its label above, its box (for a kind that `isFramed`; a radio
    /// group's options stand on the form), what the control draws inside the box (cut at `clip`,
    /// window coordinates, else `inside(of:)`) and its message under it. A box that cannot be
    /// typed in (`editable` false: read-only) has the window's background.
    func paintLabelled(_ context: ControlContext, clip: Rect? = nil, editable: Bool = true,
                       into list: inout DisplayList,
                       inside: (inout DisplayList) -> Void) {
        let node = context.node, control = context.windowFrame, enabled = context.isEnabled
        let label = windowRect(layout.labels[node])
        // A key repaints the box it typed in, not the label above it. The ink of a letter can
        // reach a little past its line's box.
        if !context.field.label.isEmpty && context.paintRect.map({ $0.intersects(label.insetBy(dx: -4, dy: -4)) }) ?? true {
            paintLabel(node, in: label, color: enabled ? palette.labelText : palette.placeholder, into: &list)
        }
        if tree.controlType(of: node).isFramed { paintFrame(node, control, enabled: enabled && editable, into: &list) }
        list.append(.pushClip(clip ?? self.inside(of: node)))
        inside(&list)
        list.append(.popClip)
        paintMessage(node, under: control, into: &list)
    }

    /// Where a field's control draws its value, in window coordinates: a framed box's inside
    /// (`Theme.inside`), else the control less 2 px (a radio group draws its focus ring there).
    func inside(of node: Int) -> Rect {
        let control = windowRect(layout.controls[node])
        return tree.controlType(of: node).isFramed ? Theme.inside(of: control) : control.insetBy(dx: 2, dy: 2)
    }

    /// The validation message shown under a field's control, if any; else, while the app
    /// checks the value, "Checking…" in the placeholder's grey.
    func paintMessage(_ node: Int, under control: Rect, into list: inout DisplayList) {
        let message: String, color: Color
        if let shown = tree[node].message {
            (message, color) = (shown, palette.error)
        } else if tree[node].isChecking {
            (message, color) = (FormSession.checkingText, palette.placeholder)
        } else {
            return
        }
        let origin = Point(x: alignedX(message, font: Theme.messageFont, in: control), y: control.maxY + 2)
        list.append(.text(TextRun(text: message, origin: origin, font: Theme.messageFont, color: color)))
    }

    /// A field's label, a section's title or a `label` field's text, in the lines it was laid out in.
    func paintLabel(_ node: Int, in rect: Rect, color: Color, into list: inout DisplayList) {
        let label = labelLines(node, width: layout.labels[node].width)
        paintLines(label, font: labelStyle(node).font, in: rect, color: color, underline: underline(at: label.mnemonic, of: node),
                   into: &list)
    }

    /// Where a run of text starts so it reads from the form's starting edge.
    func alignedX(_ text: String, font: Font, in rect: Rect) -> Double {
        form.direction == .ltr ? rect.minX : rect.maxX - measurer.width(text, font: font)
    }

    /// The field's box, its focused border, and the focus ring after keyboard navigation.
    func paintFrame(_ node: Int, _ control: Rect, enabled: Bool, into list: inout DisplayList) {
        let focused = focus.focused == node
        if focused && focusVisible {
            list.append(.stroke(control.insetBy(dx: -2, dy: -2), focusRingColor, lineWidth: 3, radius: Theme.cornerRadius + 2))
        }
        list.append(.fill(control, enabled ? palette.fieldBackground : palette.background, radius: Theme.cornerRadius))
        list.append(.stroke(control.insetBy(dx: 0.5, dy: 0.5), focused ? focusBorderColor : palette.border,
                            lineWidth: focused ? 2 : 1, radius: Theme.cornerRadius))
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
