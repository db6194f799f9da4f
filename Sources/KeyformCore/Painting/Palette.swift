/// The colours of the form: one value chosen once for a session (`--theme`, or the desktop's
/// theme) and handed to painting, so the same code draws light, dark and high contrast. Each
/// palette meets WCAG 2.2 contrast (PaletteContrastTests): 4.5:1 for text on what it is drawn
/// on, 3:1 for borders and the focus ring beside their neighbours.
public struct Palette: Equatable, Sendable {
    /// The window, and disabled or read-only boxes.
    public var background: Color
    /// Text in fields and lists.
    public var text: Color
    /// Labels, the title, section titles.
    public var labelText: Color
    /// Placeholders and disabled text.
    public var placeholder: Color
    /// The boxes of fields, lists and panels.
    public var fieldBackground: Color
    public var border: Color
    /// The focused field's border, the primary button, checked boxes, the chosen day.
    public var accent: Color
    /// The primary button while pressed.
    public var accentPressed: Color
    /// A secondary button while pressed.
    public var pressedButton: Color
    /// Text and marks drawn on `accent`, `accentPressed` and `highlight`.
    public var buttonText: Color
    public var focusRing: Color
    public var selection: Color
    /// The focus ring and the selection while the window is inactive: greyed, as GTK does.
    public var inactiveFocusRing: Color
    public var inactiveSelection: Color
    public var tokenBackground: Color
    public var tokenText: Color
    public var separator: Color
    /// Validation messages, the countdown when little time is left.
    public var error: Color
    public var scrollThumb: Color
    public var overlayShadow: Color
    /// What dims the form under the shortcuts overlay.
    public var scrim: Color
    /// The highlighted row of a list.
    public var highlight: Color

    /// Adwaita's light look, its accent darkened to #1c71d8 so white text on it reads (4.8:1).
    public static let light = Palette(
        background: Color(hex: 0xf6f5f4), text: Color(hex: 0x1e1e1e), labelText: Color(hex: 0x2e3436),
        placeholder: Color(hex: 0x6f6d6a), fieldBackground: Color(hex: 0xffffff), border: Color(hex: 0x8a8986),
        accent: Color(hex: 0x1c71d8), accentPressed: Color(hex: 0x1a5fb4), pressedButton: Color(hex: 0xdeddda), buttonText: Color(hex: 0xffffff),
        focusRing: Color(hex: 0x1c71d8, alpha: 0.8), selection: Color(hex: 0x3584e4, alpha: 0.30),
        inactiveFocusRing: Color(hex: 0x77767b), inactiveSelection: Color(hex: 0x000000, alpha: 0.12),
        tokenBackground: Color(hex: 0xdbe6f5), tokenText: Color(hex: 0x1a5fb4), separator: Color(hex: 0xdeddda),
        error: Color(hex: 0xc01c28), scrollThumb: Color(hex: 0x000000, alpha: 0.30), overlayShadow: Color(hex: 0x000000, alpha: 0.18),
        scrim: Color(hex: 0x000000, alpha: 0.22), highlight: Color(hex: 0x1c71d8))

    /// Adwaita dark: a dark grey window, darker boxes, light text, the light blue of its focus.
    public static let dark = Palette(
        background: Color(hex: 0x242424), text: Color(hex: 0xffffff), labelText: Color(hex: 0xdeddda),
        placeholder: Color(hex: 0xa8a8a8), fieldBackground: Color(hex: 0x1e1e1e), border: Color(hex: 0x8a8a8a),
        accent: Color(hex: 0x1c71d8), accentPressed: Color(hex: 0x1a5fb4), pressedButton: Color(hex: 0x3a3a3a), buttonText: Color(hex: 0xffffff),
        focusRing: Color(hex: 0x78aeed, alpha: 0.8), selection: Color(hex: 0x78aeed, alpha: 0.35),
        inactiveFocusRing: Color(hex: 0x9a9996), inactiveSelection: Color(hex: 0xffffff, alpha: 0.15),
        tokenBackground: Color(hex: 0x1f3a5f), tokenText: Color(hex: 0x99c1f1), separator: Color(hex: 0x3a3a3a),
        error: Color(hex: 0xff7b63), scrollThumb: Color(hex: 0xffffff, alpha: 0.35), overlayShadow: Color(hex: 0x000000, alpha: 0.40),
        scrim: Color(hex: 0x000000, alpha: 0.40), highlight: Color(hex: 0x1c71d8))

    /// Black on white with black borders and a deep blue accent, as Adwaita's HighContrast.
    public static let highContrast = Palette(
        background: Color(hex: 0xffffff), text: Color(hex: 0x000000), labelText: Color(hex: 0x000000),
        placeholder: Color(hex: 0x4a4a4a), fieldBackground: Color(hex: 0xffffff), border: Color(hex: 0x000000),
        accent: Color(hex: 0x0033a0), accentPressed: Color(hex: 0x001a66), pressedButton: Color(hex: 0xc0c0c0), buttonText: Color(hex: 0xffffff),
        focusRing: Color(hex: 0x0033a0), selection: Color(hex: 0x0033a0, alpha: 0.25),
        inactiveFocusRing: Color(hex: 0x595959), inactiveSelection: Color(hex: 0x000000, alpha: 0.15),
        tokenBackground: Color(hex: 0xdde3f0), tokenText: Color(hex: 0x000000), separator: Color(hex: 0x000000),
        error: Color(hex: 0xa40000), scrollThumb: Color(hex: 0x000000, alpha: 0.60), overlayShadow: Color(hex: 0x000000, alpha: 0.30),
        scrim: Color(hex: 0x000000, alpha: 0.40), highlight: Color(hex: 0x0033a0))
}
