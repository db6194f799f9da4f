import Glibc
import KeyformCore

/// The window follows the desktop: its theme (with `--theme auto`) and its scale, read at the
/// start and again whenever the XSETTINGS manager or the X resources change, and GNOME's colour
/// scheme (GSettings), watched from the first time it decides the palette.
extension FormWindow {
    func followDesktop() {
        followDesktopTheme()
        followDesktopScale()
    }

    func followDesktopTheme() {
        session.palette = theme.palette(desktopTheme: desktop?.settings.xsettings?.themeName, gnome: watchedGnomeSettings()?.appearance,
                                        gtkThemeVariable: getenv("GTK_THEME").map { String(cString: $0) })
    }

    /// Made the first time it is asked for (only when nothing before GNOME's settings decides:
    /// reading GSettings loads GIO's modules), then kept, so a change repaints.
    private func watchedGnomeSettings() -> GnomeSettingsWatcher? {
        guard !lookedForGnomeSettings else { return gnomeSettings }
        lookedForGnomeSettings = true
        gnomeSettings = GnomeSettingsWatcher()
        gnomeSettings?.onChange = { [unowned self] in followDesktopTheme() }
        return gnomeSettings
    }
}
