import CCairo
import KeyformCore

/// Owns one `cairo_t`: a drawing state (source, path, clip, transformation) on a surface.
public final class CairoContext {
    public let pointer: OpaquePointer
    public let surface: CairoSurface

    public init(_ surface: CairoSurface) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
    }

    deinit { cairo_destroy(pointer) }

    /// Moves what is drawn next by `offset`.
    public func translate(by offset: Point) {
        cairo_translate(pointer, offset.x, offset.y)
    }
}
