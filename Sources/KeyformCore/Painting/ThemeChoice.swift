/// `--theme`: a palette by name, or `auto`, the desktop's.
public enum ThemeChoice: String, CaseIterable, Sendable {
    case light, dark
    case highContrast = "high-contrast"
    case auto

    /// The palette to draw with. For `auto`: the XSETTINGS manager's `Net/ThemeName` when there
    /// is one, else `$GTK_THEME` (as GTK reads it), else light.
    public func palette(desktopTheme: String?, gtkThemeVariable: String?) -> Palette {
        switch self {
        case .light: return .light
        case .dark: return .dark
        case .highContrast: return .highContrast
        case .auto: return Self.palette(gtkTheme: desktopTheme ?? gtkThemeVariable ?? "")
        }
    }

    /// What a GTK theme name looks like: "HighContrast" (and "HighContrastInverse") are high
    /// contrast; "Adwaita-dark", "Yaru-dark" and `GTK_THEME`'s "Adwaita:dark" are dark.
    static func palette(gtkTheme name: String) -> Palette {
        if name.contains("HighContrast") { return .highContrast }
        if name.hasSuffix("-dark") || name.hasSuffix(":dark") { return .dark }
        return .light
    }
}
