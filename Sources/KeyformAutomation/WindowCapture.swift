import CCairo
import CXCB
import KeyformCairo
import KeyformCore
import KeyformX11

/// Reads a window's pixels into a Cairo ARGB32 image surface, e.g. to write a PNG.
enum WindowCapture {
    /// Supports the 24- and 32-bit TrueColor visuals (8 bits a channel, 32 bits a pixel) that
    /// every current X server, Xvfb included, uses; anything else throws.
    static func capture(_ window: xcb_window_t, on x: XConnection) throws -> CairoSurface {
        let c = x.connection
        let geometryCookie = xcb_get_geometry(c, window)
        let (width, height) = try x.reply("GetGeometry", { xcb_get_geometry_reply(c, geometryCookie, $0) }) {
            ($0.pointee.width, $0.pointee.height)
        }
        let imageCookie = xcb_get_image(c, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), window, 0, 0, width, height, ~0)
        return try x.reply("GetImage", { xcb_get_image_reply(c, imageCookie, $0) }) { reply in
            let depth = reply.pointee.depth
            let visual = x.rootVisual.pointee
            guard depth == 24 || depth == 32, let pad = scanlinePad(depth: depth, on: x),
                  visual.red_mask == 0xff0000, visual.green_mask == 0xff00, visual.blue_mask == 0xff else {
                throw X11Error.requestFailed("GetImage (unsupported depth \(depth) or visual)", code: 0)
            }
            let sourceStride = (Int(width) * 32 + pad - 1) / pad * pad / 8
            guard let source = xcb_get_image_data(reply),
                  Int(xcb_get_image_data_length(reply)) >= sourceStride * Int(height) else {
                throw X11Error.requestFailed("GetImage (short reply)", code: 0)
            }
            let raw: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            let surface = CairoSurface(owning: raw)
            guard cairo_surface_status(raw) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(raw) else {
                throw X11Error.requestFailed("GetImage (no memory for a \(width)×\(height) image)", code: 0)
            }
            surface.flush()
            let targetStride = Int(cairo_image_surface_get_stride(raw))
            let serverIsLittleEndian = xcb_get_setup(c).pointee.image_byte_order == UInt8(XCB_IMAGE_ORDER_LSB_FIRST.rawValue)
            for row in 0..<Int(height) {
                let from = UnsafeRawPointer(source + row * sourceStride)
                let to = UnsafeMutableRawPointer(target + row * targetStride)
                for column in 0..<Int(width) {
                    let bytes = from.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
                    var pixel = serverIsLittleEndian ? UInt32(littleEndian: bytes) : UInt32(bigEndian: bytes)
                    // Depth 24 leaves the top byte undefined; ARGB32 needs it opaque.
                    if depth == 24 { pixel |= 0xff00_0000 }
                    to.storeBytes(of: pixel, toByteOffset: column * 4, as: UInt32.self)
                }
            }
            surface.markDirty()
            return surface
        }
    }

    /// Images of windows drawn where the windows are (`frame`: on the screen), the later over
    /// the earlier, in one image that holds them all; transparent where none is.
    static func combine(_ parts: [(image: CairoSurface, frame: Rect)]) -> CairoSurface {
        let bounds = parts.dropFirst().reduce(parts[0].frame) { $0.union($1.frame) }
        let raw: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bounds.width), Int32(bounds.height))
        let surface = CairoSurface(owning: raw)
        let context = CairoContext(surface)
        withExtendedLifetime(context) {
            for part in parts {
                cairo_set_source_surface(context.pointer, part.image.pointer, part.frame.x - bounds.x, part.frame.y - bounds.y)
                cairo_paint(context.pointer)
            }
        }
        surface.flush()
        return surface
    }

    /// The scanline padding in bits for ZPixmap images of `depth`, if the server uses 32 bits a pixel.
    private static func scanlinePad(depth: UInt8, on x: XConnection) -> Int? {
        let setup = xcb_get_setup(x.connection)
        let formats = UnsafeBufferPointer(start: xcb_setup_pixmap_formats(setup),
                                          count: Int(xcb_setup_pixmap_formats_length(setup)))
        guard let format = formats.first(where: { $0.depth == depth }), format.bits_per_pixel == 32 else { return nil }
        return Int(format.scanline_pad)
    }
}
