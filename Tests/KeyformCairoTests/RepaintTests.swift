import KeyformCairo
import KeyformCore
import Testing

/// The window paints everything once, then after each event only the rectangles the session
/// reports dirty, over what it painted before. Whatever the events, that must give the pixels a
/// fresh paint of the whole window gives: a rectangle reported short leaves old pixels behind
/// (issue #13: a one-pixel line of a closed suggestion list's shadow).
@Suite struct RepaintTests {
    static let form = #"""
    {"title": "Repaint", "size": {"width": 360, "height": 300},
     "fields": [{"id": "tags", "type": "tokens", "label": "_Tags", "options": ["Swift", "SwiftUI", "X11"]},
                {"id": "years", "type": "picker", "label": "_Years", "options": ["0", "1", "2", "3"]},
                {"id": "name", "type": "text", "label": "_Name"}]}
    """#

    /// A session painted the window's way into an image.
    final class Screen {
        let session: FormSession
        let surface: CairoSurface
        let renderer: CairoRenderer
        let window: Rect

        init(_ session: FormSession) {
            self.session = session
            window = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
            surface = CairoSurface.image(width: Int(window.width), height: Int(window.height))
            renderer = CairoRenderer()
            _ = session.takeUpdate().repaints
            renderer.render(session.displayList(in: window), in: CairoContext(surface), clip: window)
        }

        /// Runs an event and paints what it made dirty.
        func handle(_ event: InputEvent) {
            session.handle(event)
            let context = CairoContext(surface)
            for rect in session.takeUpdate().repaints { renderer.render(session.displayList(in: rect), in: context, clip: rect) }
        }

        /// The whole window painted afresh.
        func freshPaint() -> CairoSurface {
            let fresh = CairoSurface.image(width: Int(window.width), height: Int(window.height))
            CairoRenderer().render(session.displayList(in: window), in: CairoContext(fresh), clip: window)
            return fresh
        }
    }

    static func keys(_ text: String) -> [InputEvent] { text.map { .keyPress(KeyPress(typing: $0)) } }
    static func key(_ key: Key) -> InputEvent { .keyPress(KeyPress(key: key)) }

    @Test(arguments: [
        ("a suggestion chosen with Return", keys("sw") + [key(.returnKey)]),
        // The whole window is repainted while the list shows (here by a resize), shadow and all.
        ("a suggestion chosen with Return after a whole repaint", keys("sw") + [.resize(Size(width: 360, height: 300)), key(.returnKey)]),
        ("the suggestions closed with Escape", keys("sw") + [key(.escape)]),
        ("the suggestions narrowed, then gone", keys("swiftu") + keys("z")),
        ("a suggestion chosen with the pointer", keys("x") + [.pointerPress(.primary, at: Point(x: 100, y: 125), modifiers: [], clickCount: 1)]),
        ("a picker opened and an option chosen", [key(.tab), key(.space), key(.down), key(.returnKey)]),
        // Labels are listed only where a repaint meets them: these repaint them, those after do not.
        ("the labels' mnemonics shown and hidden by Alt", [key(.altL), .keyRelease(KeyPress(key: .altL, modifiers: .alt))]),
        ("letters typed under a label", [key(.tab), key(.tab)] + keys("Ada")),
        ("tokens made until the field grows a row, then removed", ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
            .flatMap { keys($0) + [key(.returnKey)] } + [key(.backSpace), key(.backSpace), key(.backSpace)]),
    ])
    func repaintingWhatIsDirtyGivesTheWholePaintsPixels(_ name: String, _ events: [InputEvent]) throws {
        let screen = Screen(FormSession(form: try FormFile.parse(Self.form, fileName: "repaint.json"), measurer: PangoTextMeasurer()))
        screen.session.caretBlinks = false
        for event in events { screen.handle(event) }
        #expect(ClipRenderingTests.difference(screen.surface, screen.freshPaint(), in: screen.window) == nil, "after \(name)")
    }
}
