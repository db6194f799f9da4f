/// How glyphs are rasterized, as the desktop asks (Xft resources, XSETTINGS): each nil leaves
/// cairo's and fontconfig's own choice.
public struct FontRendering: Equatable, Sendable {
    /// Fontconfig's and Xft's names (`hintslight`).
    public enum HintStyle: String, Sendable { case hintnone, hintslight, hintmedium, hintfull }
    /// The order of a pixel's subpixels, for subpixel antialiasing; `none` turns it off.
    public enum SubpixelOrder: String, Sendable { case none, rgb, bgr, vrgb, vbgr }

    public var antialias: Bool?
    public var hinting: Bool?
    public var hintStyle: HintStyle?
    public var subpixelOrder: SubpixelOrder?

    public init(antialias: Bool? = nil, hinting: Bool? = nil, hintStyle: HintStyle? = nil, subpixelOrder: SubpixelOrder? = nil) {
        self.antialias = antialias
        self.hinting = hinting
        self.hintStyle = hintStyle
        self.subpixelOrder = subpixelOrder
    }

    /// These settings, with `fallback`'s where these have none (XSETTINGS over Xft resources, as GTK does).
    public func over(_ fallback: FontRendering) -> FontRendering {
        FontRendering(antialias: antialias ?? fallback.antialias, hinting: hinting ?? fallback.hinting,
                      hintStyle: hintStyle ?? fallback.hintStyle, subpixelOrder: subpixelOrder ?? fallback.subpixelOrder)
    }
}
