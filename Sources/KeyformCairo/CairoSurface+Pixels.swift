import CCairo

extension CairoSurface {
    /// One pixel of an ARGB32 or RGB24 image surface as 0–255 channels, or nil outside it or for
    /// other surfaces. For tests and screenshots that check what a person would see.
    public func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        flush()
        let format = cairo_image_surface_get_format(pointer)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(pointer),
              x >= 0, y >= 0, x < Int(cairo_image_surface_get_width(pointer)), y < Int(cairo_image_surface_get_height(pointer))
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        // Native-endian 32-bit words: 0xAARRGGBB.
        let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return (UInt8((word >> 16) & 0xff), UInt8((word >> 8) & 0xff), UInt8(word & 0xff))
    }
}
