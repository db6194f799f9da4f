/// How the form draws what it draws alike everywhere: the lines of labels, section titles and the
/// form's title, validation messages, text cut short with "…", a field's box and a popup's box,
/// and the colours that say where focus is. A value made for one display list from the session's
/// palette, measurer, direction and window (`FormSession.painter`); controls reach it through
/// their context.
struct Painter {
    let palette: Palette
    let measurer: any TextMeasuring
    let direction: Direction
    /// Lines below it are not listed.
    let windowHeight: Double
    /// Focus is drawn greyed while another window has the desktop's focus.
    let windowActive: Bool

    /// The most graphemes of one line that are measured and drawn at once (see
    /// `TextEditingControl.visibleRun`).
    static let measuredGraphemes = 1024
    /// The longest paragraph a text area wraps; a longer one scrolls sideways, measured in a window.
    static let wrappedGraphemes = 16_384

    // MARK: Focus colours

    /// The colours that say where focus is: the palette's own while the window is active, greyed
    /// while another window has the desktop's focus (as GTK draws a window in the backdrop), so
    /// that only the active window seems to take keys.
    var focusRingColor: Color { windowActive ? palette.focusRing : palette.inactiveFocusRing }
    /// The focused field's border.
    var focusBorderColor: Color { windowActive ? palette.accent : palette.inactiveFocusRing }
    var selectionColor: Color { windowActive ? palette.selection : palette.inactiveSelection }

    // MARK: Text

    /// Draws a label's lines down from the top of `rect` (window coordinates), in their block on
    /// the form's starting edge, each from its own paragraph's side (see `WrappedLabel`). Only
    /// the lines inside the window are visited: a label of thousands of lines costs the few that show.
    func paintLines(_ label: WrappedLabel, font: Font, in rect: Rect, color: Color, underline: Range<Int>?,
                    into list: inout DisplayList) {
        let lineHeight = measurer.lineHeight(font), lines = label.lines.lines
        let width = min(rect.width, label.blockWidth ?? rect.width)
        let block = Rect(x: direction == .ltr ? rect.minX : rect.maxX - width, y: rect.minY, width: width, height: rect.height)
        let first = max(0, Int((-rect.minY / lineHeight).rounded(.down)))
        let last = min(lines.count - 1, Int(((windowHeight - rect.minY) / lineHeight).rounded(.down)))
        guard first <= last else { return }
        for number in first...last {
            let text = String(label.text(of: number))
            guard !text.isEmpty else { continue }
            let start = lines[number].start
            let underlined = underline.flatMap { $0.lowerBound >= start && $0.lowerBound < start + text.count ? $0 : nil }
            let x = label.direction(of: number) == .ltr ? block.minX : block.maxX - measurer.width(text, font: font)
            list.append(.text(TextRun(text: text, origin: Point(x: x, y: rect.minY + Double(number) * lineHeight),
                                      font: font, color: color, underline: underlined.map { $0.lowerBound - start..<$0.upperBound - start })))
        }
    }

    /// `text` on one line of `width`, ending in "…" when it does not fit. Only its first
    /// `measuredGraphemes` are measured (more never fit a window), so an option of a megabyte
    /// costs what a short one does.
    func fitted(_ text: String, font: Font, width: Double) -> String {
        let start = text.prefix(Self.measuredGraphemes)
        return measurer.ellipsized(start.endIndex < text.endIndex ? start + "…" : text, font: font, width: width)
    }

    /// Where a run of text starts so it reads from the form's starting edge.
    func alignedX(_ text: String, font: Font, in rect: Rect) -> Double {
        direction == .ltr ? rect.minX : rect.maxX - measurer.width(text, font: font)
    }

    /// A validation message (or "Checking…") under a field's control (window coordinates).
    func paintMessage(_ message: String, under control: Rect, color: Color, into list: inout DisplayList) {
        let origin = Point(x: alignedX(message, font: Theme.messageFont, in: control), y: control.maxY + 2)
        list.append(.text(TextRun(text: message, origin: origin, font: Theme.messageFont, color: color)))
    }

    // MARK: Boxes

    /// Where a field's control draws its value, in window coordinates: a framed box's inside
    /// (`Theme.inside`), else the control less 2 px (a radio group draws its focus ring there).
    static func inside(of control: Rect, framed: Bool) -> Rect {
        framed ? Theme.inside(of: control) : control.insetBy(dx: 2, dy: 2)
    }

    /// A field's box, its focused border, and the focus ring after keyboard navigation. A box
    /// that cannot be typed in (disabled, read-only) has the window's background.
    func paintFrame(_ control: Rect, focused: Bool, ring: Bool, editable: Bool, into list: inout DisplayList) {
        if ring {
            list.append(.stroke(control.insetBy(dx: -2, dy: -2), focusRingColor, lineWidth: 3, radius: Theme.cornerRadius + 2))
        }
        list.append(.fill(control, editable ? palette.fieldBackground : palette.background, radius: Theme.cornerRadius))
        list.append(.stroke(control.insetBy(dx: 0.5, dy: 0.5), focused ? focusBorderColor : palette.border,
                            lineWidth: focused ? 2 : 1, radius: Theme.cornerRadius))
    }

    /// The shadow a popup casts: its shape, a little lower.
    static func popupShadow(_ popup: Rect) -> Rect { popup.offsetBy(dx: 0, dy: 2) }

    /// A popup's box: its shadow, its background and its border.
    func paintPopupBox(_ rect: Rect, into list: inout DisplayList) {
        list.append(.fill(Self.popupShadow(rect), palette.overlayShadow, radius: Theme.cornerRadius))
        list.append(.fill(rect, palette.fieldBackground, radius: Theme.cornerRadius))
        list.append(.stroke(rect.insetBy(dx: 0.5, dy: 0.5), palette.border, lineWidth: 1, radius: Theme.cornerRadius))
    }
}
