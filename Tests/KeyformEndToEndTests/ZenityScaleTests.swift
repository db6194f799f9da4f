import Foundation
import KeyformAutomation
import KeyformCairo
import KeyformX11
import Testing

/// Keyform follows the settings GTK follows: under Xvfb, at the `Xft.dpi: 192` resource and at
/// XSETTINGS `Gdk/WindowScalingFactor 2` (with `Xft/DPI` and `Gdk/UnscaledDPI` as
/// gnome-settings-daemon publishes them at 200 %), zenity's `--forms` window (GTK 3) and
/// Keyform's, for the same command, both draw their text about twice as tall as at 1×; at the
/// scaling factor both windows are twice the size. At `Xft.dpi` alone GTK 3 scales only its
/// fonts (its window grows by far less), where Keyform takes it as the scale, as Qt does.
@Suite("Beside zenity at 2× under Xvfb", .serialized) struct ZenityScaleTests {
    enum Setting: String, CaseIterable, Sendable { case none, xftDPI, windowScalingFactor }
    static let arguments = ["--forms", "--title", "Sizes", "--text", "Sign up", "--add-entry", "Name", "--add-entry", "Email"]

    /// The window `program` ("zenity" or "keyform") opens for `arguments` on a server of its
    /// own with `setting`, once painted.
    @MainActor static func window(of program: String, at setting: Setting) throws -> CairoSurface {
        let server = try PrivateXServer(width: 1920, height: 1200, timeout: patience)
        defer { server.stop() }
        var manager: XSettingsManager?
        switch setting {
        case .none: break
        case .xftDPI: try ScaleWindowTests.xrdb("Xft.dpi: 192\n", display: server.displayName)
        case .windowScalingFactor:
            manager = try XSettingsManager(displayName: server.displayName, values: [
                "Gdk/WindowScalingFactor": .integer(2), "Gdk/UnscaledDPI": .integer(96 * 1024), "Xft/DPI": .integer(192 * 1024)])
        }
        defer { withExtendedLifetime(manager) {} }
        // No accessibility bus for GTK to look for, and GSettings in memory: nothing of the
        // machine's own is read or written.
        let environment = ["DISPLAY": server.displayName, "NO_AT_BRIDGE": "1", "GSETTINGS_BACKEND": "memory"]
        let process = try ChildProcess(path: program == "zenity" ? "/usr/bin/zenity" : keyformBinary, arguments: arguments, environment: environment)
        defer { process.kill(); process.waitUntilExit() }
        let driver = try XTestDriver(displayName: server.displayName)
        let window = try driver.waitForWindow(wmClass: program, timeout: patience)
        // Both paint a light window: dark (unpainted) until then.
        return try driver.screenshot(of: window, when: { $0.rgb(x: 1, y: 1).map { $0.red > 100 } ?? false }, "\(program) never painted")
    }

    /// The height of the first line of text from the top (its title or heading): the first run
    /// of rows that hold ink, a pixel darker than the windows' greys.
    static func firstTextHeight(_ shot: CairoSurface) -> Int {
        var height = 0
        for y in 0..<shot.imageSize.height {
            let ink = (0..<shot.imageSize.width).contains { x in
                shot.rgb(x: x, y: y).map { Int($0.red) + Int($0.green) + Int($0.blue) < 270 } ?? false
            }
            if ink { height += 1 } else if height > 0 { break }
        }
        return height
    }

    @Test(arguments: [Setting.xftDPI, .windowScalingFactor])
    @MainActor func keyformGrowsAsZenityDoes(_ setting: Setting) throws {
        var textGrowth: [String: Double] = [:]
        for program in ["zenity", "keyform"] {
            let one = try Self.window(of: program, at: .none), two = try Self.window(of: program, at: setting)
            let growth = Double(Self.firstTextHeight(two)) / Double(max(1, Self.firstTextHeight(one)))
            textGrowth[program] = growth
            #expect((1.75...2.25).contains(growth), "\(program) at \(setting): text \(Self.firstTextHeight(one)) → \(Self.firstTextHeight(two)) px")
            if setting == .windowScalingFactor {
                let (width, height) = (Double(two.imageSize.width) / Double(one.imageSize.width), Double(two.imageSize.height) / Double(one.imageSize.height))
                #expect((1.9...2.1).contains(width) && (1.9...2.1).contains(height), "\(program): window \(one.imageSize) → \(two.imageSize)")
            }
        }
        #expect(abs(textGrowth["keyform", default: 0] - textGrowth["zenity", default: 0]) <= 0.25, "\(setting): \(textGrowth)")
    }
}
