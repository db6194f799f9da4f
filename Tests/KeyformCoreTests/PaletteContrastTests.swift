import Foundation
import KeyformCore
import Testing

/// WCAG 2.2 contrast of every palette, computed from its colours: 4.5:1 for text against what it
/// is drawn on (1.4.3), 3:1 for the borders and focus ring that show where a control is and which
/// one has focus, against their neighbours (1.4.11). A translucent colour is first laid over
/// what it is drawn on, as the renderer lays it.
@Suite("Palette contrast") struct PaletteContrastTests {
    /// The three, then light and dark in each of GNOME's accents, and in colours no desktop
    /// offers but a theme could (the palest yellow, white, black, pure green).
    static let palettes: [(String, Palette)] = [("light", .light), ("dark", .dark), ("high contrast", .highContrast)]
        + [("light", Palette.light), ("dark", .dark)].flatMap { name, palette in
            AccentColor.allCases.map { ("\(name), \($0) accent", palette.accented($0.color)) }
                + [0xffff00, 0xffffff, 0x000000, 0x00ff00].map { ("\(name), accent #\(String($0, radix: 16))", palette.accented(Color(hex: $0))) }
        }

    /// What is drawn on what: the foreground, then the background under it (itself laid over the
    /// window's or a box's colour when translucent).
    struct Pair: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var foreground: @Sendable (Palette) -> Color
        var background: @Sendable (Palette) -> Color
        var minimum: Double
    }

    static func text(_ name: String, _ foreground: @escaping @Sendable (Palette) -> Color,
                     on background: @escaping @Sendable (Palette) -> Color) -> Pair {
        Pair(testDescription: name, foreground: foreground, background: background, minimum: 4.5)
    }

    static func part(_ name: String, _ foreground: @escaping @Sendable (Palette) -> Color,
                     beside background: @escaping @Sendable (Palette) -> Color) -> Pair {
        Pair(testDescription: name, foreground: foreground, background: background, minimum: 3)
    }

    static let pairs: [Pair] = [
        text("a value in its box", { $0.text }, on: { $0.fieldBackground }),
        text("a read-only value", { $0.text }, on: { $0.background }),
        text("a label", { $0.labelText }, on: { $0.background }),
        text("the picker's arrow, the calendar's arrows", { $0.labelText }, on: { $0.fieldBackground }),
        text("a placeholder", { $0.placeholder }, on: { $0.fieldBackground }),
        text("a read-only field's placeholder", { $0.placeholder }, on: { $0.background }),
        text("selected text", { $0.text }, on: { $0.selection.over($0.fieldBackground) }),
        text("selected text, window inactive", { $0.text }, on: { $0.inactiveSelection.over($0.fieldBackground) }),
        text("the primary button's text", { $0.buttonText }, on: { $0.accent }),
        text("the pressed primary button's text", { $0.buttonText }, on: { $0.accentPressed }),
        text("a pressed button's text", { $0.text }, on: { $0.pressedButton }),
        text("a highlighted row or day", { $0.buttonText }, on: { $0.highlight }),
        text("a token", { $0.tokenText }, on: { $0.tokenBackground }),
        text("a shortcuts heading", { $0.tokenText }, on: { $0.fieldBackground }),
        text("a validation message", { $0.error }, on: { $0.background }),
        text("the countdown, running out", { $0.error }, on: { $0.tokenBackground }),
        part("a box's border, inside", { $0.border }, beside: { $0.fieldBackground }),
        part("a box's border, outside", { $0.border }, beside: { $0.background }),
        part("the focused border, inside", { $0.accent }, beside: { $0.fieldBackground }),
        part("the focused border, outside; the primary button", { $0.accent }, beside: { $0.background }),
        part("the focus ring", { $0.focusRing.over($0.background) }, beside: { $0.background }),
        part("the focus ring beside the box", { $0.focusRing.over($0.background) }, beside: { $0.fieldBackground }),
        part("the inactive focus ring", { $0.inactiveFocusRing.over($0.background) }, beside: { $0.background }),
        part("a checked box's tick", { $0.buttonText }, beside: { $0.accent }),
    ]

    @Test(arguments: palettes.map(\.0), pairs)
    func meetsWCAG(_ name: String, _ pair: Pair) {
        let palette = Self.palettes.first { $0.0 == name }!.1
        let ratio = pair.foreground(palette).over(pair.background(palette)).contrastRatio(with: pair.background(palette))
        #expect(ratio >= pair.minimum, "\(name): \(pair.testDescription) is \(ratio):1, below \(pair.minimum):1")
    }

    /// The check itself, on values WCAG's own examples give.
    @Test(arguments: [
        (Color(hex: 0x000000), Color(hex: 0xffffff), 21.0),
        (Color(hex: 0x767676), Color(hex: 0xffffff), 4.54),
        (Color(hex: 0x9a9996), Color(hex: 0xffffff), 2.85),  // the old placeholder, which failed
        (Color(hex: 0x777777), Color(hex: 0x777777), 1.0),
        (Color(hex: 0x000000, alpha: 0.5), Color(hex: 0xffffff), 3.98),  // #808080 once laid over white
    ])
    func contrastRatio(_ a: Color, _ b: Color, _ expected: Double) {
        #expect(abs(a.over(b).contrastRatio(with: b) - expected) < 0.01)
    }

    /// The luminance as WCAG writes it, with libm's `pow`, over every 8-bit grey.
    @Test func luminanceIsWCAGs() {
        for level in 0...255 {
            let c = Double(level) / 255
            let expected = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            let luminance = Color(red: c, green: c, blue: c).relativeLuminance
            #expect(abs(luminance - expected) < 1e-12, "\(level): \(luminance), not \(expected)")
        }
    }
}

/// A desktop's accent (GNOME's `accent-color`) in a palette: its hue is kept, it changes only as
/// much as contrast needs, and high contrast keeps its own.
@Suite("Palette accent") struct PaletteAccentTests {
    /// Which channel leads: the hue a person picked, still recognisable after fitting.
    static func leadingChannel(_ color: Color) -> Int {
        let channels = [color.red, color.green, color.blue]
        return channels.firstIndex(of: channels.max()!)!
    }

    @Test(arguments: [AccentColor.red, .green, .blue, .orange, .purple])
    func keepsTheHue(_ accent: AccentColor) {
        for palette in [Palette.light, .dark] {
            let accented = palette.accented(accent.color)
            #expect(Self.leadingChannel(accented.accent) == Self.leadingChannel(accent.color), "\(accent): \(accented.accent)")
            #expect(Self.leadingChannel(accented.focusRing) == Self.leadingChannel(accent.color), "\(accent): \(accented.focusRing)")
            #expect(accented.accent != palette.accent)
        }
    }

    /// An accent that already reads is used as it is: the light palette's own blue.
    @Test func anAccentThatReadsIsKept() {
        #expect(Palette.light.accented(Palette.light.accent).accent == Palette.light.accent)
        // GNOME's blue is too light under white text (3.7:1): darkened, not replaced.
        let blue = Palette.light.accented(AccentColor.blue.color).accent
        #expect(blue != AccentColor.blue.color && Color(hex: 0xffffff).contrastRatio(with: blue) >= 4.5)
        #expect(Color(hex: 0xffffff).contrastRatio(with: blue) < 4.6, "darkened more than it needs: \(blue)")
    }

    /// GSettings is not read for the accent when a named theme or high contrast decides.
    @Test(arguments: [(ThemeChoice.light, nil), (.highContrast, nil), (.auto, "HighContrast")] as [(ThemeChoice, String?)])
    func theAccentIsReadOnlyWhenItCounts(_ choice: ThemeChoice, _ desktop: String?) {
        var read = false
        _ = choice.palette(desktopTheme: desktop, accent: { read = true; return .red }(), gtkThemeVariable: nil)
        #expect(!read)
    }

    @Test func highContrastKeepsItsOwn() {
        #expect(Palette.highContrast.accented(AccentColor.yellow.color) == .highContrast)
    }

    /// `--theme auto` takes the desktop's accent; a named theme and high contrast do not.
    @Test(arguments: [
        (ThemeChoice.auto, nil, AccentColor.red, Palette.light.accented(AccentColor.red.color)),
        (.auto, "Adwaita-dark", .green, Palette.dark.accented(AccentColor.green.color)),
        (.auto, "HighContrast", .green, .highContrast),
        (.auto, nil, nil, .light),
        (.light, nil, .red, .light),
        (.dark, nil, .red, .dark),
    ] as [(ThemeChoice, String?, AccentColor?, Palette)])
    func followsTheDesktopsAccentWhenAuto(_ choice: ThemeChoice, _ desktop: String?, _ accent: AccentColor?, _ expected: Palette) {
        #expect(choice.palette(desktopTheme: desktop, accent: accent, gtkThemeVariable: nil) == expected)
    }
}
