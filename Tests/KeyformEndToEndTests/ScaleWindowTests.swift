import Foundation
import KeyformAutomation
import KeyformCairo
import KeyformCore
import KeyformX11
import Testing

/// The window at the scale the desktop asks for, under Xvfb: its size in device pixels, what it
/// draws (the same as `keyform render --scale`), a live change, and the pointer mapped back.
@Suite("The window's scale under Xvfb", .serialized) struct ScaleWindowTests {
    /// A small form of a fixed logical size, so the window's size in pixels says the scale.
    static let form = #"""
    {"title": "Scale", "size": {"width": 300, "height": 200},
     "fields": [{"id": "name", "type": "text", "label": "_Name"}, {"id": "city", "type": "text", "label": "_City"}]}
    """#
    static let logical = (width: 300, height: 200)

    /// The form in a file of its own, and the arguments that open it.
    static func arguments() throws -> [String] {
        let path = try temporaryDirectory().appendingPathComponent("scale.json").path
        try form.write(toFile: path, atomically: true, encoding: .utf8)
        return ["--form", path]
    }

    /// What `keyform render --scale` draws for the form, as the window should show it.
    static func render(at scale: Double) throws -> CairoSurface {
        let png = try temporaryDirectory().appendingPathComponent("expected.png").path
        let run = try keyform(["render", "--png", png, "--scale", String(scale)] + arguments())
        try #require(run.status == 0, "keyform render: \(run.stderr)")
        return try CairoSurface(png: png)
    }

    /// Whether the window shows what `render` drew, within the golden images' tolerance for
    /// antialiasing (the X server composites the rounded shapes' masks itself).
    static func matches(_ shot: CairoSurface, _ expected: CairoSurface) -> Bool {
        shot.imageSize == expected.imageSize && GoldenImage.difference(expected.argbPixels, shot.argbPixels).count == 0
    }

    /// Waits until the window is `expected`'s size and shows its pixels; on a mismatch the two
    /// are saved and named.
    @MainActor static func expectWindow(_ form: LiveForm, toShow expected: CairoSurface, _ what: String,
                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shot = try form.driver.screenshot(of: form.window, when: { matches($0, expected) }, what, sourceLocation: sourceLocation)
        if !matches(shot, expected) {
            let directory = try temporaryDirectory()
            try shot.writePNG(to: directory.appendingPathComponent("window.png").path)
            try expected.writePNG(to: directory.appendingPathComponent("expected.png").path)
            Issue.record("the window is \(shot.imageSize), expected \(expected.imageSize): see \(directory.path)", sourceLocation: sourceLocation)
        }
    }

    /// `xrdb` on the private server, as a desktop session loads ~/.Xresources.
    static func xrdb(_ resources: String, display: String) throws {
        let run = try runProgram("/usr/bin/xrdb", ["-display", display, "-nocpp", "-merge"], stdin: resources)
        try #require(run.status == 0, "xrdb: \(run.stderr)")
    }

    @Test @MainActor func xftDpi192OpensTwiceAsLargeAsTheTwiceRender() throws {
        let server = try PrivateXServer(width: 1280, height: 800, timeout: patience)
        try Self.xrdb("Xft.dpi: 192\n", display: server.displayName)
        let form = try LiveForm(arguments: try Self.arguments(), server: server)
        let expected = try Self.render(at: 2)
        #expect(expected.imageSize == (width: 2 * Self.logical.width, height: 2 * Self.logical.height))
        try Self.expectWindow(form, toShow: expected, "the window to show the form at 2× (Xft.dpi: 192)")
    }

    @Test @MainActor func gdkWindowScalingFactorFromXSettingsAndALiveChange() throws {
        let server = try PrivateXServer(width: 1280, height: 800, timeout: patience)
        let manager = try XSettingsManager(displayName: server.displayName, values: ["Gdk/WindowScalingFactor": .integer(1)])
        let form = try LiveForm(arguments: try Self.arguments(), server: server)
        let one = try form.driver.screenshot(of: form.window, when: { $0.imageSize == (width: Self.logical.width, height: Self.logical.height) },
                                             "the window to open at 1×")
        #expect(one.imageSize == (width: Self.logical.width, height: Self.logical.height))
        // The desktop goes to 2×, as GNOME's display settings do: the open window follows.
        try manager.update(["Gdk/WindowScalingFactor": .integer(2)])
        try Self.expectWindow(form, toShow: try Self.render(at: 2), "the window to be laid out again at 2× after the change")
        manager.stop()
    }

    /// Where X reports a click (device pixels) is divided back to the form's logical units: a
    /// click at the city field's centre ×2 focuses the city field.
    @Test @MainActor func aClickAtTwiceTheCoordinatesLandsOnTheControl() throws {
        let form = try LiveForm(arguments: try Self.arguments() + ["--scale", "2"])
        let session = FormSession(form: try FormFile.parse(Array(Self.form.utf8), fileName: "scale.json"), measurer: PangoTextMeasurer())
        let city = try #require(session.controlFrame(of: "city"))
        try Self.expectWindow(form, toShow: try Self.render(at: 2), "the window at 2× (--scale 2)")
        form.driver.click(x: city.midX * 2, y: city.midY * 2)
        form.driver.sync()
        try form.xdotool("type", "London")
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(values["city"] as? String == "London")
        #expect(values["name"] as? String == "")
    }
}

extension ScaleWindowTests {
    /// GTK's variable, for a desktop with no settings daemon: the window doubles.
    @Test @MainActor func gdkScaleDoublesTheWindow() throws {
        let form = try LiveForm(arguments: try Self.arguments(), environment: ["GDK_SCALE": "2"])
        try Self.expectWindow(form, toShow: try Self.render(at: 2), "the window at 2× (GDK_SCALE=2)")
    }
}

/// `--scale` out of range is a usage error that says the range, for the window and for render.
@Suite("--scale on the command line") struct ScaleOptionTests {
    @Test(arguments: [["--scale", "0"], ["--scale", "-1"], ["--scale", "nan"], ["--scale", "4.5"], ["render", "--png", "/tmp/never.png", "--scale", "9"]])
    func outOfRangeIsAUsageError(_ arguments: [String]) throws {
        let run = try keyform(arguments, environment: ["DISPLAY": ""])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--scale takes a number from 0.5 to 4, like 1.5 or 2"), "\(run.stderr)")
    }
}
