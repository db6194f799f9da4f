import CCairo
import CXCB
import KeyformCairo
import KeyformCore

/// An X pixmap the size of the window (in device pixels) with a Cairo surface drawing into it in
/// logical units (the surface's device scale is the window's scale). Dirty rectangles are
/// painted here and then copied to the window, so the window never shows a half-drawn frame, and
/// an expose needs only a copy. `init` creates both; `deinit` finishes the surface, then frees the
/// pixmap under it.
final class BackBuffer {
    let pixmap: xcb_pixmap_t
    let width: UInt16
    let height: UInt16
    /// Cairo's state for our connection, shared by every back buffer made on it.
    let device: CairoXCBDevice
    private let x: XConnection
    /// Optional only so `deinit` can release it before the pixmap goes.
    private var surface: CairoSurface?

    /// `device`: Cairo's state for the connection, which every back buffer on it shares.
    init(connection x: XConnection, window: xcb_window_t, width: UInt16, height: UInt16, scale: DisplayScale, device: CairoXCBDevice) {
        self.x = x
        self.width = max(width, 1)
        self.height = max(height, 1)
        pixmap = x.generateID()
        xcb_create_pixmap(x.connection, x.screen.root_depth, pixmap, window, self.width, self.height)
        let raw: OpaquePointer = cairo_xcb_surface_create(x.connection, pixmap, x.rootVisual, Int32(self.width), Int32(self.height))
        self.device = device
        cairo_surface_set_device_scale(raw, scale.factor, scale.factor)
        surface = CairoSurface(owning: raw)
    }

    deinit {
        // Destroying the surface makes Cairo send its last requests on the pixmap; free it after.
        surface = nil
        xcb_free_pixmap(x.connection, pixmap)
    }

    /// Draws with a fresh context, then hands Cairo's queued requests to xcb so a following
    /// copy from the pixmap sees the drawing.
    func draw(_ body: (CairoContext) -> Void) {
        guard let surface else { return }
        body(CairoContext(surface))
        surface.flush()
    }
}

/// Cairo's per-connection xcb device. Cairo caches it by `xcb_connection_t` address, so it must
/// be finished before that connection closes, or a later connection at the same address would
/// inherit it. Holds the `XConnection` so the connection outlives it.
final class CairoXCBDevice {
    private let device: OpaquePointer
    private let x: XConnection

    /// The device before any back buffer: Cairo sets it up (its RENDER and MIT-SHM round trips)
    /// for a first surface, here one on the root window that is never drawn.
    init(connection x: XConnection) {
        let probe: OpaquePointer = cairo_xcb_surface_create(x.connection, x.screen.root, x.rootVisual, 1, 1)
        defer { cairo_surface_destroy(probe) }
        device = cairo_device_reference(cairo_surface_get_device(probe))
        self.x = x
    }

    deinit {
        cairo_device_finish(device)
        cairo_device_destroy(device)
    }
}
