import KeyformCore
import Testing

/// `--theme` and how `auto` reads the desktop's theme name.
@Suite("Theme choice") struct ThemeChoiceTests {
    @Test(arguments: [
        (ThemeChoice.light, "Adwaita-dark", Palette.light),
        (.dark, nil, .dark),
        (.highContrast, "Adwaita-dark", .highContrast),
        (.auto, "Adwaita-dark", .dark),
        (.auto, "Yaru-dark", .dark),
        (.auto, "Adwaita", .light),
        (.auto, "HighContrast", .highContrast),
        (.auto, "HighContrastInverse", .highContrast),
        (.auto, "Yaru-HighContrast", .highContrast),
        (.auto, "HighHighContrast-dark", .highContrast),
        (.auto, "HighContras", .light),
        (.auto, "darkness", .light),
        (.auto, "", .light),
        (.auto, nil, .light),
    ] as [(ThemeChoice, String?, Palette)])
    func followsTheDesktopOnlyWhenAuto(_ choice: ThemeChoice, _ desktop: String?, _ expected: Palette) {
        #expect(choice.palette(desktopTheme: desktop, gtkThemeVariable: nil) == expected)
    }

    /// `GTK_THEME` counts only when no XSETTINGS manager names a theme, as in GTK.
    @Test(arguments: [
        (nil, "Adwaita:dark", Palette.dark),
        (nil, "HighContrast", .highContrast),
        ("Adwaita", "Adwaita:dark", .light),
        ("Adwaita-dark", "Adwaita", .dark),
    ] as [(String?, String?, Palette)])
    func gtkThemeIsTheFallback(_ desktop: String?, _ variable: String?, _ expected: Palette) {
        #expect(ThemeChoice.auto.palette(desktopTheme: desktop, gtkThemeVariable: variable) == expected)
    }
}

/// `auto`'s order: a dark or high-contrast XSETTINGS `Net/ThemeName`, then GNOME's
/// high-contrast and colour scheme, then a light theme named, then `$GTK_THEME`, then light.
@Suite("Theme choice: GNOME's colour scheme") struct GnomeColorSchemeTests {
    @Test(arguments: [
        (nil, GnomeAppearance(colorScheme: "prefer-dark"), nil, Palette.dark),
        (nil, GnomeAppearance(colorScheme: "prefer-light"), "Adwaita:dark", .light),
        (nil, GnomeAppearance(colorScheme: "default"), "Adwaita:dark", .dark),  // no preference: GTK_THEME
        (nil, GnomeAppearance(colorScheme: "default"), nil, .light),
        (nil, GnomeAppearance(colorScheme: nil), nil, .light),
        (nil, GnomeAppearance(colorScheme: "prefer-dark", highContrast: true), nil, .highContrast),
        (nil, GnomeAppearance(colorScheme: "something-new"), nil, .light),
        (nil, nil, "Adwaita:dark", .dark),  // no schema installed
        // GNOME 42 and later: the theme stays "Adwaita", dark comes by the colour scheme.
        ("Adwaita", GnomeAppearance(colorScheme: "prefer-dark"), nil, .dark),
        ("Adwaita", GnomeAppearance(colorScheme: "default"), "Adwaita:dark", .light),  // a theme named: not GTK_THEME
        ("Adwaita-dark", GnomeAppearance(colorScheme: "prefer-light"), nil, .dark),  // a dark theme named decides
        ("HighContrast", GnomeAppearance(colorScheme: "prefer-dark"), nil, .highContrast),
        ("Adwaita", GnomeAppearance(highContrast: true), nil, .highContrast),
    ] as [(String?, GnomeAppearance?, String?, Palette)])
    func precedence(_ desktop: String?, _ gnome: GnomeAppearance?, _ variable: String?, _ expected: Palette) {
        #expect(ThemeChoice.auto.palette(desktopTheme: desktop, gnome: gnome, gtkThemeVariable: variable) == expected)
    }

    /// GSettings is not read when XSETTINGS or the flag decides.
    @Test(arguments: [(ThemeChoice.auto, "Adwaita-dark"), (.auto, "HighContrast"), (.dark, nil)] as [(ThemeChoice, String?)])
    func gnomeIsReadOnlyWhenItDecides(_ choice: ThemeChoice, _ desktop: String?) {
        var read = false
        _ = choice.palette(desktopTheme: desktop, gnome: { read = true; return nil }(), gtkThemeVariable: nil)
        #expect(!read)
    }
}
