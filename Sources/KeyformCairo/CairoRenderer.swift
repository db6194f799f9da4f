import CCairo
import CPango
import KeyformCore

/// Draws a `DisplayList` with Cairo, and its text with Pango.
///
/// Only what can show through the clip is drawn, so a key press that repaints the inside of a
/// field costs little for the field's box, border and label around it: items before an opaque
/// fill that covers the whole clip are hidden by it; items outside the clip are skipped (a text
/// run by the extents it had when last drawn); a fill that covers the clip is painted as the
/// clip; rounded shapes are composited through masks kept from earlier paints.
public final class CairoRenderer {
    private let layouts: TextLayouts
    private let masks = ShapeMasks()
    /// Where recently drawn runs put ink, relative to their origin, so a run outside the clip
    /// is skipped without being laid out again.
    private(set) var runExtents = RecentValues<RunKey, Rect>(runs: 256)

    /// `layouts`: the measurer's, so text it has measured is drawn without being shaped again.
    public init(layouts: TextLayouts = TextLayouts()) {
        self.layouts = layouts
    }

    /// Draws the items in order, clipped to `clip` if given. A `pushClip` without its `popClip`
    /// ends with the list; a `popClip` without a `pushClip` is ignored.
    public func render(_ list: DisplayList, in context: CairoContext, clip: Rect?) {
        let cr = context.pointer
        let grid = DeviceGrid(of: context)
        cairo_save(cr)
        if let clip {
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cr)
        }
        layouts.follow(context)
        let first = clip.map { Self.lastOccluder(list.items, clip: $0) } ?? 0
        // The bounds of the clip in force (nil: none), and whether Cairo's was narrowed to it: one
        // entry more per open pushClip.
        var clips: [(bounds: Rect?, narrowed: Bool)] = [(clip, false)]
        for (index, item) in list.items.enumerated() {
            switch item {
            case .pushClip(let given):
                let rect = grid.snap(given), bounds = clips[clips.count - 1].bounds
                // A clip that holds the one in force narrows nothing: a repaint's list starts
                // with its own rectangle, which `clip` is already.
                if let bounds, bounds.intersection(rect) == bounds {
                    clips.append((bounds, false))
                    continue
                }
                cairo_save(cr)
                cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
                cairo_clip(cr)
                clips.append((bounds?.intersection(rect) ?? rect, true))
            case .popClip:
                guard clips.count > 1 else { continue }
                if clips.removeLast().narrowed { cairo_restore(cr) }
            default:
                if index >= first { draw(item, clip: clips[clips.count - 1].bounds, grid: grid, in: context) }
            }
        }
        for open in clips where open.narrowed { cairo_restore(cr) }
        cairo_restore(cr)
    }

    /// The index of the last opaque fill that covers all of `clip` with no narrower clip in
    /// force, or 0: nothing drawn before it can show.
    private static func lastOccluder(_ items: [DisplayItem], clip: Rect) -> Int {
        var last = 0
        var clips = [clip]
        for (index, item) in items.enumerated() {
            switch item {
            case .pushClip(let rect):
                clips.append(clips[clips.count - 1].intersection(rect))
            case .popClip:
                if clips.count > 1 { clips.removeLast() }
            case let .fill(rect, color, radius):
                if color.alpha >= 1, clips[clips.count - 1] == clip, RoundedRect(rect, radius: radius).covers(clip) {
                    last = index
                }
            default:
                break
            }
        }
        return last
    }

    /// Draws one item, its edges on `grid`'s device pixels.
    private func draw(_ item: DisplayItem, clip: Rect?, grid: DeviceGrid, in context: CairoContext) {
        let cr = context.pointer
        switch item {
        case let .fill(given, color, radius):
            let rect = grid.snap(given)
            guard Self.meets(rect, clip) else { return }
            setSource(color, cr)
            let shape = RoundedRect(rect, radius: radius)
            // Filling the whole clip is one rectangle for the X server, with no corners to flatten.
            if let clip, shape.covers(clip) { return cairo_paint(cr) }
            if shape.radius > 0 { return masks.draw(rect, radius: shape.radius, lineWidth: nil, in: context) }
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cr)
        case let .stroke(given, color, givenWidth, radius):
            let rect = grid.snapOutward(given), lineWidth = grid.snap(lineWidth: givenWidth)
            guard Self.meets(rect, clip) else { return }
            if let clip, let hole = RoundedRect.strokeArea(rect, lineWidth: lineWidth, radius: radius).hole, hole.covers(clip) {
                return
            }
            setSource(color, cr)
            if radius > 0 { return masks.draw(rect, radius: radius, lineWidth: lineWidth, in: context) }
            RoundedRect.strokePath(rect, lineWidth: lineWidth, radius: 0).addPath(cr)
            cairo_set_line_width(cr, lineWidth)
            cairo_stroke(cr)
        case let .line(givenFrom, givenTo, color, givenWidth):
            let lineWidth = grid.snap(lineWidth: givenWidth)
            let (from, to) = grid.snap(from: givenFrom, to: givenTo, lineWidth: lineWidth)
            let bounds = Rect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y))
            guard Self.meets(bounds.insetBy(dx: -lineWidth, dy: -lineWidth), clip) else { return }
            setSource(color, cr)
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_set_line_width(cr, lineWidth)
            cairo_stroke(cr)
        case .text(let run):
            draw(run, clip: clip, in: context)
        case .markup(let run):
            guard Self.meets(run.frame.insetBy(dx: -4, dy: -4), clip) else { return }  // an italic's ink leans past it
            setSource(run.color, cr)
            layouts.markupLayout(MarkupKey(run)).draw(at: Point(x: run.frame.minX, y: run.frame.minY), in: context)
        case .pushClip, .popClip:
            break
        }
    }

    private func draw(_ run: TextRun, clip: Rect?, in context: CairoContext) {
        func layout() -> TextLayout { layouts.layout(run.text, font: run.font, underline: run.underline) }
        var text: TextLayout?
        let extents = runExtents.value(for: RunKey(text: run.text, font: run.font, underline: run.underline)) {
            text = layout()
            return text!.extents
        }
        guard Self.meets(extents.offsetBy(dx: run.origin.x, dy: run.origin.y), clip) else { return }
        setSource(run.color, context.pointer)
        (text ?? layout()).draw(at: run.origin, in: context)
    }

    /// Whether `rect` can show through `clip` (nil: no clip).
    private static func meets(_ rect: Rect, _ clip: Rect?) -> Bool {
        clip.map { $0.intersects(rect) } ?? true
    }

    private func setSource(_ color: Color, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }
}
