import ArgumentParser
import KeyformCore

/// `--theme`, for the window and `render`.
struct ThemeOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The colours: light, dark, high-contrast, or auto, the desktop's (XSETTINGS Net/ThemeName, else GNOME's color-scheme, else $GTK_THEME; in GNOME's accent-color), followed while open. "
            + "Default: auto in the window, light for render. e.g. --theme dark", valueName: "THEME"))
    var theme: ThemeChoice?

    /// The palette for a drawing with no display (`render`): `auto` can only read `$GTK_THEME`.
    var paletteWithoutDisplay: Palette {
        (theme ?? .light).palette(desktopTheme: nil, gtkThemeVariable: environmentVariable("GTK_THEME"))
    }
}

extension ThemeChoice: ExpressibleByArgument {}
