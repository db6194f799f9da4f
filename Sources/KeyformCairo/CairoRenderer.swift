import CCairo
import CPango
import KeyformCore

/// Draws a `DisplayList` with Cairo, and its text with Pango.
public final class CairoRenderer {
    private let text = TextLayout()

    public init() {}

    /// Draws the items in order, clipped to `clip` if given. A `pushClip` without its `popClip`
    /// ends with the list; a `popClip` without a `pushClip` is ignored.
    public func render(_ list: DisplayList, in context: CairoContext, clip: Rect?) {
        let cr = context.pointer
        cairo_save(cr)
        if let clip {
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
            cairo_clip(cr)
        }
        var clipDepth = 0
        for item in list.items {
            switch item {
            case .fill(let rect, let color, let radius):
                setSource(color, cr)
                addRoundedRect(rect, radius: radius, cr)
                cairo_fill(cr)
            case .stroke(let rect, let color, let lineWidth, let radius):
                // The stroke lies inside the rectangle, so a 1-pixel border on whole pixels is sharp.
                setSource(color, cr)
                addRoundedRect(rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2), radius: max(0, radius - lineWidth / 2), cr)
                cairo_set_line_width(cr, lineWidth)
                cairo_stroke(cr)
            case .line(let from, let to, let color, let lineWidth):
                setSource(color, cr)
                cairo_move_to(cr, from.x, from.y)
                cairo_line_to(cr, to.x, to.y)
                cairo_set_line_width(cr, lineWidth)
                cairo_stroke(cr)
            case .text(let run):
                draw(run, in: context)
            case .pushClip(let rect):
                cairo_save(cr)
                cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
                cairo_clip(cr)
                clipDepth += 1
            case .popClip:
                guard clipDepth > 0 else { continue }
                cairo_restore(cr)
                clipDepth -= 1
            }
        }
        for _ in 0..<clipDepth { cairo_restore(cr) }
        cairo_restore(cr)
    }

    private func draw(_ run: TextRun, in context: CairoContext) {
        text.set(run.text, font: run.font, underline: run.underline)
        text.update(for: context)
        setSource(run.color, context.pointer)
        cairo_move_to(context.pointer, run.origin.x, run.origin.y)
        pango_cairo_show_layout(context.pointer, text.pointer)
    }

    private func setSource(_ color: Color, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    private func addRoundedRect(_ rect: Rect, radius: Double, _ cr: OpaquePointer) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let quarter = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -quarter, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, quarter)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, quarter, 2 * quarter)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, 2 * quarter, 3 * quarter)
        cairo_close_path(cr)
    }
}
