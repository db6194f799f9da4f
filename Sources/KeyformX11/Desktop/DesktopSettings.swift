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
}
