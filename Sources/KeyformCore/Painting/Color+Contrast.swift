import Foundation

/// WCAG 2.2 contrast, for the palettes and for fitting a desktop's accent into one.
extension Color {
    /// This colour laid over an opaque `background` (source-over, as Cairo paints).
    public func over(_ background: Color) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double { a * alpha + b * (1 - alpha) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    /// WCAG 2.2's relative luminance of an opaque sRGB colour.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// From 1:1 (the same luminance) to 21:1 (black and white).
    public func contrastRatio(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour mixed with `other`: `amount` 0 is this one, 1 is `other`; alpha is kept.
    func mixed(with other: Color, _ amount: Double) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * amount }
        return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue), alpha: alpha)
    }

    /// This colour made darker (mixed with black) or lighter (with white), as little as it takes
    /// for `meets` to hold, in steps of 1/256; nil if no step does.
    func nearest(where meets: (Color) -> Bool) -> Color? {
        let black = Color(hex: 0x000000), white = Color(hex: 0xffffff)
        for step in 0...256 {
            let amount = Double(step) / 256
            for candidate in [mixed(with: black, amount), mixed(with: white, amount)] where meets(candidate) { return candidate }
        }
        return nil
    }
}
