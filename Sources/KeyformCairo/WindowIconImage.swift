import CCairo
import KeyformCore

/// A window's icon as EWMH's `_NET_WM_ICON` holds it: width, height, then the pixels row by row
/// as 0xAARRGGBB words, not premultiplied (Cairo's are).
public enum WindowIconImage {
    /// A larger picture is scaled down to this: the property must fit in one request, and
    /// panels show icons at 16 to 64 pixels.
    static let largest = 128

    /// The PNG at `path`, scaled down to fit `largest`; throws naming the file if it cannot be read.
    public static func png(_ path: String) throws(CairoError) -> [UInt32] {
        let image = try CairoSurface(png: path)
        let (width, height) = image.imageSize
        let scale = min(1, Double(largest) / Double(max(width, height, 1)))
        let size = (max(1, Int(Double(width) * scale)), max(1, Int(Double(height) * scale)))
        let icon = CairoSurface(owning: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.0), Int32(size.1)))
        let context = CairoContext(icon)
        withExtendedLifetime(context) {
            cairo_scale(context.pointer, scale, scale)
            cairo_set_source_surface(context.pointer, image.pointer, 0, 0)
            cairo_paint(context.pointer)
        }
        return words(icon)
    }

    /// Keyform's own: a form drawn small — a blue card holding two white fields and a button.
    public static var keyform: [UInt32] {
        let side = 48.0
        let icon = CairoSurface(owning: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)))
        var list = DisplayList()
        list.append(.fill(Rect(x: 2, y: 2, width: side - 4, height: side - 4), Palette.light.accent, radius: 8))
        for y in [10.0, 21.0] { list.append(.fill(Rect(x: 9, y: y, width: side - 18, height: 7), Palette.light.fieldBackground, radius: 2)) }
        list.append(.fill(Rect(x: side - 23, y: 33, width: 14, height: 6), Palette.light.tokenBackground, radius: 2))
        CairoRenderer().render(list, in: CairoContext(icon), clip: nil)
        return words(icon)
    }

    private static func words(_ icon: CairoSurface) -> [UInt32] {
        let (width, height) = icon.imageSize
        return [UInt32(width), UInt32(height)] + icon.argbPixels.map(unpremultiplied)
    }

    static func unpremultiplied(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        guard alpha != 0, alpha != 255 else { return pixel }
        func channel(_ shift: UInt32) -> UInt32 { min(255, (((pixel >> shift) & 0xff) * 255 + alpha / 2) / alpha) << shift }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }
}
