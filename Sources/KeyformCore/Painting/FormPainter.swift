/// Turns the session's state into a display list for one rectangle of the window. Only fields
/// that meet the rectangle are visited for drawing, so a key press repaints one field.
extension FormSession {
    public func displayList(in rect: Rect) -> DisplayList {
        var list = DisplayList()
        list.append(.pushClip(rect))
        list.append(.fill(rect, Theme.background, radius: 0))
        let title = windowRect(layout.title)
        if title.intersects(rect) {
            // From the form's starting edge, like its fields: the countdown sits at the other end.
            paintLines(titleLines(), font: Theme.titleFont, in: title, color: Theme.labelText, underline: nil, into: &list)
        }
        // Compared in content coordinates, one offset for all; the focus ring reaches 4 px out.
        let content = rect.offsetBy(dx: scrollOffset.x, dy: scrollOffset.y).insetBy(dx: -4, dy: -4)
        for node in visibleIndex.nodes(near: content) where layout.blocks[node].intersects(content) {
            paint(node, into: &list)
        }
        paintScrollBar(into: &list)
        paintCountdown(in: rect, into: &list)
        if let picker = pickerList { paintPickerList(picker, into: &list) }
        if let shortcuts = keyCommands.overlay { paintShortcutsOverlay(shortcuts, into: &list) }
        list.append(.popClip)
        return list
    }

    func paint(_ node: Int, into list: inout DisplayList) {
        let field = tree[node].field
        let block = windowRect(layout.blocks[node])
        let control = windowRect(layout.controls[node])
        let enabled = snapshot.nodes[node].canFocus || field.kind == .section || field.kind == .label
        let labelColor = enabled ? Theme.labelText : Theme.placeholder
        switch field.kind {
        case .section:
            guard !field.label.isEmpty else { return }
            let title = windowRect(layout.labels[node])
            paintLabel(node, in: title, color: labelColor, into: &list)
            let y = title.maxY - 7
            list.append(.line(from: Point(x: block.minX, y: y), to: Point(x: block.maxX, y: y), Theme.separator, lineWidth: 1))
        case .label:
            paintLabel(node, in: control, color: labelColor, into: &list)
        case .button:
            paintButton(node, control, enabled: enabled, into: &list)
        case .text, .password, .textarea, .tokens, .picker:
            if !field.label.isEmpty { paintLabel(node, in: windowRect(layout.labels[node]), color: labelColor, into: &list) }
            paintFrame(node, control, enabled: enabled, into: &list)
            // A text area's lines are cut at its inset, so a line scrolled half out does not touch the frame.
            // Like every rectangle drawn, in window coordinates: the lines already move with the form.
            let textClip = field.kind == .textarea ? windowRect(textAreaLines(node)).insetBy(dx: 2, dy: 0) : control.insetBy(dx: 2, dy: 2)
            list.append(.pushClip(textClip))
            if field.kind == .picker { paintPickerValue(node, control, enabled: enabled, into: &list) } else {
                paintText(node, enabled: enabled, into: &list)
            }
            list.append(.popClip)
            if let message = states[node].message {
                let origin = Point(x: alignedX(message, font: Theme.messageFont, in: control), y: control.maxY + 2)
                list.append(.text(TextRun(text: message, origin: origin, font: Theme.messageFont, color: Theme.error)))
            }
        }
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
            list.append(.stroke(control.insetBy(dx: -2, dy: -2), Theme.focusRing, lineWidth: 3, radius: Theme.cornerRadius + 2))
        }
        list.append(.fill(control, enabled ? Theme.fieldBackground : Theme.background, radius: Theme.cornerRadius))
        list.append(.stroke(control.insetBy(dx: 0.5, dy: 0.5), focused ? Theme.accent : Theme.border,
                            lineWidth: focused ? 2 : 1, radius: Theme.cornerRadius))
    }

    func paintButton(_ node: Int, _ control: Rect, enabled: Bool, into list: inout DisplayList) {
        let field = tree[node].field
        let primary = field.action != .cancel
        let pressed = armedButton?.node == node
        if focus.focused == node && focusVisible {
            list.append(.stroke(control.insetBy(dx: -2, dy: -2), Theme.focusRing, lineWidth: 3, radius: Theme.cornerRadius + 2))
        }
        var fill = primary ? Theme.accent : Theme.fieldBackground
        if pressed { fill = primary ? Theme.tokenText : Theme.separator }
        if !enabled { fill.alpha = 0.5 }
        list.append(.fill(control, fill, radius: Theme.cornerRadius))
        if !primary { list.append(.stroke(control.insetBy(dx: 0.5, dy: 0.5), Theme.border, lineWidth: 1, radius: Theme.cornerRadius)) }
        // No more of the label than could be measured is parsed (see `fitted`).
        let mnemonic = Mnemonic(label: String(field.label.prefix(Self.measuredGraphemes)))
        let font = Font(size: Theme.bodyFont.size, bold: true)
        let label = fitted(mnemonic.text, font: font, width: control.width - 2 * Theme.textInset)
        // A letter cut off with the end of the label is not underlined.
        let letter = mnemonic.offset.flatMap { label.hasSuffix("…") && $0 >= label.count - 1 ? nil : $0 }
        let origin = Point(x: control.midX - measurer.width(label, font: font) / 2,
                           y: control.midY - measurer.lineHeight(font) / 2)
        list.append(.text(TextRun(text: label, origin: origin, font: font, color: primary ? Theme.buttonText : Theme.text,
                                  underline: underline(at: letter, of: node))))
    }

    func paintScrollBar(into list: inout DisplayList) {
        guard let thumb = scrollThumb else { return }
        list.append(.fill(thumb, Theme.scrollThumb, radius: thumb.width / 2))
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
