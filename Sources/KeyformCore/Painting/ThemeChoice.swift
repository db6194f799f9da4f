/// `--theme`: a palette by name, or `auto`, the desktop's.
public enum ThemeChoice: String, CaseIterable, Sendable {
    case light, dark
    case highContrast = "high-contrast"
    case auto

    /// The palette to draw with. For `auto`: the XSETTINGS manager's `Net/ThemeName` when it
    /// names a dark or high-contrast theme (as GTK 3 takes it), else GNOME's high-contrast and
    /// colour-scheme settings when they ask for something (as libadwaita does: GNOME 42 and later
    /// keep the theme "Adwaita" and turn dark by `color-scheme`), else a light theme named, else
    /// `$GTK_THEME` (as GTK reads it), else light; then in the desktop's
    /// `accent` when it has one (not in high contrast, `Palette.accented`). `gnome` and `accent`
    /// are read only when they decide, since reading GSettings loads GIO's modules.
    public func palette(desktopTheme: String?, gnome: @autoclosure () -> GnomeAppearance? = nil,
                        accent: @autoclosure () -> AccentColor? = nil, gtkThemeVariable: String?) -> Palette {
        switch self {
        case .light: return .light
        case .dark: return .dark
        case .highContrast: return .highContrast
        case .auto:
            let chosen = Self.chosenByDesktop(desktopTheme: desktopTheme, gnome: gnome(), gtkThemeVariable: gtkThemeVariable)
            guard chosen != .highContrast, let accent = accent() else { return chosen }
            return chosen.accented(accent.color)
        }
    }

    private static func chosenByDesktop(desktopTheme: String?, gnome: @autoclosure () -> GnomeAppearance?, gtkThemeVariable: String?) -> Palette {
        let named = desktopTheme.map(Self.palette(gtkTheme:))
        if let named, named != .light { return named }
        if let preferred = gnome()?.palette { return preferred }
        return named ?? Self.palette(gtkTheme: gtkThemeVariable ?? "")
    }

    /// What a GTK theme name looks like: "HighContrast" (and "HighContrastInverse") are high
    /// contrast; "Adwaita-dark", "Yaru-dark" and `GTK_THEME`'s "Adwaita:dark" are dark.
    static func palette(gtkTheme name: String) -> Palette {
        // Not `name.contains(_:)`: the string-processing library's first use brings 0.1 MB of its
        // code into memory at start-up.
        let highContrast = "HighContrast".utf8
        if name.utf8.indices.contains(where: { name.utf8[$0...].starts(with: highContrast) }) { return .highContrast }
        if name.hasSuffix("-dark") || name.hasSuffix(":dark") { return .dark }
        return .light
    }
}
