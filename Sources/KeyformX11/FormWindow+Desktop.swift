import Glibc
import KeyformCore

/// The window follows the desktop: its theme (with `--theme auto`) and its scale, read at the
/// start and again whenever the XSETTINGS manager or the X resources change. GNOME's colour
/// scheme (GSettings) is read then too; a change of it alone is seen at the next of those.
extension FormWindow {
    func followDesktop() {
        followDesktopTheme()
        followDesktopScale()
    }

    func followDesktopTheme() {
        session.palette = theme.palette(desktopTheme: desktop?.settings.xsettings?.themeName, gnome: .current(),
                                        gtkThemeVariable: getenv("GTK_THEME").map { String(cString: $0) })
    }
}
