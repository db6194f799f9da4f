import Foundation
import KeyformCairo
import Testing

/// The window presents itself as a dialog (issue #15), read back with xprop and xwininfo as a
/// window manager reads it: its type, parent, modality, icon, place and size.
@Suite("Window manners under Xvfb", .serialized) struct WindowMannersTests {
    @MainActor func read(_ tool: String, _ form: ScriptedWindow, _ arguments: String...) throws -> String {
        let run = try runProgram("/usr/bin/\(tool)", arguments + ["-id", String(form.window)], environment: ["DISPLAY": form.server.displayName])
        #expect(run.status == 0, "\(tool): \(run.stderr)")
        return run.stdout
    }

    @Test @MainActor func aDialogWithKeyformsOwnIcon() throws {
        let form = try ScriptedWindow(["--field", "Name"])
        let properties = try read("xprop", form, "_NET_WM_WINDOW_TYPE", "_NET_WM_ICON", "WM_TRANSIENT_FOR", "_NET_WM_STATE")
        #expect(properties.contains("_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_DIALOG"), "\(properties)")
        #expect(properties.contains("Icon (48 x 48)"), "\(properties)")
        #expect(properties.contains("WM_TRANSIENT_FOR:  not found"), "\(properties)")
        #expect(properties.contains("_NET_WM_STATE:  not found"), "\(properties)")
        try form.xdotool("key", "Escape")
        #expect(form.exitStatus() == 1)
    }

    @Test @MainActor func attachedModalWithAnIconFromAPNG() throws {
        let png = try temporaryDirectory().appendingPathComponent("icon.png").path
        try CairoSurface.image(width: 20, height: 10, argb: Array(repeating: 0xff00_ff00, count: 200)).writePNG(to: png)
        let form = try ScriptedWindow(["--field", "Name", "--attach", "0x2a", "--modal", "--window-icon", png])
        let properties = try read("xprop", form, "_NET_WM_ICON", "WM_TRANSIENT_FOR", "_NET_WM_STATE")
        #expect(properties.contains("WM_TRANSIENT_FOR(WINDOW): window id # 0x2a"), "\(properties)")
        #expect(properties.contains("_NET_WM_STATE(ATOM) = _NET_WM_STATE_MODAL"), "\(properties)")
        #expect(properties.contains("Icon (20 x 10)"), "\(properties)")
        try form.xdotool("key", "Escape")
        #expect(form.exitStatus() == 1)
    }

    /// Centred on the 800×600 screen, at the size of its content (under the 85 % of the screen it
    /// may take).
    @Test @MainActor func centredAtTheSizeOfItsContent() throws {
        let form = try ScriptedWindow(["--field", "Name", "--center"])
        let info = try read("xwininfo", form)
        func number(_ name: String) -> Int? {
            info.split(separator: "\n").first { $0.contains(name + ":") }.flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
        }
        let width = try #require(number("Width")), height = try #require(number("Height"))
        #expect(width == 520)
        #expect(height < 300, "a one-field form fits its content")
        #expect(number("Absolute upper-left X") == (800 - width) / 2, "\(info)")
        #expect(number("Absolute upper-left Y") == (600 - height) / 2, "\(info)")
        try form.xdotool("key", "Escape")
        #expect(form.exitStatus() == 1)
    }

    @Test func aWindowIconThatIsNotAPNGStopsTheStart() throws {
        let run = try keyform(["--field", "Name", "--window-icon", "/etc/hostname"], environment: ["DISPLAY": ":99"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--window-icon"), "\(run.stderr)")
    }
}
