import KeyformCore
import Testing

/// Popups in windows of their own (`FormSession.popupScreen`): placed on the monitor, not cut
/// off by a short window; the host told of each opening, change, move and close in the batch's
/// `SessionUpdate.popup`; the window's own pixels left without them. And with no popup screen
/// (replay, render), placed inside the window as before.
@Suite("Popups placed on the screen") struct PopupScreenTests {
    /// A short window: a date field at its bottom, a picker and a token field above it.
    static let form = #"""
    {"title": "t", "size": {"width": 300, "height": 150}, "fields": [
      {"id": "p", "type": "picker", "label": "P", "options": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]},
      {"id": "d", "type": "date", "label": "D", "value": "2026-11-29"}
    ]}
    """#

    func runner(screen: Rect?) throws -> ReplayRunner {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        session.popupScreen = screen
        return ReplayRunner(session: session, keys: TestKeys())
    }

    func run(_ events: [String], screen: Rect?) throws -> ReplayRunner {
        var runner = try runner(screen: screen)
        for line in events { _ = try runner.run(try ReplayEvent(parsing: line)) }
        return runner
    }

    func popupFrame(_ runner: ReplayRunner) throws -> Rect {
        guard case .shown(let frame, _) = try #require(runner.lastUpdate.popup) else { throw Unexpected.closed }
        return frame
    }

    enum Unexpected: Error { case closed }

    struct Placement: Sendable, CustomTestStringConvertible {
        /// The monitor in window coordinates: where the window's top left corner is on it, negated.
        let screen: Rect
        let events: [String]
        /// What must hold of the popup's frame and the date field's (window coordinates).
        let below: Bool
        let testDescription: String
    }

    static let placements = [
        Placement(screen: Rect(x: -100, y: -100, width: 800, height: 600), events: ["focus:d", "alt+Down"], below: true,
                  testDescription: "the calendar below its field, past the window's bottom"),
        Placement(screen: Rect(x: -100, y: -400, width: 800, height: 600), events: ["focus:d", "alt+Down"], below: false,
                  testDescription: "above it when the window is at the bottom of the screen"),
        Placement(screen: Rect(x: -600, y: -100, width: 800, height: 600), events: ["focus:d", "alt+Down"], below: true,
                  testDescription: "moved left when the window reaches past the screen's right edge"),
        Placement(screen: Rect(x: -100, y: -100, width: 800, height: 600), events: ["focus:p", "space"], below: true,
                  testDescription: "a picker's list, all its rows, past the window's bottom"),
    ]

    @Test(arguments: placements)
    func placedOnTheScreenNextToItsField(_ test: Placement) throws {
        let runner = try run(test.events, screen: test.screen)
        let frame = try popupFrame(runner)
        let field = try #require(runner.session.controlFrame(of: runner.session.focusedID ?? ""))
        #expect(test.screen.intersection(frame) == frame, "\(frame) is on the screen \(test.screen)")
        #expect(test.below ? frame.minY >= field.maxY : frame.maxY <= field.minY, "\(frame) next to \(field)")
        let window = Rect(x: 0, y: 0, width: runner.session.viewport.width, height: runner.session.viewport.height)
        #expect(window.intersection(frame) != frame, "\(frame) reaches past the window, which would have cut it")
    }

    @Test func withNoScreenThePopupStaysInsideTheWindow() throws {
        let runner = try run(["focus:p", "space"], screen: nil)
        let frame = try popupFrame(runner)
        #expect(frame.maxY <= runner.session.viewport.height)
        #expect(frame.height < 10 * Theme.pickerRowHeight, "the list has only the rows the window has room for")
    }

    /// Each batch says what became of the popup: nil when nothing did. The form is taller than
    /// its window, so the wheel scrolls the field, and the calendar with it.
    @Test func theUpdateTellsOfOpeningChangingMovingAndClosing() throws {
        var runner = try runner(screen: Rect(x: -100, y: -100, width: 800, height: 600))
        var changes: [String] = [], tops: [Double] = []
        for line in ["focus:d", "alt+Down", "Right", "ctrl+a", "wheel:40", "Escape", "Tab"] {
            _ = try runner.run(try ReplayEvent(parsing: line))
            let field = try #require(runner.session.controlFrame(of: "d"))
            switch runner.lastUpdate.popup {
            case nil: changes.append("-")
            case .closed: changes.append("closed")
            case .shown(let frame, let kind):
                changes.append(frame.minY == field.maxY + 2 ? "\(kind) under its field" : "\(kind) at \(frame)")
                tops.append(frame.minY)
            }
        }
        // ctrl+a selects the field's text and leaves the calendar as it was.
        #expect(changes == ["-", "calendar under its field", "calendar under its field", "-", "calendar under its field", "closed", "-"])
        #expect(tops.count == 3 && tops[2] < tops[1], "the wheel moved it up with its field: \(tops)")
    }

    /// Focus going to another window closes the popup, as GTK's do: its window would float
    /// over the one the person went to. Coming back opens nothing.
    @Test(arguments: [["focus:d", "alt+Down"], ["focus:p", "space"]])
    func leavingTheWindowClosesThePopup(opening: [String]) throws {
        var runner = try run(opening, screen: Rect(x: -100, y: -100, width: 800, height: 600))
        _ = try runner.run(try ReplayEvent(parsing: "deactivate"))
        #expect(runner.lastUpdate.popup == .closed)
        _ = try runner.run(try ReplayEvent(parsing: "activate"))
        #expect(runner.lastUpdate.popup == nil)
        #expect(runner.report(event: "", handled: true)["overlay"] == .null)
    }

    /// The window moving moves the popup: the host sets a new screen, the next update has the new frame.
    @Test func aNewScreenPlacesAnOpenPopupAgain() throws {
        var runner = try run(["focus:d", "alt+Down"], screen: Rect(x: -100, y: -100, width: 800, height: 600))
        let before = try popupFrame(runner)
        runner.session.popupScreen = Rect(x: -100, y: -400, width: 800, height: 600)
        _ = try runner.run(try ReplayEvent(parsing: "wait:1"))
        let after = try popupFrame(runner)
        #expect(after.maxY < before.minY, "now above the field: \(after), was \(before)")
    }

    /// In a window of its own the popup is no part of the window's display list, and opening it
    /// repaints only its field there; `popupDisplayList(in:)` draws it.
    @Test func aPopupInItsOwnWindowLeavesTheFormsPixels() throws {
        let screen = Rect(x: -100, y: -100, width: 800, height: 600)
        for (screen, inWindow) in [(screen, false), (nil, true)] as [(Rect?, Bool)] {
            let runner = try run(["focus:p", "space"], screen: screen)
            let session = runner.session
            let window = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
            let frame = try popupFrame(runner)
            let drawn = texts(session.displayList(in: window))
            #expect(drawn.contains("c") == inWindow, "\(drawn)")
            #expect(texts(session.popupDisplayList(in: frame)).contains("c"))
            let field = try #require(session.controlFrame(of: "p"))
            #expect(runner.lastUpdate.repaints.allSatisfy { $0.maxY <= field.maxY + 4 } != inWindow, "\(runner.lastUpdate.repaints)")
        }
    }

    func texts(_ list: DisplayList) -> [String] {
        list.items.compactMap { item -> String? in if case .text(let run) = item { return run.text } else { return nil } }
    }
}
