/// How many device pixels one logical unit takes. The core lays out in logical units, whatever the
/// scale; the window's size, its back buffer and the drawing are in device pixels (`keyform
/// render --scale`, and the window at what the desktop asks for: `init(choosingFrom:)`).
public struct DisplayScale: Equatable, Sendable {
    /// What `--scale` takes, and what a desktop's settings are held to.
    public static let range = 0.5...4.0

    public let factor: Double
    /// Where the factor came from, as a person would look it up: `Xft.dpi 192`, `--scale 1.5`.
    public let source: String

    public init(_ factor: Double, source: String = "default") {
        self.factor = factor
        self.source = source
    }

    public static let one = DisplayScale(1)

    /// A logical length in whole device pixels, rounded up so nothing of it is cut off (at least 1).
    public func devicePixels(_ length: Double) -> Int {
        // The tolerance keeps 520 × 1.1 (572.0000000000001) at 572.
        max(1, Int((length * factor - 1e-9).rounded(.up)))
    }

    /// A device length in logical units.
    public func logical(_ pixels: Double) -> Double { pixels / factor }

    /// A device size in logical units: the screen, as the core sees it.
    public func logical(_ size: Size) -> Size { Size(width: size.width / factor, height: size.height / factor) }

    /// A device point in logical units: where X reports the pointer, for the core.
    public func logical(_ point: Point) -> Point { Point(x: point.x / factor, y: point.y / factor) }

    /// A logical rectangle in device pixels, as it is (the input method's spot: its reader rounds).
    public func device(_ rect: Rect) -> Rect {
        Rect(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
    }

    /// A logical rectangle in device pixels, grown out to whole pixels: what a dirty rectangle
    /// covers on the screen.
    public func deviceRect(covering rect: Rect) -> Rect {
        let minX = (rect.minX * factor).rounded(.down), minY = (rect.minY * factor).rounded(.down)
        let maxX = (rect.maxX * factor).rounded(.up), maxY = (rect.maxY * factor).rounded(.up)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// A device rectangle in logical units.
    public func logical(_ rect: Rect) -> Rect {
        Rect(x: rect.x / factor, y: rect.y / factor, width: rect.width / factor, height: rect.height / factor)
    }

    /// `--scale`'s value: a number within `range`.
    public static func option(_ text: String) throws(OptionError) -> Double {
        guard let factor = Double(text), range.contains(factor) else {
            throw OptionError("--scale takes a number from \(describe(range.lowerBound)) to \(describe(range.upperBound)), like 1.5 or 2, not \"\(text)\"")
        }
        return factor
    }

    public struct OptionError: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// `2`, `1.5`: a number as the messages and sources write it.
    static func describe(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
