import CCairo
import KeyformCore

/// Rounded fills and strokes drawn through coverage masks that are kept: each shape is
/// rasterized once into an alpha surface like the target (for a window, a pixmap on the X
/// server) and then only composited in its colour. Cairo turns a rounded outline into dozens of
/// trapezoids every time it is drawn; a field's box and border are drawn again on every key.
final class ShapeMasks {
    /// What a mask depends on: the shape, the device scale, and where the shape falls within a
    /// device pixel.
    private struct Key: Hashable {
        let width: Double, height: Double, radius: Double
        /// 0 for a fill.
        let lineWidth: Double
        let scale: Double
        /// In device pixels.
        let offsetX: Double, offsetY: Double
    }

    private var masks = RecentValues<Key, CairoSurface>(capacity: 32)
    /// The device the masks were made on: a mask from another (an X connection's, say, used
    /// on an image) would have to be read back to be used.
    private var device: OpaquePointer?

    /// Fills `rect` with rounded corners, or strokes its outline inside it when `lineWidth` is
    /// given, in the context's current source. The mask is put on whole device pixels, so it is
    /// copied, never resampled.
    func draw(_ rect: Rect, radius: Double, lineWidth: Double?, in context: CairoContext) {
        let cr = context.pointer
        let target = cairo_get_target(cr)!
        let targetDevice = cairo_surface_get_device(target)
        if targetDevice != device {
            masks = RecentValues(capacity: masks.capacity)
            device = targetDevice
        }
        let scale = DeviceGrid(of: context).scale
        let origin = Point(x: (rect.minX * scale).rounded(.down), y: (rect.minY * scale).rounded(.down))
        let key = Key(width: rect.width, height: rect.height, radius: radius, lineWidth: lineWidth ?? 0, scale: scale,
                      offsetX: rect.minX * scale - origin.x, offsetY: rect.minY * scale - origin.y)
        let mask = masks.value(for: key) { Self.makeMask(key, like: target) }
        cairo_mask_surface(cr, mask.pointer, origin.x / scale, origin.y / scale)
    }

    /// A mask like `target`, with its device scale. Its size is asked for in logical units and
    /// made whole device pixels by truncating, so it is asked for a pixel larger than the shape
    /// (the spare pixels stay transparent).
    private static func makeMask(_ key: Key, like target: OpaquePointer) -> CairoSurface {
        let width = Int32(((key.offsetX + key.width * key.scale) / key.scale).rounded(.up)) + 1
        let height = Int32(((key.offsetY + key.height * key.scale) / key.scale).rounded(.up)) + 1
        let mask = CairoSurface(owning: cairo_surface_create_similar(target, CAIRO_CONTENT_ALPHA, max(width, 1), max(height, 1)))
        let context = CairoContext(mask)
        withExtendedLifetime(context) {
            let cr = context.pointer
            let rect = Rect(x: key.offsetX / key.scale, y: key.offsetY / key.scale, width: key.width, height: key.height)
            if key.lineWidth > 0 {
                // Filled, not stroked: Cairo's stroker makes a pen for every stroke, with `acos`
                // and `sincos` (see `RoundedRect.addPath`).
                let area = RoundedRect.strokeArea(rect, lineWidth: key.lineWidth, radius: key.radius)
                area.outline.addPath(cr)
                area.hole?.addPath(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            } else {
                RoundedRect(rect, radius: key.radius).addPath(cr)
            }
            cairo_fill(cr)
        }
        return mask
    }
}
