import Glibc
import KeyformCairo
import KeyformCore
import KeyformEnvironment

/// The window follows the desktop: its theme (with `--theme auto`), its font (`Gtk/FontName`
/// and the font rendering settings) and its scale, read at the start and again whenever the
/// XSETTINGS manager or the X resources change, and GNOME's colour settings (GSettings), watched
/// from the first time they are read.
extension FormWindow {
    func followDesktop() {
        followDesktopTheme()
        followDesktopFont()
        followDesktopScale()
    }

    func followDesktopFont() {
        if let desktop { Self.measure(session, with: layouts, in: desktop.settings.typeface) }
    }

    /// A new face or size is measured and drawn at once: the form is laid out again in it, in
    /// the window's size (the text may wrap otherwise, or scroll). `keyform` made the session
    /// in the desktop's face already; a library's session starts in the standard one.
    static func measure(_ session: FormSession, with layouts: TextLayouts, in typeface: Typeface) {
        guard layouts.typeface != typeface else { return }
        layouts.typeface = typeface
        session.measuresChanged()
    }

    func followDesktopTheme() {
        session.palette = theme.palette(desktopTheme: desktop?.settings.xsettings?.themeName, gnome: watchedGnomeSettings()?.appearance,
                                        accent: GnomeSettingsWatcher.publishesAccent ? watchedGnomeSettings()?.appearance.accentColor : nil,
                                        gtkThemeVariable: Environment.value("GTK_THEME"))
    }

    /// Made the first time it is asked for (only when GNOME's settings decide the palette, or
    /// the installed schema has an accent: reading GSettings loads GIO's modules), then kept,
    /// so a change repaints.
    private func watchedGnomeSettings() -> GnomeSettingsWatcher? {
        guard !lookedForGnomeSettings else { return gnomeSettings }
        lookedForGnomeSettings = true
        gnomeSettings = GnomeSettingsWatcher()
        gnomeSettings?.onChange = { [unowned self] in followDesktopTheme() }
        return gnomeSettings
    }
}
