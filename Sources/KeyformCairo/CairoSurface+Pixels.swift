import CCairo

extension CairoSurface {
    /// Reads a PNG file into an image surface.
    public convenience init(png path: String) throws(CairoError) {
        self.init(owning: cairo_image_surface_create_from_png(path))
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoError("cannot read \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// An ARGB32 image surface holding `argb` (row by row, native-endian 0xAARRGGBB words).
    public static func image(width: Int, height: Int, argb: [UInt32]) -> CairoSurface {
        precondition(argb.count == width * height, "\(argb.count) pixels for a \(width)×\(height) image")
        let surface = CairoSurface(owning: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
        surface.flush()
        if let data = cairo_image_surface_get_data(surface.pointer) {
            let stride = Int(cairo_image_surface_get_stride(surface.pointer))
            argb.withUnsafeBytes { source in
                for row in 0..<height {
                    UnsafeMutableRawPointer(data + row * stride)
                        .copyMemory(from: source.baseAddress! + row * width * 4, byteCount: width * 4)
                }
            }
        }
        surface.markDirty()
        return surface
    }

    /// The size of an image surface (0×0 for other surfaces).
    public var imageSize: (width: Int, height: Int) {
        (Int(cairo_image_surface_get_width(pointer)), Int(cairo_image_surface_get_height(pointer)))
    }

    /// Every pixel of an ARGB32 or RGB24 image surface, row by row, as native-endian 0xAARRGGBB
    /// words (RGB24's undefined top byte made opaque); empty for other surfaces.
    public var argbPixels: [UInt32] {
        flush()
        let format = cairo_image_surface_get_format(pointer)
        let (width, height) = imageSize
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(pointer) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let opaque: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xff00_0000 : 0
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let line = UnsafeRawPointer(data + row * stride)
            for column in 0..<width { pixels.append(line.load(fromByteOffset: column * 4, as: UInt32.self) | opaque) }
        }
        return pixels
    }

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
