import Foundation
import KeyformAutomation
import KeyformCairo
import KeyformCore
import Testing

/// `--theme auto` in the real window: it follows the desktop's XSETTINGS `Net/ThemeName` (the
/// tests' own manager plays gnome-settings-daemon), live, and `$GTK_THEME` when there is none.
@Suite("Themes in the window under Xvfb", .serialized) struct ThemeWindowTests {
    /// The window's corner, which shows the palette's background.
    static func background(_ shot: CairoSurface) -> (Int, Int, Int)? {
        shot.rgb(x: 1, y: 1).map { (Int($0.red), Int($0.green), Int($0.blue)) }
    }
    static let dark = (0x24, 0x24, 0x24), light = (0xf6, 0xf5, 0xf4), highContrast = (0xff, 0xff, 0xff)

    @Test @MainActor func followsTheDesktopsThemeLive() throws {
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let manager = try XSettingsManager(displayName: server.displayName, values: ["Net/ThemeName": .string("Adwaita-dark")])
        let form = try LiveForm(server: server, environment: ["GTK_THEME": ""])
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.dark }, "the window is not dark")
        try manager.update(["Net/ThemeName": .string("Adwaita")])
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.light }, "the window did not turn light")
        try manager.update(["Net/ThemeName": .string("HighContrast")])
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.highContrast },
                                       "the window did not turn high contrast")
        form.driver.key(0xff1b)  // Escape
        #expect(form.finish().status == 1)
    }

    /// With an input method on the same connection (xcb-imdkit watches the root too), a manager
    /// that starts after the window is still followed, and the input method still has the field.
    @Test @MainActor func followsTheThemeWithAnInputMethod() throws {
        let (form, ibus) = try InputMethodWindowTests.hangulForm()
        let manager = try XSettingsManager(displayName: form.server.displayName, values: ["Net/ThemeName": .string("Adwaita-dark")])
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.dark },
                                       "a manager that started after the window was not followed")
        _ = try form.inputMethodState { $0.hasPrefix("ibus focused") }
        try form.xdotool("key", "Escape")
        #expect(form.finish().status == 1)
        withExtendedLifetime(manager) {}
        ibus.stop()
    }

    @Test(arguments: [
        (["--theme", "light"], "Adwaita-dark", ""),  // the flag wins over the desktop
        ([], nil, "Adwaita:dark"),  // no manager: GTK_THEME
    ] as [([String], String?, String)])
    @MainActor func theFlagThenTheDesktopThenGTKTheme(_ flags: [String], _ desktop: String?, _ gtkTheme: String) throws {
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let manager = try desktop.map { try XSettingsManager(displayName: server.displayName, values: ["Net/ThemeName": .string($0)]) }
        let form = try LiveForm(arguments: ["--form", demoForm] + flags, server: server, environment: ["GTK_THEME": gtkTheme])
        let expected = flags.isEmpty ? Self.dark : Self.light
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == expected },
                                       "\(flags), desktop \(desktop ?? "none"), GTK_THEME \(gtkTheme): not in the expected palette")
        withExtendedLifetime(manager) {}
        form.driver.key(0xff1b)
        #expect(form.finish().status == 1)
    }

    /// GNOME's `color-scheme` in GSettings (dconf, on a private session bus and settings folder)
    /// decides before `$GTK_THEME`, and before a light theme an XSETTINGS manager names, as on
    /// GNOME 42 and later, whose manager names "Adwaita" in dark style too: `prefer-dark` is
    /// dark, `prefer-light` light, and `default` (no preference) leaves `$GTK_THEME` to decide.
    @Test(arguments: [("prefer-dark", "Adwaita", nil, Self.dark), ("prefer-light", "Adwaita:dark", nil, Self.light),
                      ("default", "Adwaita:dark", nil, Self.dark), ("prefer-dark", "", "Adwaita", Self.dark)]
          as [(String, String, String?, (Int, Int, Int))])
    @MainActor func followsGnomesColorScheme(_ scheme: String, _ gtkTheme: String, _ named: String?, _ expected: (Int, Int, Int)) throws {
        // A runtime folder: outside a desktop session (none) the window does not read GSettings.
        let desktop = try AccessibilityDesktop(accessibilityBus: false, runtimeDirectory: true)
        let manager = try named.map { try XSettingsManager(displayName: desktop.server.displayName, values: ["Net/ThemeName": .string($0)]) }
        defer { withExtendedLifetime(manager) {} }
        try Self.gsettings(["set", "org.gnome.desktop.interface", "color-scheme", scheme], on: desktop)
        let form = try LiveForm(server: desktop.server, environment: desktop.environment.merging(["GTK_THEME": gtkTheme]) { $1 })
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == expected },
                                       "color-scheme \(scheme): not in the expected palette")
        form.driver.key(0xff1b)
        #expect(form.finish().status == 1)
    }

    /// A change of GNOME's colour scheme or high contrast while the window is open repaints it
    /// in the new palette, as a libadwaita window does: `gsettings set` is what GNOME Settings'
    /// switches do.
    @Test @MainActor func followsGnomesColorSchemeLive() throws {
        let desktop = try AccessibilityDesktop(accessibilityBus: false, runtimeDirectory: true)
        let form = try LiveForm(server: desktop.server, environment: desktop.environment.merging(["GTK_THEME": ""]) { $1 })
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.light }, "the window is not light")
        try Self.gsettings(["set", "org.gnome.desktop.interface", "color-scheme", "prefer-dark"], on: desktop)
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.dark },
                                       "color-scheme prefer-dark did not turn the open window dark")
        try Self.gsettings(["set", "org.gnome.desktop.a11y.interface", "high-contrast", "true"], on: desktop)
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.highContrast },
                                       "high-contrast did not turn the open window high contrast")
        try Self.gsettings(["reset", "org.gnome.desktop.a11y.interface", "high-contrast"], on: desktop)
        _ = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.dark },
                                       "resetting high-contrast did not bring the dark palette back")
        // Still the window's, with keys: Escape cancels.
        form.driver.key(0xff1b)
        #expect(form.finish().status == 1)
    }

    /// GNOME 47's `accent-color` (newer than Debian 12's schemas): the window opens in the
    /// desktop's accent, fitted to the palette's contrast, and follows a change live. The schema
    /// is GNOME's, in a folder of the test's own (`GSETTINGS_SCHEMA_DIR`), as GNOME 47 installs it.
    @Test @MainActor func followsGnomesAccentColorLive() throws {
        let desktop = try AccessibilityDesktop(accessibilityBus: false, runtimeDirectory: true)
        let schemas = try Self.gnome47InterfaceSchema()
        let environment = desktop.environment.merging(["GSETTINGS_SCHEMA_DIR": schemas, "GTK_THEME": ""]) { $1 }
        let set = try runProgram("/usr/bin/gsettings", ["set", "org.gnome.desktop.interface", "accent-color", "green"], environment: environment)
        #expect(set.status == 0, "gsettings set: \(set.stderr)")
        let form = try LiveForm(server: desktop.server, environment: environment)
        let (green, red) = (Palette.light.accented(AccentColor.green.color).accent, Palette.light.accented(AccentColor.red.color).accent)
        let opened = try form.driver.screenshot(of: form.window, when: { Self.pixels(of: green, in: $0) > 50 }, "not in GNOME's green accent")
        #expect(Self.pixels(of: red, in: opened) == 0)
        let change = try runProgram("/usr/bin/gsettings", ["set", "org.gnome.desktop.interface", "accent-color", "red"], environment: environment)
        #expect(change.status == 0, "gsettings set: \(change.stderr)")
        let changed = try form.driver.screenshot(of: form.window, when: { Self.pixels(of: red, in: $0) > 50 },
                                                 "the open window did not take the red accent")
        #expect(Self.pixels(of: green, in: changed) == 0)
        form.driver.key(0xff1b)
        #expect(form.finish().status == 1)
    }

    /// How many pixels of `shot` are `color`, give or take 2 in each channel.
    static func pixels(of color: Color, in shot: CairoSurface) -> Int {
        let target = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        var count = 0
        for y in 0..<shot.imageSize.height {
            for x in 0..<shot.imageSize.width {
                guard let p = shot.rgb(x: x, y: y) else { continue }
                if zip([Int(p.red), Int(p.green), Int(p.blue)], target).allSatisfy({ abs($0 - $1) <= 2 }) { count += 1 }
            }
        }
        return count
    }

    /// A schema folder with GNOME 47's `org.gnome.desktop.interface` colour keys, compiled.
    static func gnome47InterfaceSchema() throws -> String {
        let folder = try temporaryDirectory()
        try #"""
        <schemalist>
          <enum id="org.gnome.desktop.GDesktopColorScheme">
            <value nick="default" value="0"/><value nick="prefer-dark" value="1"/><value nick="prefer-light" value="2"/>
          </enum>
          <enum id="org.gnome.desktop.GDesktopAccentColor">
            <value nick="blue" value="0"/><value nick="teal" value="1"/><value nick="green" value="2"/>
            <value nick="yellow" value="3"/><value nick="orange" value="4"/><value nick="red" value="5"/>
            <value nick="pink" value="6"/><value nick="purple" value="7"/><value nick="slate" value="8"/>
          </enum>
          <schema id="org.gnome.desktop.interface" path="/org/gnome/desktop/interface/">
            <key name="color-scheme" enum="org.gnome.desktop.GDesktopColorScheme"><default>'default'</default></key>
            <key name="accent-color" enum="org.gnome.desktop.GDesktopAccentColor"><default>'blue'</default></key>
          </schema>
        </schemalist>
        """#.write(to: folder.appendingPathComponent("org.gnome.desktop.interface.gschema.xml"), atomically: true, encoding: .utf8)
        let compile = try runProgram("/usr/bin/glib-compile-schemas", [folder.path])
        try #require(compile.status == 0, "glib-compile-schemas: \(compile.stderr)")
        return folder.path
    }

    static func gsettings(_ arguments: [String], on desktop: AccessibilityDesktop, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try runProgram("/usr/bin/gsettings", arguments, environment: desktop.environment)
        #expect(run.status == 0, "gsettings \(arguments.joined(separator: " ")): \(run.stderr)", sourceLocation: sourceLocation)
    }

    /// `Xft/Antialias 0` from the XSETTINGS manager, or `Xft.antialias: 0` from the resources:
    /// the title is drawn in the palette's two colours only, no grey edges. Without either, the
    /// same title has more (so the check can fail).
    @Test(arguments: ["xsettings", "resources", "neither"])
    @MainActor func antialiasingFollowsTheDesktop(_ source: String) throws {
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let manager = try XSettingsManager(displayName: server.displayName,
                                           values: source == "xsettings" ? ["Xft/Antialias": .integer(0)] : [:])
        if source == "resources" { try manager.setResources("Xft.antialias:\t0\n") }
        let form = try LiveForm(arguments: ["--form", demoForm, "--theme", "light"], server: server)
        let shot = try form.driver.screenshot(of: form.window, when: { Self.background($0) ?? (0, 0, 0) == Self.light }, "not painted")
        var colours = Set<[UInt8]>()
        for y in 16..<46 { for x in 16..<180 { if let p = shot.rgb(x: x, y: y) { colours.insert([p.red, p.green, p.blue]) } } }
        let palette: Set<[UInt8]> = [[0xf6, 0xf5, 0xf4], [0x2e, 0x34, 0x36]]  // the background, the title's labelText
        if source == "neither" {
            #expect(colours.count > 2)
        } else {
            #expect(colours == palette, "\(colours.count) colours")
        }
        form.driver.key(0xff1b)
        #expect(form.finish().status == 1)
    }
}
