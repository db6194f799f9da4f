import CCairo

/// Owns one `cairo_t`: a drawing state (source, path, clip, transformation) on a surface.
public final class CairoContext {
    public let pointer: OpaquePointer
    public let surface: CairoSurface

    public init(_ surface: CairoSurface) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
    }

    deinit { cairo_destroy(pointer) }
}
