import KeyformCairo

/// What the desktop says about how programs should look: its XSETTINGS (nil with no manager
/// running) and its X resources.
public struct DesktopSettings: Equatable, Sendable {
    public var xsettings: XSettings?
    public var resources: XResources

    public init(xsettings: XSettings? = nil, resources: XResources = XResources()) {
        self.xsettings = xsettings
        self.resources = resources
    }

    /// XSETTINGS first, then the Xft resources, as GTK takes them.
    public var fontRendering: FontRendering {
        (xsettings?.fontRendering ?? FontRendering()).over(resources.fontRendering)
    }

    /// The text's face: `Gtk/FontName` when set, else DejaVu Sans, rendered as `fontRendering` says.
    public var typeface: Typeface {
        if let name = xsettings?.fontName { return Typeface(fontName: name, rendering: fontRendering) }
        var standard = Typeface.standard
        standard.rendering = fontRendering
        return standard
    }
}
