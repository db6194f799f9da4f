import CXCB
import Glibc
import KeyformAutomation
@testable import KeyformX11
import Testing

/// The watcher against a real server: the tests' XSETTINGS manager plays the settings daemon and
/// `xrdb`; each change is waited for as the window waits for it, by the events it causes.
@Suite("Desktop settings under Xvfb", .serialized) struct DesktopSettingsWatcherTests {
    @Test @MainActor func followsTheManagerAndTheResourcesLive() throws {
        let server = try PrivateXServer(width: 320, height: 200)
        let x = try XConnection(displayName: server.displayName)
        let empty = try DesktopSettingsWatcher(connection: x)
        #expect(empty.settings == DesktopSettings(), "no manager, no resources")

        var manager = try XSettingsManager(displayName: server.displayName, values: ["Net/ThemeName": .string("Adwaita-dark"), "Xft/DPI": .integer(196_608)])
        try waitForChange(empty, on: x)  // the MANAGER message: found without reconnecting
        #expect(empty.settings.xsettings?.themeName == "Adwaita-dark")

        let watcher = try DesktopSettingsWatcher(connection: x)
        #expect(watcher.settings.xsettings?.themeName == "Adwaita-dark")
        #expect(watcher.settings.xsettings?.dpi == 192)

        try manager.update(["Net/ThemeName": .string("Adwaita"), "Xft/Antialias": .integer(0)])
        try waitForChange(watcher, on: x)
        #expect(watcher.settings.xsettings?.themeName == "Adwaita")
        #expect(watcher.settings.fontRendering.antialias == false)

        try manager.setResources("Xft.dpi:\t144\nXft.hintstyle:\thintfull\n")
        try waitForChange(watcher, on: x)
        #expect(watcher.settings.resources.dpi == 144)
        #expect(watcher.settings.fontRendering.hintStyle == .hintfull)

        manager.stop()
        try waitForChange(watcher, on: x)
        #expect(watcher.settings.xsettings == nil, "the daemon went")

        manager = try XSettingsManager(displayName: server.displayName, values: ["Net/ThemeName": .string("HighContrast")])
        try waitForChange(watcher, on: x)
        #expect(watcher.settings.xsettings?.themeName == "HighContrast")
    }

    /// A manager whose property is garbage is no manager: nothing crashes, nothing is followed.
    @Test @MainActor func aBrokenPropertyIsNoSettings() throws {
        let server = try PrivateXServer(width: 320, height: 200)
        let x = try XConnection(displayName: server.displayName)
        let manager = try XSettingsManager(displayName: server.displayName, values: ["Net/ThemeName": .string("Adwaita-dark")])
        let watcher = try DesktopSettingsWatcher(connection: x)
        #expect(watcher.settings.xsettings != nil)
        try manager.writeRawProperty([0, 0, 0, 0, 1, 0, 0, 0, 9, 0, 0, 0, 1])
        try waitForChange(watcher, on: x)
        #expect(watcher.settings.xsettings == nil)
    }

    /// Offers the connection's events to the watcher until one changes its settings; the
    /// deadline only stops a test that would otherwise hang.
    @MainActor func waitForChange(_ watcher: DesktopSettingsWatcher, on x: XConnection, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deadline = MonotonicClock.now() + 60_000
        while MonotonicClock.now() < deadline {
            x.flush()
            while let event = xcb_poll_for_event(x.connection) {
                defer { free(event) }
                if watcher.handle(event) { return }
            }
            try x.checkConnection()
            var descriptor = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 1000)
        }
        Issue.record("the settings did not change", sourceLocation: sourceLocation)
    }
}

@Suite("The XSETTINGS selection's name") struct XSettingsSelectionNameTests {
    @Test(arguments: [0, 1, 9, 10, 42, 100, 2_147_483_647] as [Int32])
    func theScreenIsWrittenInDecimal(screen: Int32) {
        #expect(DesktopSettingsWatcher.decimal(screen) == String(screen))
        #expect(DesktopSettingsWatcher.atomNames(screen: screen).first == "_XSETTINGS_S" + String(screen))
    }
}
