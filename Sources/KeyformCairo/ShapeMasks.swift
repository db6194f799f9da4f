import CCairo
import KeyformCore

/// Rounded fills and strokes drawn through coverage masks that are kept: each shape is
/// rasterized once into an alpha surface like the target (for a window, a pixmap on the X
/// server) and then only composited in its colour. Cairo turns a rounded outline into dozens of
/// trapezoids every time it is drawn; a field's box and border are drawn again on every key.
final class ShapeMasks {
    /// What a mask depends on: the shape, and where it falls within a pixel.
    private struct Key: Hashable {
        let width: Double, height: Double, radius: Double
        /// 0 for a fill.
        let lineWidth: Double
        let offsetX: Double, offsetY: Double
    }

    private var masks = RecentValues<Key, CairoSurface>(capacity: 32)
    /// The device the masks were made on: a mask from another (an X connection's, say, used
    /// on an image) would have to be read back to be used.
    private var device: OpaquePointer?

    /// Fills `rect` with rounded corners, or strokes its outline inside it when `lineWidth` is
    /// given, in the context's current source.
    func draw(_ rect: Rect, radius: Double, lineWidth: Double?, in context: CairoContext) {
        let cr = context.pointer
        let target = cairo_get_target(cr)!
        let targetDevice = cairo_surface_get_device(target)
        if targetDevice != device {
            masks = RecentValues(capacity: masks.capacity)
            device = targetDevice
        }
        let origin = Point(x: rect.minX.rounded(.down), y: rect.minY.rounded(.down))
        let key = Key(width: rect.width, height: rect.height, radius: radius, lineWidth: lineWidth ?? 0,
                      offsetX: rect.minX - origin.x, offsetY: rect.minY - origin.y)
        let mask = masks.value(for: key) { Self.makeMask(key, like: target) }
        cairo_mask_surface(cr, mask.pointer, origin.x, origin.y)
    }

    private static func makeMask(_ key: Key, like target: OpaquePointer) -> CairoSurface {
        let width = Int32((key.offsetX + key.width).rounded(.up)), height = Int32((key.offsetY + key.height).rounded(.up))
        let mask = CairoSurface(owning: cairo_surface_create_similar(target, CAIRO_CONTENT_ALPHA, max(width, 1), max(height, 1)))
        let context = CairoContext(mask)
        withExtendedLifetime(context) {
            let cr = context.pointer
            let rect = Rect(x: key.offsetX, y: key.offsetY, width: key.width, height: key.height)
            if key.lineWidth > 0 {
                RoundedRect.strokePath(rect, lineWidth: key.lineWidth, radius: key.radius).addPath(cr)
                cairo_set_line_width(cr, key.lineWidth)
                cairo_stroke(cr)
            } else {
                RoundedRect(rect, radius: key.radius).addPath(cr)
                cairo_fill(cr)
            }
        }
        return mask
    }
}
