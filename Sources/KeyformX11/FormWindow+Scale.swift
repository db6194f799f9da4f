import CXCB
import KeyformCore

/// The window's scale: chosen when it opens from `--scale`, the environment and the desktop's
/// settings (`DisplayScale(choosingFrom:)`), and followed when the desktop's settings change: the
/// window keeps its logical size, so it grows or shrinks on the screen, and is painted anew.
extension FormWindow {
    /// The scale the settings give, the desktop's read from `desktop`, and the monitor's size
    /// from RandR when nothing else says (only then: it costs round trips at every start).
    static func chooseScale(_ given: ScaleSettings, desktop: DesktopSettings?, connection: XConnection) -> DisplayScale {
        var settings = given
        let xsettings = desktop?.xsettings
        settings.windowScalingFactor = xsettings?.windowScalingFactor
        settings.xftDPI = xsettings?.integer("Xft/DPI").map(Int.init)
        settings.unscaledDPI = xsettings?.integer("Gdk/UnscaledDPI").map(Int.init)
        settings.resourceDPI = desktop?.resources.dpi
        let chosen = DisplayScale(choosingFrom: settings)
        guard chosen == .one else { return chosen }
        settings.monitor = PrimaryMonitor.physicalSize(on: connection)
        return DisplayScale(choosingFrom: settings)
    }

    /// The screen's size in device pixels.
    static func screenSize(of connection: XConnection) -> Size {
        Size(width: Double(connection.screen.width_in_pixels), height: Double(connection.screen.height_in_pixels))
    }

    /// After the desktop's settings changed: a new scale takes effect at once.
    func followDesktopScale() {
        let chosen = Self.chooseScale(scaleSettings, desktop: desktop?.settings, connection: x)
        guard chosen.factor != scale.factor else { return }
        scale = chosen
        let size = Self.deviceSize(session.viewport, at: chosen)
        window.setSizeHints(minimumSize: Self.deviceSize(session.minimumSize, at: chosen))
        // Painted at the new scale from now on; the window's size follows when the server (or
        // the window manager) has resized it, with a ConfigureNotify.
        painter.resize(width: UInt16(size.width), height: UInt16(size.height), scale: chosen)
        window.resize(width: UInt16(size.width), height: UInt16(size.height))
    }

    /// A new device size from a ConfigureNotify, as a logical size for the session: the
    /// viewport it has when the device size is that viewport's at this scale (rounding would
    /// otherwise move it by a fraction and lay the form out again for nothing).
    func logicalSize(width: UInt16, height: UInt16) -> Size {
        func side(_ pixels: UInt16, _ current: Double) -> Double {
            Self.pixels(current, at: scale) == pixels ? current : scale.logical(Double(pixels))
        }
        return Size(width: side(width, session.viewport.width), height: side(height, session.viewport.height))
    }
}
