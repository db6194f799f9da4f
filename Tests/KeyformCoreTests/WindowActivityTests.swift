import KeyformCore
import Testing

/// An inactive window (another has the desktop's focus) draws its focus ring, focused border
/// and selection in the palette's inactive colours and no caret, as GTK draws a window in the
/// backdrop; `activate` gives them back. Replayed with `deactivate` and `activate`.
@Suite("The inactive window") struct WindowActivityTests {
    static let form = #"""
    {"title": "t", "size": {"width": 400, "height": 300}, "fields": [
      {"id": "a", "type": "text", "label": "A"},
      {"id": "b", "type": "text", "label": "B", "value": "Ada Lovelace"}]}
    """#

    /// The colours of the fills and strokes drawn after `events` (Tab: b focused, its text
    /// selected, the ring showing), and whether a caret (a 1 px fill) is among them.
    static func drawn(_ palette: Palette, _ events: [String]) throws -> (colors: [Color], caret: Bool) {
        let session = FormSession(form: try makeForm(form), measurer: FixedWidthMeasurer())
        session.palette = palette
        var runner = ReplayRunner(session: session, keys: TestKeys())
        for event in events { #expect(try runner.run(try ReplayEvent(parsing: event)), "\(event) handled") }
        var colors: [Color] = []
        var caret = false
        for item in session.displayList(in: Rect(x: 0, y: 0, width: 400, height: 300)).items {
            switch item {
            case let .fill(rect, color, _):
                colors.append(color)
                if rect.width == 1 && color == palette.text { caret = true }
            case let .stroke(_, color, _, _): colors.append(color)
            default: break
            }
        }
        return (colors, caret)
    }

    static let palettes: [String: Palette] = ["light": .light, "dark": .dark, "high contrast": .highContrast]

    @Test(arguments: palettes.keys.sorted(), [
        (["Tab"], true),
        (["Tab", "deactivate"], false),
        (["Tab", "deactivate", "activate"], true),
        (["deactivate", "Tab"], false),  // keys may still come (xdotool): the look stays inactive
    ] as [([String], Bool)])
    func inactiveGreysTheFocusAndHidesTheCaret(_ name: String, _ step: ([String], Bool)) throws {
        let (palette, (events, active)) = (Self.palettes[name]!, step)
        let (colors, caret) = try Self.drawn(palette, events)
        #expect(colors.contains(palette.focusRing) == active, "\(events): the ring")
        #expect(colors.contains(palette.inactiveFocusRing) == !active, "\(events): the greyed ring and border")
        #expect(colors.contains(palette.selection) == active, "\(events): the selection")
        #expect(colors.contains(palette.inactiveSelection) == !active, "\(events): the greyed selection")
        #expect(colors.contains(palette.accent) == active, "\(events): the focused border")
        #expect(caret == active, "\(events): the caret")
    }

    /// The window's first FocusIn, when it opened active, changes nothing and repaints nothing:
    /// it came just as the window was shown, and repainting the focused field kept it from
    /// settling.
    @Test func activatingAnActiveWindowRepaintsNothing() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        var runner = ReplayRunner(session: session, keys: TestKeys())
        _ = try runner.run(.key(name: "Tab", modifiers: []))
        #expect(try !runner.run(try ReplayEvent(parsing: "activate")))
        #expect(runner.lastUpdate.repaints.isEmpty)
        _ = try runner.run(try ReplayEvent(parsing: "deactivate"))
        #expect(!runner.lastUpdate.repaints.isEmpty)
    }

    /// The window repaints the focused field when it changes: the dirty area covers its ring.
    @Test func deactivatingRepaintsTheFocusedField() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        var runner = ReplayRunner(session: session, keys: TestKeys())
        _ = try runner.run(.key(name: "Tab", modifiers: []))
        _ = try runner.run(try ReplayEvent(parsing: "deactivate"))
        let dirty = runner.lastUpdate.repaints
        let ring = try #require(session.controlFrame(of: "b")).insetBy(dx: -4, dy: -4)
        #expect(dirty.contains { $0.intersection(ring) == ring }, "\(dirty) should cover \(ring)")
    }
}
