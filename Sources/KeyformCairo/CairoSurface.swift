import CCairo
import KeyformCore

/// Owns one `cairo_surface_t`: an image in memory, or an X window's back buffer.
public final class CairoSurface {
    public let pointer: OpaquePointer

    /// Takes over a surface reference the caller holds (from `cairo_xcb_surface_create`, say);
    /// it is released with this object.
    public init(owning pointer: OpaquePointer) { self.pointer = pointer }

    deinit { cairo_surface_destroy(pointer) }

    /// A white ARGB32 image surface.
    public static func image(width: Int, height: Int) -> CairoSurface {
        let surface = CairoSurface(owning: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        let context = CairoContext(surface)
        withExtendedLifetime(context) {
            cairo_set_source_rgb(context.pointer, 1, 1, 1)
            cairo_paint(context.pointer)
        }
        return surface
    }

    /// A white image of `size` logical units at `scale`: its pixels are device pixels (a 520×420
    /// form is 1040×840 at 2×), and what is drawn on it is in logical units.
    public static func image(size: Size, scale: DisplayScale) -> CairoSurface {
        let surface = image(width: scale.devicePixels(size.width), height: scale.devicePixels(size.height))
        cairo_surface_set_device_scale(surface.pointer, scale.factor, scale.factor)
        return surface
    }

    /// Writes the surface as a PNG file.
    public func writePNG(to path: String) throws(CairoError) {
        let status = cairo_surface_write_to_png(pointer, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoError("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Finishes drawing that Cairo has queued, before the pixels are read or copied by others.
    public func flush() { cairo_surface_flush(pointer) }

    /// Tells Cairo that something other than Cairo changed the pixels.
    public func markDirty() { cairo_surface_mark_dirty(pointer) }
}
