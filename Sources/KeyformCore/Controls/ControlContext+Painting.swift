/// A field's label, box and message, drawn through the context's `Painter` from what the
/// environment says of the field: every kind draws them alike.
extension ControlContext {
    /// A field a person fills in: its label above, its box (for a kind that `isFramed`; a radio
    /// group's options stand on the form), what the control draws inside the box (cut at `clip`,
    /// window coordinates, else `inside`) and its message under it. A box that cannot be typed
    /// in (`editable` false: read-only) has the window's background.
    func paintLabelled(clip: Rect? = nil, editable: Bool = true, into list: inout DisplayList,
                       inside: (inout DisplayList) -> Void) {
        let painter = self.painter, control = windowFrame, enabled = isEnabled
        let label = labelFrame
        // A key repaints the box it typed in, not the label above it. The ink of a letter can
        // reach a little past its line's box.
        if !field.label.isEmpty && paintRect.map({ $0.intersects(label.insetBy(dx: -4, dy: -4)) }) ?? true {
            paintLabel(in: label, color: enabled ? painter.palette.labelText : painter.palette.placeholder, into: &list)
        }
        if type(of: self.control).isFramed {
            painter.paintFrame(control, focused: isFocused, ring: showsFocusRing, editable: enabled && editable, into: &list)
        }
        list.append(.pushClip(clip ?? self.inside))
        inside(&list)
        list.append(.popClip)
        paintMessage(under: control, into: &list)
    }

    /// Where its control draws its value, in window coordinates (see `Painter.inside`).
    var inside: Rect { Painter.inside(of: windowFrame, framed: type(of: control).isFramed) }

    /// Its validation message under its control, if it has one; else, while the app checks its
    /// value, "Checking…" in the placeholder's grey.
    func paintMessage(under control: Rect, into list: inout DisplayList) {
        let painter = self.painter
        if let message {
            painter.paintMessage(message, under: control, color: painter.palette.error, into: &list)
        } else if isChecking {
            painter.paintMessage("Checking…", under: control, color: painter.palette.placeholder, into: &list)
        }
    }

    /// Whether a label's markup marks its mnemonic letter with `_`, as GTK's mnemonic labels'
    /// does: when its text has one. A label whose `_` are all text (`__`, or a control's with no
    /// mnemonic) draws them, as GTK's plain markup labels do.
    static func marksMnemonic(_ label: WrappedLabel) -> Bool { label.mnemonic != nil }

    /// Its label, a section's title or a `label` field's text, in the lines it was laid out in;
    /// a label with markup as Pango wraps it (`MarkupRun`).
    func paintLabel(in rect: Rect, color: Color, into list: inout DisplayList) {
        let font = type(of: control).labelStyle.font
        if let markup = field.markup {
            let marks = Self.marksMnemonic(labelLines)
            let height = painter.measurer.markupHeight(markup, text: field.label, font: font, width: rect.width, marksMnemonic: marks)
            return list.append(.markup(MarkupRun(markup: markup, frame: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: height),
                                                 font: font, color: color, marksMnemonic: marks,
                                                 underlinesMnemonic: marks && underline(at: labelLines.mnemonic) != nil)))
        }
        let label = labelLines
        painter.paintLines(label, font: font, in: rect, color: color,
                           underline: underline(at: label.mnemonic), into: &list)
    }
}
