/// The accent colours GNOME offers (`org.gnome.desktop.interface accent-color`, GNOME 47 and
/// later), in libadwaita's shades. No other source exists on X11 without a portal: XSETTINGS
/// has no accent setting, and the freedesktop portal's `accent-color` needs xdg-desktop-portal.
public enum AccentColor: String, CaseIterable, Sendable {
    case blue, teal, green, yellow, orange, red, pink, purple, slate

    public var color: Color {
        switch self {
        case .blue: Color(hex: 0x3584e4)
        case .teal: Color(hex: 0x2190a4)
        case .green: Color(hex: 0x3a944a)
        case .yellow: Color(hex: 0xc88800)
        case .orange: Color(hex: 0xed5b00)
        case .red: Color(hex: 0xe62d42)
        case .pink: Color(hex: 0xd56199)
        case .purple: Color(hex: 0x9141ac)
        case .slate: Color(hex: 0x6f8396)
        }
    }
}

extension Palette {
    /// This palette in a desktop's accent: the primary button, the focused border, checked
    /// boxes, highlighted rows and days, the focus ring, the selection and tokens take its hue.
    /// Each is the accent made darker or lighter, as little as its contrast needs (WCAG 2.2, as
    /// `PaletteContrastTests` checks every palette: 4.5:1 for text on it, 3:1 for the focused
    /// border and the ring beside the window and the boxes), so any accent reads, a pale yellow
    /// too; where none would, the palette's own colour stays. High contrast keeps its own: a
    /// person who asks for it gets the most contrast, not the desktop's hue.
    public func accented(_ desktopAccent: Color) -> Palette {
        guard self != .highContrast else { return self }
        let hue = desktopAccent.withAlpha(1)
        let (window, box) = (background, fieldBackground)
        func readable(_ foreground: Color, on background: Color) -> Bool { foreground.over(background).contrastRatio(with: background) >= 4.5 }
        func visible(_ part: Color, beside neighbour: Color) -> Bool { part.over(window).contrastRatio(with: neighbour) >= 3 }
        var palette = self
        palette.accent = hue.nearest { readable(buttonText, on: $0) && visible($0, beside: window) && visible($0, beside: box) } ?? accent
        palette.highlight = palette.accent
        // Pressed is a shade darker, as Adwaita's: darker still under white text.
        palette.accentPressed = palette.accent.mixed(with: Color(hex: 0x000000), 0.15)
        palette.focusRing = hue.withAlpha(focusRing.alpha).nearest { visible($0, beside: window) && visible($0, beside: box) } ?? focusRing
        palette.selection = hue.withAlpha(selection.alpha).nearest { readable(text, on: $0.over(box)) } ?? selection
        // A tint of the accent on the box, as the palette's own tokens are a tint of its blue.
        let tint = box.relativeLuminance < 0.5 ? 0.3 : 0.16
        palette.tokenBackground = box.mixed(with: hue, tint).nearest { readable(error, on: $0) } ?? tokenBackground
        palette.tokenText = hue.nearest { readable($0, on: palette.tokenBackground) && readable($0, on: box) } ?? tokenText
        return palette
    }
}
