import CCairo
import KeyformCore

/// A rectangle with quarter-circle corners, as the display list's fills and strokes describe
/// them: the geometry the renderer uses to draw one, and to tell when one covers a clip entirely
/// (so it can be painted as the clip rectangle, or hides everything drawn before it).
struct RoundedRect {
    let rect: Rect
    /// Never more than half the shorter side.
    let radius: Double

    /// How far inside the true outline a point must be to count as covered: more than Cairo's
    /// tolerance for flattening the corners (0.1 px), so a covered pixel is covered in full.
    static let margin = 0.5

    init(_ rect: Rect, radius: Double) {
        self.rect = rect
        self.radius = max(0, min(radius, rect.width / 2, rect.height / 2))
    }

    /// The path a stroke of `lineWidth` follows so that it lies inside `rect` (the display
    /// list's convention, which keeps a 1-pixel border on whole pixels sharp).
    static func strokePath(_ rect: Rect, lineWidth: Double, radius: Double) -> RoundedRect {
        RoundedRect(rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2), radius: max(0, radius - lineWidth / 2))
    }

    /// The inside of a stroke of `lineWidth` that lies inside `rect`: its path inset by half the
    /// width again. Nil when the stroke is too wide for its corners to leave a rounded rectangle.
    static func strokeHole(_ rect: Rect, lineWidth: Double, radius: Double) -> RoundedRect? {
        let path = strokePath(rect, lineWidth: lineWidth, radius: radius)
        let hole = path.rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        guard path.radius >= lineWidth / 2, !hole.isEmpty else { return nil }
        return RoundedRect(hole, radius: path.radius - lineWidth / 2)
    }

    /// Whether every point of `area` lies inside the outline by at least `margin`. The shape is
    /// convex, so it is enough that the four corners of `area` do.
    func covers(_ area: Rect) -> Bool {
        let inner = rect.insetBy(dx: Self.margin, dy: Self.margin)
        guard area.minX >= inner.minX, area.maxX <= inner.maxX, area.minY >= inner.minY, area.maxY <= inner.maxY else {
            return false
        }
        guard radius > 0 else { return true }
        // A corner of `area` inside one of the corner squares must be within the arc.
        let left = rect.minX + radius, right = rect.maxX - radius, top = rect.minY + radius, bottom = rect.maxY - radius
        for x in [area.minX, area.maxX] {
            for y in [area.minY, area.maxY] {
                let cx = min(max(x, left), right), cy = min(max(y, top), bottom)
                let dx = x - cx, dy = y - cy
                if dx * dx + dy * dy > (radius - Self.margin) * (radius - Self.margin) { return false }
            }
        }
        return true
    }

    /// Adds the outline to the current path, clockwise.
    func addPath(_ cr: OpaquePointer) {
        guard radius > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let quarter = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - radius, rect.minY + radius, radius, -quarter, 0)
        cairo_arc(cr, rect.maxX - radius, rect.maxY - radius, radius, 0, quarter)
        cairo_arc(cr, rect.minX + radius, rect.maxY - radius, radius, quarter, 2 * quarter)
        cairo_arc(cr, rect.minX + radius, rect.minY + radius, radius, 2 * quarter, 3 * quarter)
        cairo_close_path(cr)
    }
}
