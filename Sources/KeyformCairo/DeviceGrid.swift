import CCairo
import KeyformCore

/// The device pixels under a logical drawing: at a scale that is not 1, box edges, borders and
/// straight lines are moved onto whole device pixels, so that 1.25× and 1.5× are as sharp as 1×
/// instead of smeared across two pixels. At 1× the display list is drawn exactly as given (the
/// core already puts what matters on whole pixels there). Text is not snapped: Cairo rasterizes
/// each glyph at the device size and puts it on a whole pixel itself.
struct DeviceGrid {
    /// Device pixels per logical unit.
    let scale: Double

    /// The grid of the surface `context` draws on (its device scale).
    init(of context: CairoContext) {
        var x = 1.0, y = 1.0
        cairo_surface_get_device_scale(context.surface.pointer, &x, &y)
        scale = x
    }

    private var snaps: Bool { scale != 1 }

    /// A logical coordinate on the nearest device pixel boundary.
    func snap(_ value: Double) -> Double { snaps ? (value * scale).rounded() / scale : value }

    /// `rect` with each edge on the nearest device pixel boundary.
    func snap(_ rect: Rect) -> Rect {
        guard snaps else { return rect }
        let minX = snap(rect.minX), minY = snap(rect.minY)
        return Rect(x: minX, y: minY, width: snap(rect.maxX) - minX, height: snap(rect.maxY) - minY)
    }

    /// `rect` grown to the device pixels it touches: for a stroke, which the core draws inside a
    /// rectangle half a pixel in from the box it borders (sharp at 1×). Rounded to the nearest,
    /// that half pixel could leave a line of the box's fill between the border and the focus ring.
    func snapOutward(_ rect: Rect) -> Rect {
        guard snaps else { return rect }
        let display = DisplayScale(scale)
        return display.logical(display.deviceRect(covering: rect))
    }

    /// A line width of whole device pixels, at least one: a hairline stays one pixel, not a grey
    /// smear of two.
    func snap(lineWidth: Double) -> Double {
        snaps ? max(1, (lineWidth * scale).rounded()) / scale : lineWidth
    }

    /// A horizontal or vertical line whose edges fall on device pixels (its width already
    /// snapped); other lines as they are.
    func snap(from: Point, to: Point, lineWidth: Double) -> (Point, Point) {
        guard snaps else { return (from, to) }
        // The centre of a line `lineWidth` wide whose edges are on the grid.
        func centre(_ value: Double) -> Double { snap(value - lineWidth / 2) + lineWidth / 2 }
        if from.y == to.y {
            let y = centre(from.y)
            return (Point(x: snap(from.x), y: y), Point(x: snap(to.x), y: y))
        }
        if from.x == to.x {
            let x = centre(from.x)
            return (Point(x: x, y: snap(from.y)), Point(x: x, y: snap(to.y)))
        }
        return (from, to)
    }
}
