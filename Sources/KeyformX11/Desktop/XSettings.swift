import KeyformCairo

/// The settings a desktop's XSETTINGS manager (gnome-settings-daemon, xsettingsd, xfsettingsd)
/// publishes in the `_XSETTINGS_SETTINGS` property of the `_XSETTINGS_S<screen>` selection's
/// owner, as GTK reads them (freedesktop XSETTINGS specification 0.5).
public struct XSettings: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case integer(Int32)
        case string(String)
        /// 16 bits a channel. The specification lists red, blue, green, alpha; GTK, xsettingsd
        /// and every manager write red, green, blue, alpha, which is what is read.
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// The manager's count of changes: a new serial means something changed.
    public var serial: UInt32
    public var values: [String: Value]

    public init(serial: UInt32 = 0, values: [String: Value] = [:]) {
        self.serial = serial
        self.values = values
    }

    /// The most bytes of the property read, and the most settings kept: a desktop's are a few
    /// kilobytes; anything bigger is a broken or hostile manager.
    public static let maximumBytes = 256 * 1024
    public static let maximumCount = 4096

    public func integer(_ name: String) -> Int32? {
        if case .integer(let value) = values[name] { return value }
        return nil
    }

    public func string(_ name: String) -> String? {
        if case .string(let value) = values[name] { return value }
        return nil
    }

    /// `Net/ThemeName`: "Adwaita", "Adwaita-dark", "HighContrast".
    public var themeName: String? { string("Net/ThemeName") }
    /// `Gtk/FontName`: a Pango font description, "Cantarell 11".
    public var fontName: String? { string("Gtk/FontName") }
    /// `Xft/DPI` in dots per inch (the setting is in 1/1024ths); nil when unset or -1 (the default).
    public var dpi: Double? { integer("Xft/DPI").flatMap { $0 > 0 ? Double($0) / 1024 : nil } }
    /// `Gdk/WindowScalingFactor`: the integer scale GTK applies to windows; nil when unset or not positive.
    public var windowScalingFactor: Int? { integer("Gdk/WindowScalingFactor").flatMap { $0 > 0 ? Int($0) : nil } }

    /// `Xft/Antialias`, `Xft/Hinting` (1, 0, or -1 for the default), `Xft/HintStyle` and `Xft/RGBA`.
    public var fontRendering: FontRendering {
        func flag(_ name: String) -> Bool? { integer(name).flatMap { $0 < 0 ? nil : $0 != 0 } }
        return FontRendering(antialias: flag("Xft/Antialias"), hinting: flag("Xft/Hinting"),
                             hintStyle: string("Xft/HintStyle").flatMap(FontRendering.HintStyle.init(rawValue:)),
                             subpixelOrder: string("Xft/RGBA").flatMap(FontRendering.SubpixelOrder.init(rawValue:)))
    }
}
