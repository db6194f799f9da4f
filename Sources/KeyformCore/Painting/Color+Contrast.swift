/// WCAG 2.2 contrast, for the palettes and for fitting a desktop's accent into one.
extension Color {
    /// This colour laid over an opaque `background` (source-over, as Cairo paints).
    public func over(_ background: Color) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double { a * alpha + b * (1 - alpha) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    /// WCAG 2.2's relative luminance of an opaque sRGB colour.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : Self.power2point4((c + 0.055) / 1.055) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// `x` to the power 2.4, for `x` in 0...1, without libm (the core imports nothing, not even
    /// Foundation, whose `String` methods would then shadow the standard library's for every
    /// module that imports the core): x² times the fifth root of x², by Newton's method from 1,
    /// which comes down to the root without overshooting it.
    private static func power2point4(_ x: Double) -> Double {
        let square = x * x
        guard square > 0 else { return 0 }
        var root = 1.0
        for _ in 0..<64 {
            let next = root - (root - square / (root * root * root * root)) / 5
            if next >= root { break }
            root = next
        }
        return square * root
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
