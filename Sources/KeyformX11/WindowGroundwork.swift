import KeyformCore

/// What a window needs from the server before its form is laid out: the keymap, the scale (RandR
/// when the desktop says none), Cairo's state for the connection (RENDER and MIT-SHM), where the
/// focus is: fourteen round trips on a bare X server. `keyform`
/// gathers them while fontconfig loads on Pango's thread, when its main thread would only wait
/// for the font, so they are off the way to the first paint; a window given none gathers its own.
package struct WindowGroundwork {
    let keyboard: XKeyboard
    let scale: DisplayScale
    let cairoDevice: CairoXCBDevice
    let focusIsElsewhere: Bool

    /// `desktop`: the settings the scale follows, as the window will watch them.
    @MainActor
    package init(connection: XConnection, desktop: DesktopSettingsWatcher?, scaleSettings: ScaleSettings) throws {
        keyboard = try XKeyboard(connection: connection)
        StartupTimeline.mark("keymap loaded")
        scale = FormWindow.chooseScale(scaleSettings, desktop: desktop?.settings, connection: connection)
        cairoDevice = CairoXCBDevice(connection: connection)
        focusIsElsewhere = FormWindow.focusIsElsewhere(connection)
    }
}
