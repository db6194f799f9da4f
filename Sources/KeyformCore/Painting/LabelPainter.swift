/// Text cut short with "…" where it has one line and too little room.
extension FormSession {
    /// `text` on one line of `width`, ending in "…" when it does not fit. Only its first
    /// `measuredGraphemes` are measured (more never fit a window), so an option of a megabyte
    /// costs what a short one does.
    func fitted(_ text: String, font: Font, width: Double) -> String {
        let start = text.prefix(Self.measuredGraphemes)
        return measurer.ellipsized(start.endIndex < text.endIndex ? start + "…" : text, font: font, width: width)
    }
}
