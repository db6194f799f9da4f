import KeyformCommandLine
import KeyformCore
import KeyformEnvironment

/// `--theme`, for the window and `render`.
struct ThemeOptions {
    static let theme = OptionSpec.value("theme", "THEME", help:
        "The colours: light, dark, high-contrast, or auto, the desktop's (XSETTINGS Net/ThemeName, else GNOME's color-scheme, else $GTK_THEME; in GNOME's accent-color), followed while open. "
            + "Default: auto in the window, light for render. e.g. --theme dark", choices: ThemeChoice.allCases.map(\.rawValue))

    static let options = [theme]

    let theme: ThemeChoice?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        theme = try arguments.choice(Self.theme)
    }

    /// The palette for a drawing with no display (`render`): `auto` can only read `$GTK_THEME`.
    var paletteWithoutDisplay: Palette {
        (theme ?? .light).palette(desktopTheme: nil, gtkThemeVariable: Environment.value("GTK_THEME"))
    }
}
