import KeyformCommandLine
import KeyformCore

/// `--scale`: device pixels per logical unit, for the window and for `render`.
struct ScaleOption {
    static let scale = OptionSpec.value("scale", "FACTOR", help: "Draw at this scale, from 0.5 to 4 (HiDPI: 2 doubles every pixel; 1.25 and 1.5 are as sharp). The window's default: the desktop's (GDK_SCALE, XSETTINGS, Xft.dpi, a dense monitor); render's: 1. e.g. --scale 2",
                                        valueMayStartWithDash: true)

    static let options = [scale]

    let scale: Double?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        scale = try arguments.value(Self.scale, checking: Self.factor)
    }

    /// A bad factor is a usage error (exit 2) that says the range.
    static func factor(_ text: String) throws(UsageError) -> Double {
        do { return try DisplayScale.option(text) } catch { throw UsageError(error.description) }
    }
}
