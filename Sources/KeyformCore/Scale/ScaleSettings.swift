/// What the window knows that may set its scale, read by the platform layer; the choice among
/// them is `DisplayScale(choosingFrom:)`, a pure function.
public struct ScaleSettings: Equatable, Sendable {
    /// `--scale`.
    public var option: Double?
    /// The variables GTK and Qt programs follow (`variables`), those that are set.
    public var environment: [String: String]
    public static let variables = ["GDK_SCALE", "GDK_DPI_SCALE", "QT_SCALE_FACTOR"]

    /// Those of `variables` that `value` (the process's environment) sets.
    public static func environment(from value: (String) -> String?) -> [String: String] {
        variables.reduce(into: [:]) { $0[$1] = value($1) }
    }
    /// XSETTINGS `Gdk/WindowScalingFactor`: GTK's whole-number window scale.
    public var windowScalingFactor: Int?
    /// XSETTINGS `Xft/DPI`, in 1024ths of a dot per inch: the whole scale of the text.
    public var xftDPI: Int?
    /// XSETTINGS `Gdk/UnscaledDPI`, in 1024ths: the text's scale within the window scale.
    public var unscaledDPI: Int?
    /// The `Xft.dpi` X resource (`xrdb`).
    public var resourceDPI: Double?
    /// The primary monitor's size, from RandR.
    public var monitor: PhysicalSize?

    public init(option: Double? = nil, environment: [String: String] = [:], windowScalingFactor: Int? = nil, xftDPI: Int? = nil,
                unscaledDPI: Int? = nil, resourceDPI: Double? = nil, monitor: PhysicalSize? = nil) {
        self.option = option
        self.environment = environment
        self.windowScalingFactor = windowScalingFactor
        self.xftDPI = xftDPI
        self.unscaledDPI = unscaledDPI
        self.resourceDPI = resourceDPI
        self.monitor = monitor
    }
}

/// A monitor's size in pixels and as it reports it in millimetres (EDID, through RandR).
public struct PhysicalSize: Equatable, Sendable {
    public var pixels: Size
    public var millimetres: Size

    public init(pixels: Size, millimetres: Size) {
        self.pixels = pixels
        self.millimetres = millimetres
    }

    /// Millimetres some monitors give that are their aspect ratio, not their size (mutter keeps
    /// the same list).
    static let aspectRatiosGivenAsSizes: [(Double, Double)] = [(16, 9), (16, 10), (160, 90), (160, 100), (1600, 900), (1600, 1000)]

    /// Dots per inch across, when the size is believable: at least 10 cm wide, not an aspect
    /// ratio, and the shape the pixels have (within 10 %).
    var dotsPerInch: Double? {
        let mm = millimetres
        guard mm.width >= 100, mm.height >= 50, pixels.width > 0, pixels.height > 0,
              !Self.aspectRatiosGivenAsSizes.contains(where: { $0 == (mm.width, mm.height) }) else { return nil }
        let across = pixels.width / mm.width, down = pixels.height / mm.height
        guard abs(across / down - 1) <= 0.1 else { return nil }
        return across * 25.4
    }
}

extension DisplayScale {
    /// The dots per inch of a scale of 1, as X and GTK take it.
    static let baseDPI = 96.0
    /// The least the monitor's density must give for Keyform to follow it unasked.
    static let leastMonitorScale = 1.5

    /// The scale, from the first of these that says: `--scale`; the desktop's settings as GTK 3
    /// and 4 read them — the window scale from `GDK_SCALE` (fixed: XSETTINGS cannot change it)
    /// or `Gdk/WindowScalingFactor`, the text's from `Gdk/UnscaledDPI`, else `Xft/DPI` or the
    /// `Xft.dpi` resource ÷ the window scale, times `GDK_DPI_SCALE` — multiplied, since Keyform's
    /// controls are sized for their text; Qt's `QT_SCALE_FACTOR` times that when GTK's variables
    /// are unset; last, a dense monitor (1.5× or more) by its size. A desktop's factor goes to
    /// the nearest eighth (96 dpi and 100 are both 1×: lines stay on whole pixels) within `range`.
    public init(choosingFrom settings: ScaleSettings) {
        if let option = settings.option {
            self.init(option, source: "--scale \(Self.describe(option))")
            return
        }
        let environment = settings.environment
        // In the order they are written in `source`.
        var sources: [String] = [], xsettings: [String] = [], resource: String?
        let fixedWindow = environment["GDK_SCALE"].flatMap { Int($0) }.map { max($0, 1) }
        var window = 1.0
        if let fixedWindow {
            window = Double(fixedWindow)
            sources.append("GDK_SCALE \(fixedWindow)")
        } else if let factor = settings.windowScalingFactor, factor >= 1 {
            window = Double(factor)
            xsettings.append("Gdk/WindowScalingFactor \(factor)")
        }
        var text = 1.0
        if fixedWindow == nil, let unscaled = Self.dpi(settings.unscaledDPI) {
            text = unscaled / Self.baseDPI
            xsettings.append("Gdk/UnscaledDPI \(Self.describe(unscaled))")
        } else if let dpi = Self.dpi(settings.xftDPI) {
            text = dpi / Self.baseDPI / window
            xsettings.append("Xft/DPI \(Self.describe(dpi))")
        } else if let dpi = settings.resourceDPI, dpi > 0 {
            text = dpi / Self.baseDPI / window
            resource = "Xft.dpi \(Self.describe(dpi))"
        }
        if !xsettings.isEmpty { sources.append("XSETTINGS " + xsettings.joined(separator: ", ")) }
        if let resource { sources.append(resource) }
        if let dpiScale = Self.positive(environment["GDK_DPI_SCALE"]) {
            text *= dpiScale
            sources.append("GDK_DPI_SCALE \(Self.describe(dpiScale))")
        }
        var factor = window * text
        if fixedWindow == nil, environment["GDK_DPI_SCALE"] == nil, let qt = Self.positive(environment["QT_SCALE_FACTOR"]) {
            factor *= qt
            sources.append("QT_SCALE_FACTOR \(Self.describe(qt))")
        }
        if sources.isEmpty, let dpi = settings.monitor?.dotsPerInch, dpi / Self.baseDPI >= Self.leastMonitorScale {
            // Down to a quarter: a guess from the hardware should not overshoot.
            factor = (dpi / Self.baseDPI * 4).rounded(.down) / 4
            sources.append("RandR \(Int(dpi.rounded())) dpi")
        }
        guard !sources.isEmpty else {
            self = .one
            return
        }
        let eighths = (factor * 8).rounded() / 8
        self.init(min(max(eighths, Self.range.lowerBound), Self.range.upperBound), source: sources.joined(separator: ", "))
    }

    /// An XSETTINGS DPI (1024ths) in dots per inch, if it is one.
    private static func dpi(_ value: Int?) -> Double? {
        guard let value, value > 0 else { return nil }
        return Double(value) / 1024
    }

    private static func positive(_ text: String?) -> Double? {
        guard let text, let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }
}
