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

    /// What a stroke of `lineWidth` along `strokePath` covers, as an outline less a hole (nil
    /// when the stroke fills the outline). A stroke of a quarter circle is the ring between the
    /// circles half the width out and in; where the path's corner is too tight for the inner
    /// one, the hole's corner is square.
    static func strokeArea(_ rect: Rect, lineWidth: Double, radius: Double) -> (outline: RoundedRect, hole: RoundedRect?) {
        let path = strokePath(rect, lineWidth: lineWidth, radius: radius)
        let outline = RoundedRect(rect, radius: path.radius > 0 ? path.radius + lineWidth / 2 : 0)
        let hole = path.rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        return (outline, hole.isEmpty ? nil : RoundedRect(hole, radius: max(0, path.radius - lineWidth / 2)))
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

    /// Adds the outline to the current path, clockwise. Each corner is the one Bézier curve
    /// `cairo_arc` makes of a quarter circle this small (it splits one only past a radius of
    /// about 360 device pixels), written out: `cairo_arc` works it out with `sincos` and `tan`,
    /// and libm's tables for those and for the stroker's `acos` (`ShapeMasks`) kept 150 kB
    /// more of libm in a window's memory.
    func addPath(_ cr: OpaquePointer) {
        guard radius > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        // How far along the tangents a quarter circle's control points lie: 4/3·tan(π/8).
        let handle = radius * 0.552_284_749_830_793_4
        let (left, right, top, bottom) = (rect.minX, rect.maxX, rect.minY, rect.maxY)
        cairo_new_sub_path(cr)
        cairo_move_to(cr, right - radius, top)
        cairo_curve_to(cr, right - radius + handle, top, right, top + radius - handle, right, top + radius)
        cairo_line_to(cr, right, bottom - radius)
        cairo_curve_to(cr, right, bottom - radius + handle, right - radius + handle, bottom, right - radius, bottom)
        cairo_line_to(cr, left + radius, bottom)
        cairo_curve_to(cr, left + radius - handle, bottom, left, bottom - radius + handle, left, bottom - radius)
        cairo_line_to(cr, left, top + radius)
        cairo_curve_to(cr, left, top + radius - handle, left + radius - handle, top, left + radius, top)
        cairo_close_path(cr)
    }
}
