import KeyformCairo

/// The `Xft.*` entries of the X resource database in the root window's `RESOURCE_MANAGER`
/// property (what `xrdb` loads): the font settings Xft, GTK and Qt follow without an XSETTINGS
/// manager.
public struct XResources: Equatable, Sendable {
    /// `Xft.dpi`: dots per inch; nil when unset or not a positive number.
    public var dpi: Double?
    /// `Xft.antialias`, `Xft.hinting`, `Xft.hintstyle`, `Xft.rgba`.
    public var fontRendering = FontRendering()

    public init(dpi: Double? = nil, fontRendering: FontRendering = FontRendering()) {
        self.dpi = dpi
        self.fontRendering = fontRendering
    }

    /// The most bytes of the property read: a desktop's database is a few kilobytes.
    public static let maximumBytes = 256 * 1024

    /// Reads `name: value` lines; comments (`!`), other programs' resources and values that do
    /// not parse are passed over. Only the fully named `Xft.name` (or `Xft*name`) is read: the
    /// loose bindings of the resource manager's matching are not implemented.
    public static func parse(_ text: String) -> XResources {
        var resources = XResources()
        for line in text.utf8.prefix(maximumBytes).split(separator: UInt8(ascii: "\n")) {
            let line = Substring(decoding: line, as: UTF8.self)
            guard !line.hasPrefix("!"), let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingSpaces
            let value = line[line.index(after: colon)...].trimmingSpaces
            guard key.hasPrefix("Xft.") || key.hasPrefix("Xft*") else { continue }
            switch key.dropFirst(4) {
            case "dpi": resources.dpi = Double(value).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            case "antialias": resources.fontRendering.antialias = boolean(value)
            case "hinting": resources.fontRendering.hinting = boolean(value)
            case "hintstyle": resources.fontRendering.hintStyle = FontRendering.HintStyle(rawValue: String(value))
            case "rgba": resources.fontRendering.subpixelOrder = FontRendering.SubpixelOrder(rawValue: String(value))
            default: break
            }
        }
        return resources
    }

    /// Xlib's booleans: true/false, on/off, yes/no, 1/0, any case.
    static func boolean(_ text: Substring) -> Bool? {
        switch text.lowercased() {
        case "true", "on", "yes", "1": return true
        case "false", "off", "no", "0": return false
        default: return nil
        }
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
