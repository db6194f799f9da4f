import KeyformCore
import Testing

/// Where the window's scale comes from: `--scale`, then the desktop's settings in GTK's order,
/// then the monitor's size as a last resort.
@Suite("Display scale") struct DisplayScaleTests {
    /// A case: the settings, and the factor and source they give.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var settings: ScaleSettings
        var factor: Double
        var source: String
        var testDescription: String { name }
    }

    /// 1920×1080 pixels on a monitor `widthMM` wide, 16:9.
    static func monitor(widthMM: Double, pixels: Double = 1920) -> PhysicalSize {
        PhysicalSize(pixels: Size(width: pixels, height: pixels * 9 / 16), millimetres: Size(width: widthMM, height: widthMM * 9 / 16))
    }

    static let cases: [Case] = [
        Case(name: "nothing set", settings: ScaleSettings(), factor: 1, source: "default"),
        Case(name: "--scale wins over everything",
             settings: ScaleSettings(option: 1.5, environment: ["GDK_SCALE": "2"], windowScalingFactor: 3, xftDPI: 192 * 1024,
                                     resourceDPI: 288),
             factor: 1.5, source: "--scale 1.5"),
        Case(name: "Gdk/WindowScalingFactor alone", settings: ScaleSettings(windowScalingFactor: 2), factor: 2,
             source: "XSETTINGS Gdk/WindowScalingFactor 2"),
        // gnome-settings-daemon at 200%: Xft/DPI is the whole scale, Gdk/UnscaledDPI the text's.
        Case(name: "GNOME at 200%", settings: ScaleSettings(windowScalingFactor: 2, xftDPI: 192 * 1024, unscaledDPI: 96 * 1024),
             factor: 2, source: "XSETTINGS Gdk/WindowScalingFactor 2, Gdk/UnscaledDPI 96"),
        Case(name: "GNOME at 200%, large text", settings: ScaleSettings(windowScalingFactor: 2, xftDPI: 240 * 1024, unscaledDPI: 120 * 1024),
             factor: 2.5, source: "XSETTINGS Gdk/WindowScalingFactor 2, Gdk/UnscaledDPI 120"),
        // No Gdk/UnscaledDPI: the fonts take Xft/DPI ÷ the window scale.
        Case(name: "Xft/DPI with a window scale", settings: ScaleSettings(windowScalingFactor: 2, xftDPI: 192 * 1024),
             factor: 2, source: "XSETTINGS Gdk/WindowScalingFactor 2, Xft/DPI 192"),
        Case(name: "Xfce at 144 dpi", settings: ScaleSettings(windowScalingFactor: 1, xftDPI: 144 * 1024), factor: 1.5,
             source: "XSETTINGS Gdk/WindowScalingFactor 1, Xft/DPI 144"),
        Case(name: "XSETTINGS over the Xft.dpi resource", settings: ScaleSettings(xftDPI: 120 * 1024, resourceDPI: 192),
             factor: 1.25, source: "XSETTINGS Xft/DPI 120"),
        Case(name: "the Xft.dpi resource", settings: ScaleSettings(resourceDPI: 192), factor: 2, source: "Xft.dpi 192"),
        Case(name: "Xft.dpi 96 is 1×, and the monitor is not asked", settings: ScaleSettings(resourceDPI: 96, monitor: monitor(widthMM: 290)),
             factor: 1, source: "Xft.dpi 96"),
        // A near value is taken to the nearest eighth: lines stay on whole pixels more often.
        Case(name: "Xft.dpi 100 is 1×", settings: ScaleSettings(resourceDPI: 100), factor: 1, source: "Xft.dpi 100"),
        // GDK_SCALE fixes the window scale, as in GTK: Gdk/WindowScalingFactor and
        // Gdk/UnscaledDPI are not read, Xft/DPI still is.
        Case(name: "GDK_SCALE over Gdk/WindowScalingFactor",
             settings: ScaleSettings(environment: ["GDK_SCALE": "2"], windowScalingFactor: 3, unscaledDPI: 200 * 1024),
             factor: 2, source: "GDK_SCALE 2"),
        Case(name: "GDK_SCALE with Xft/DPI", settings: ScaleSettings(environment: ["GDK_SCALE": "2"], xftDPI: 288 * 1024),
             factor: 3, source: "GDK_SCALE 2, XSETTINGS Xft/DPI 288"),
        Case(name: "GDK_SCALE with the Xft.dpi resource", settings: ScaleSettings(environment: ["GDK_SCALE": "2"], resourceDPI: 192),
             factor: 2, source: "GDK_SCALE 2, Xft.dpi 192"),
        Case(name: "GDK_DPI_SCALE scales the text", settings: ScaleSettings(environment: ["GDK_SCALE": "2", "GDK_DPI_SCALE": "0.75"]),
             factor: 1.5, source: "GDK_SCALE 2, GDK_DPI_SCALE 0.75"),
        Case(name: "a GDK_SCALE that is not a whole number is not read",
             settings: ScaleSettings(environment: ["GDK_SCALE": "1.5"]), factor: 1, source: "default"),
        Case(name: "QT_SCALE_FACTOR multiplies the desktop's", settings: ScaleSettings(environment: ["QT_SCALE_FACTOR": "1.5"], resourceDPI: 192),
             factor: 3, source: "Xft.dpi 192, QT_SCALE_FACTOR 1.5"),
        Case(name: "QT_SCALE_FACTOR alone", settings: ScaleSettings(environment: ["QT_SCALE_FACTOR": "2"]), factor: 2,
             source: "QT_SCALE_FACTOR 2"),
        // Set beside GDK_SCALE, it is for Qt programs: counting both would scale twice.
        Case(name: "QT_SCALE_FACTOR with GDK_SCALE", settings: ScaleSettings(environment: ["GDK_SCALE": "2", "QT_SCALE_FACTOR": "2"]),
             factor: 2, source: "GDK_SCALE 2"),
        Case(name: "bad values are left out", settings: ScaleSettings(environment: ["GDK_SCALE": "x", "QT_SCALE_FACTOR": "-1"],
                                                                      windowScalingFactor: 0, xftDPI: -1, resourceDPI: 0),
             factor: 1, source: "default"),
        Case(name: "far too much is held at 4×", settings: ScaleSettings(resourceDPI: 960), factor: 4, source: "Xft.dpi 960"),
        // The monitor, when nothing else says: only a high density, only a believable size.
        Case(name: "a 13-inch 4K panel", settings: ScaleSettings(monitor: monitor(widthMM: 294, pixels: 3840)), factor: 3.25,
             source: "RandR 332 dpi"),
        Case(name: "a 14-inch 2.8K panel", settings: ScaleSettings(monitor: monitor(widthMM: 302, pixels: 2880)), factor: 2.5,
             source: "RandR 242 dpi"),
        Case(name: "a 24-inch 1080p monitor stays 1×", settings: ScaleSettings(monitor: monitor(widthMM: 531)), factor: 1, source: "default"),
        Case(name: "a 1080p laptop under 1.5× stays 1×", settings: ScaleSettings(monitor: monitor(widthMM: 344)), factor: 1, source: "default"),
        Case(name: "an aspect ratio given as the size", settings: ScaleSettings(monitor: monitor(widthMM: 160)), factor: 1, source: "default"),
        Case(name: "a monitor with no size", settings: ScaleSettings(monitor: monitor(widthMM: 0)), factor: 1, source: "default"),
        Case(name: "millimetres that do not match the pixels' shape",
             settings: ScaleSettings(monitor: PhysicalSize(pixels: Size(width: 3840, height: 2160), millimetres: Size(width: 300, height: 300))),
             factor: 1, source: "default"),
    ]

    @Test(arguments: cases)
    func theScaleComesFromTheFirstThatSays(_ scale: Case) {
        let chosen = DisplayScale(choosingFrom: scale.settings)
        #expect(chosen.factor == scale.factor)
        #expect(chosen.source == scale.source)
    }

    @Test(arguments: [
        ("2", 2.0), ("1.5", 1.5), ("1.25", 1.25), ("0.5", 0.5), ("4", 4.0),
    ])
    func scaleOptions(_ text: String, _ factor: Double) throws {
        #expect(try DisplayScale.option(text) == factor)
    }

    @Test(arguments: ["0", "-1", "nan", "NaN", "inf", "4.5", "0.25", "2x", "", "1e400"])
    func badScaleOptionsSayTheRange(_ text: String) {
        #expect(throws: DisplayScale.OptionError("--scale takes a number from 0.5 to 4, like 1.5 or 2, not \"\(text)\"")) {
            try DisplayScale.option(text)
        }
    }

    /// Logical lengths become whole device pixels: a window 520×420 at 2× is 1040×840, and at
    /// 1.5× a side of 347 is 521 (rounded up: nothing of the form is cut off).
    @Test(arguments: [(520.0, 2.0, 1040), (420, 2, 840), (347, 1.5, 521), (520, 1.25, 650), (1, 0.5, 1)])
    func devicePixels(_ length: Double, _ factor: Double, _ pixels: Int) {
        #expect(DisplayScale(factor).devicePixels(length) == pixels)
    }
}
