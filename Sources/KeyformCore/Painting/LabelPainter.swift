/// The lines of labels, section titles and the form's title, and text cut short with "…".
extension FormSession {
    /// Draws a label's lines down from the top of `rect` (window coordinates), in their block on
    /// the form's starting edge, each from its own paragraph's side (see `WrappedLabel`). Only
    /// the lines inside the window are visited: a label of thousands of lines costs the few that show.
    func paintLines(_ label: WrappedLabel, font: Font, in rect: Rect, color: Color, underline: Range<Int>?,
                    into list: inout DisplayList) {
        let lineHeight = measurer.lineHeight(font), lines = label.lines.lines
        let width = min(rect.width, label.blockWidth ?? rect.width)
        let block = Rect(x: form.direction == .ltr ? rect.minX : rect.maxX - width, y: rect.minY, width: width, height: rect.height)
        let first = max(0, Int((-rect.minY / lineHeight).rounded(.down)))
        let last = min(lines.count - 1, Int(((viewport.height - rect.minY) / lineHeight).rounded(.down)))
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
}
