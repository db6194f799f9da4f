import CCairo
import KeyformCairo
import KeyformCore
import Testing

/// The renderer draws only what can show through the clip (see `CairoRenderer`): repainting a
/// rectangle must give exactly the pixels a whole paint gives there.
struct ClipRenderingTests {
    static let size = (width: 200, height: 80)
    static let control = Rect(x: 20, y: 30, width: 160, height: 32)

    /// A focused text field as the form draws it: background, label, focus ring, box, border,
    /// then its text and caret clipped to the inside.
    static func field(_ text: String, caretX: Double) -> DisplayList {
        var list = DisplayList()
        let window = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        list.append(.pushClip(window))
        list.append(.fill(window, Palette.light.background, radius: 0))
        list.append(.text(TextRun(text: "Name", origin: Point(x: control.minX, y: 8), font: Theme.labelFont, color: Palette.light.labelText)))
        list.append(.stroke(control.insetBy(dx: -2, dy: -2), Palette.light.focusRing, lineWidth: 3, radius: Theme.cornerRadius + 2))
        list.append(.fill(control, Palette.light.fieldBackground, radius: Theme.cornerRadius))
        list.append(.stroke(control.insetBy(dx: 0.5, dy: 0.5), Palette.light.accent, lineWidth: 2, radius: Theme.cornerRadius))
        list.append(.pushClip(control.insetBy(dx: 2, dy: 2)))
        list.append(.text(TextRun(text: text, origin: Point(x: control.minX + 8, y: control.minY + 7.5), font: Theme.bodyFont, color: Palette.light.text)))
        list.append(.fill(Rect(x: caretX, y: control.minY + 7.5, width: 1, height: 17), Palette.light.text, radius: 0))
        list.append(.popClip)
        list.append(.popClip)
        return list
    }

    static func render(_ lists: [(DisplayList, Rect?)]) -> CairoSurface {
        let surface = CairoSurface.image(width: size.width, height: size.height)
        let renderer = CairoRenderer()
        let context = CairoContext(surface)
        for (list, clip) in lists { renderer.render(list, in: context, clip: clip) }
        return surface
    }

    /// Whether the two surfaces have the same pixels inside `rect`, no channel more than
    /// `tolerance` apart, and the first difference beyond it.
    static func difference(_ a: CairoSurface, _ b: CairoSurface, in rect: Rect, tolerance: Int = 0) -> String? {
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let (p, q) = (a.rgb(x: x, y: y)!, b.rgb(x: x, y: y)!)
                let apart = max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)))
                if apart > tolerance { return "(\(x), \(y)): \(p) ≠ \(q)" }
            }
        }
        return nil
    }

    @Test(arguments: [
        control.insetBy(dx: 2, dy: 2),  // what typing repaints
        control.insetBy(dx: -4, dy: -4),  // the control with its focus ring
        Rect(x: 10, y: 20, width: 30, height: 20),  // a corner of the field
        Rect(x: 0, y: 0, width: 200, height: 80),  // everything
        Rect(x: 90, y: 0, width: 20, height: 80),  // a strip across label, ring and box
    ])
    func repaintingARectangleGivesTheWholePaintsPixels(_ clip: Rect) {
        let typed = Self.field("Ada Lovelace", caretX: 130)
        let whole = Self.render([(typed, nil)])
        let repainted = Self.render([(Self.field("Ada", caretX: 60), nil), (typed, clip)])
        #expect(Self.difference(whole, repainted, in: clip) == nil)
    }

    @Test func aRepaintLeavesWhatIsOutsideItsClip() {
        let before = Self.field("Ada", caretX: 60)
        let clip = Self.control.insetBy(dx: 2, dy: 2)
        let original = Self.render([(before, nil)])
        let repainted = Self.render([(before, nil), (Self.field("Ada Lovelace", caretX: 130), clip)])
        #expect(Self.difference(original, repainted, in: Rect(x: 0, y: 0, width: 200, height: Self.control.minY + 2)) == nil)
    }

    /// `rect` with corners of `radius` as Cairo's own arcs make them, filled or stroked by `draw`
    /// in the accent colour: what the renderer's masks are held to.
    static func drawnByCairo(_ rect: Rect, radius r: Double, _ draw: (OpaquePointer) -> Void) -> CairoSurface {
        let surface = CairoSurface.image(width: size.width, height: size.height)
        let context = CairoContext(surface)
        withExtendedLifetime(context) {
            let cr = context.pointer, quarter = Double.pi / 2
            cairo_set_source_rgba(cr, Palette.light.accent.red, Palette.light.accent.green, Palette.light.accent.blue, 1)
            cairo_new_sub_path(cr)
            cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -quarter, 0)
            cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, quarter)
            cairo_arc(cr, rect.minX + r, rect.maxY - r, r, quarter, 2 * quarter)
            cairo_arc(cr, rect.minX + r, rect.minY + r, r, 2 * quarter, 3 * quarter)
            cairo_close_path(cr)
            draw(cr)
        }
        return surface
    }

    @Test func aRoundedFillThroughItsMaskMatchesCairosOwnFill() {
        let rect = Rect(x: 10.5, y: 10.25, width: 60, height: 30)
        var list = DisplayList()
        list.append(.fill(rect, Palette.light.accent, radius: 7))
        let masked = Self.render([(list, nil)])
        let direct = Self.drawnByCairo(rect, radius: 7) { cairo_fill($0) }
        #expect(Self.difference(masked, direct, in: Rect(x: 0, y: 0, width: 80, height: 50)) == nil)
    }

    /// A rounded border drawn through its mask (a fill of the ring the stroke covers) gives the
    /// pixels Cairo's own stroke of the path gives, but for the anti-aliasing of a few corner
    /// pixels: the stroker offsets the flattened path, the fill flattens both circles (13 levels
    /// apart at most; a hole with its corners' radius half the width off differs by 40 to 151).
    @Test(arguments: [
        (Rect(x: 10, y: 10, width: 60, height: 30), 2.0, 5.0),  // a field's focused border
        (Rect(x: 10, y: 10, width: 60, height: 30), 1.0, 5.0),  // its border unfocused
        (Rect(x: 8, y: 8, width: 64, height: 34), 3.0, 7.0),  // a focus ring
        (Rect(x: 10, y: 10, width: 80, height: 24), 1.0, 12.0),  // a pill
        (Rect(x: 10, y: 10, width: 50, height: 20), 4.0, 3.0),  // corners too tight for a rounded hole
        (Rect(x: 10, y: 10, width: 8, height: 20), 4.0, 3.0),  // no hole at all
    ])
    func aRoundedStrokeThroughItsMaskMatchesCairosOwnStroke(_ rect: Rect, _ lineWidth: Double, _ radius: Double) {
        var list = DisplayList()
        list.append(.stroke(rect, Palette.light.accent, lineWidth: lineWidth, radius: radius))
        let masked = Self.render([(list, nil)])
        let path = rect.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        let direct = Self.drawnByCairo(path, radius: max(0, min(radius - lineWidth / 2, path.width / 2, path.height / 2))) {
            cairo_set_line_width($0, lineWidth)
            cairo_stroke($0)
        }
        #expect(Self.difference(masked, direct, in: Rect(x: 0, y: 0, width: 100, height: 60), tolerance: 16) == nil)
    }
}
