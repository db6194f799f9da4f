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
