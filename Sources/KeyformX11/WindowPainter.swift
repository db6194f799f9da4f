import CXCB
import KeyformCairo
import KeyformCore

/// Paints the window: renders what the core reports dirty into the back buffer, then copies those
/// rectangles, and any the server reports exposed, to the window. Nothing else is ever drawn.
/// The core's rectangles are logical; the buffer, the copies and the server's are device pixels.
final class WindowPainter {
    private let x: XConnection
    private let window: xcb_window_t
    /// For the copies; owned here, freed in `deinit`.
    private let gc: xcb_gcontext_t
    private var buffer: BackBuffer
    private(set) var scale: DisplayScale
    /// Cairo's state for the connection, for the popup's window to draw with too.
    var device: CairoXCBDevice { buffer.device }
    private let renderer: CairoRenderer
    /// A new back buffer holds garbage: the whole window is rendered before anything is copied.
    private var bufferIsBlank = true
    /// The last copy of the whole back buffer: its request's sequence number and what it covered.
    private var wholeCopy: (sequence: UInt32, rect: Rect)?

    /// `layouts`: the session's measurer's, whose laid-out text the renderer draws without
    /// shaping it again. `device`: Cairo's state for the connection, set up already (`WindowGroundwork`).
    init(connection x: XConnection, window: xcb_window_t, width: UInt16, height: UInt16, scale: DisplayScale, layouts: TextLayouts,
         device: CairoXCBDevice) {
        self.x = x
        self.window = window
        self.scale = scale
        renderer = CairoRenderer(layouts: layouts)
        gc = x.generateID()
        // No GraphicsExpose/NoExpose events for our copies: the back buffer is never obscured.
        xcb_create_gc(x.connection, gc, window, XCB_GC_GRAPHICS_EXPOSURES.rawValue, [UInt32(0)])
        buffer = BackBuffer(connection: x, window: window, width: width, height: height, scale: scale, device: device)
    }

    deinit { xcb_free_gc(x.connection, gc) }

    /// Follows a window size (device pixels) or scale change with a new back buffer.
    func resize(width: UInt16, height: UInt16, scale: DisplayScale) {
        guard width != buffer.width || height != buffer.height || scale != self.scale else { return }
        self.scale = scale
        buffer = BackBuffer(connection: x, window: window, width: width, height: height, scale: scale, device: buffer.device)
        bufferIsBlank = true
    }

    /// Renders `repaints` (a batch's, `SessionUpdate`) from the session's display lists and copies them and `exposed` (device pixels, each
    /// with the sequence number the server's event carried) to the window, less what a copy read
    /// after the exposure painted already. Does not flush: the event loop does, once, before it sleeps.
    func paint(_ session: FormSession, repaints: [Rect], exposed: [(rect: Rect, sequence: UInt32)]) {
        let bounds = Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height))
        // Each dirty rectangle grown to the device pixels it touches, so the clip has no partly
        // covered pixels that a paint would blend into what is already there.
        var dirty = repaints.map(scale.deviceRect(covering:))
        if bufferIsBlank {
            dirty = [bounds]
            bufferIsBlank = false
        }
        let rendered = Self.coalesce(dirty, in: bounds)
        if !rendered.isEmpty {
            buffer.draw { context in
                for rect in rendered {
                    let logical = scale.logical(rect)
                    renderer.render(session.displayList(in: logical), in: context, clip: logical)
                }
            }
        }
        let unpainted = exposed.filter { !hasPainted($0.rect, exposedAt: $0.sequence) }.map(\.rect)
        for rect in Self.coalesce(rendered + unpainted, in: bounds) {
            let copy = xcb_copy_area(x.connection, buffer.pixmap, window, gc, Int16(rect.x), Int16(rect.y),
                                     Int16(rect.x), Int16(rect.y), UInt16(rect.width), UInt16(rect.height))
            if rect == bounds { wholeCopy = (copy.sequence, rect) }
        }
    }

    /// Whether `rect` (device pixels), which the server reported exposed with the sequence
    /// number of the last request it had read from us, is painted already: a copy of the whole
    /// buffer that covers it was read after. Without a window manager the server maps the window,
    /// exposing all of it, before it reads the first paint's copy, which paints what was exposed:
    /// copying it again only delays the moment the window is quiet.
    private func hasPainted(_ rect: Rect, exposedAt sequence: UInt32) -> Bool {
        guard let wholeCopy else { return false }
        // Sequence numbers wrap: the copy came later if the difference, read signed, is positive.
        return Int32(bitPattern: wholeCopy.sequence &- sequence) > 0 && wholeCopy.rect.intersection(rect) == rect
    }

    /// Whole-pixel rectangles inside `bounds`, overlapping ones merged into their union, so no
    /// pixel is rendered or copied twice in one paint.
    static func coalesce(_ rects: [Rect], in bounds: Rect) -> [Rect] {
        var result: [Rect] = []
        for rect in rects {
            var merged = rect.integral.intersection(bounds)
            guard !merged.isEmpty else { continue }
            // A union can reach rectangles that neither part touched: rescan after each merge.
            var index = 0
            while index < result.count {
                if result[index].intersects(merged) {
                    merged = merged.union(result.remove(at: index))
                    index = 0
                } else {
                    index += 1
                }
            }
            result.append(merged)
        }
        return result
    }
}
