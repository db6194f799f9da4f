/// What GNOME's settings say about colours, read from GSettings where the schemas are installed:
/// `org.gnome.desktop.interface color-scheme` and `accent-color` (GNOME 47 and later), and
/// `org.gnome.desktop.a11y.interface high-contrast`.
public struct GnomeAppearance: Equatable, Sendable {
    /// `prefer-dark`, `prefer-light` or `default` (no preference); nil when the key is missing.
    public var colorScheme: String?
    public var highContrast: Bool
    /// Nil when the key is missing (before GNOME 47) or names a colour not known here.
    public var accentColor: AccentColor?

    public init(colorScheme: String? = nil, highContrast: Bool = false, accentColor: AccentColor? = nil) {
        self.colorScheme = colorScheme
        self.highContrast = highContrast
        self.accentColor = accentColor
    }

    /// The palette these settings ask for, or nil when they ask for none (`default` is the
    /// freedesktop "no preference", so what comes after it in `ThemeChoice.auto` still counts).
    var palette: Palette? {
        if highContrast { return .highContrast }
        switch colorScheme {
        case "prefer-dark": return .dark
        case "prefer-light": return .light
        default: return nil
        }
    }
}
