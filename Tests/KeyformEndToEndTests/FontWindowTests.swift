import Foundation
import KeyformAutomation
import KeyformCairo
import Testing

/// The desktop's font (XSETTINGS `Gtk/FontName`, the tests' own manager playing
/// gnome-settings-daemon) followed live: a window whose font changes while it is open ends up
/// drawn exactly as a window opened in that font, laid out again (a long label wraps otherwise),
/// and keeps what was typed.
@Suite("The desktop's font in the window under Xvfb", .serialized) struct FontWindowTests {
    /// A fixed size, so both windows are the same; a label long enough to wrap at one font size
    /// and not at another.
    static let form = #"""
    {"title": "Fonts", "size": {"width": 320, "height": 220},
     "fields": [{"id": "name", "type": "text", "label": "_Name"},
                {"id": "note", "type": "text", "label": "A label long enough to wrap differently at each size"}]}
    """#

    static func arguments() throws -> [String] {
        let path = try temporaryDirectory().appendingPathComponent("fonts.json").path
        try form.write(toFile: path, atomically: true, encoding: .utf8)
        return ["--form", path, "--theme", "light"]
    }

    /// A window on a server of its own whose manager publishes `fontName`, with "Ada" typed
    /// into its first field and painted.
    @MainActor static func window(fontName: String) throws -> (LiveForm, XSettingsManager) {
        let server = try PrivateXServer(width: 800, height: 600, timeout: patience)
        let manager = try XSettingsManager(displayName: server.displayName, values: ["Gtk/FontName": .string(fontName)])
        let form = try LiveForm(arguments: try arguments(), server: server)
        form.driver.type("Ada")
        form.driver.sync()
        return (form, manager)
    }

    @Test @MainActor func aLiveChangeOfGtkFontNameLaysTheWindowOutAgain() throws {
        let (changed, manager) = try Self.window(fontName: "DejaVu Sans 9")
        let (opened, _) = try Self.window(fontName: "DejaVu Sans 13")
        let expected = try opened.driver.screenshot(window: opened.window)
        // Different before the change, so the comparison below can fail.
        #expect(!ScaleWindowTests.matches(try changed.driver.screenshot(window: changed.window), expected))
        try manager.update(["Gtk/FontName": .string("DejaVu Sans 13")])
        let shot = try changed.driver.screenshot(of: changed.window, when: { ScaleWindowTests.matches($0, expected) },
                                                 "the window did not look as one opened in DejaVu Sans 13")
        if !ScaleWindowTests.matches(shot, expected) {
            let directory = try temporaryDirectory()
            try shot.writePNG(to: directory.appendingPathComponent("changed.png").path)
            try expected.writePNG(to: directory.appendingPathComponent("opened.png").path)
            Issue.record("see \(directory.path)")
        }
        changed.driver.key(0xff0d, modifiers: .control)  // Ctrl+Return submits
        #expect(try changed.submittedValues()["name"] as? String == "Ada")
        opened.driver.key(0xff1b)
        #expect(opened.finish().status == 1)
    }
}
