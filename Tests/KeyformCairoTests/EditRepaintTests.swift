@testable import KeyformCairo
import KeyformCore
import Testing

/// An edit of a one-line field repaints only the span of the line whose pixels it changed
/// (`TextEditingControl+Repaint`), and the renderer draws only the glyphs that reach a repaint
/// (`PlainRun.draw`): issue #22's fresh letters, where every key redrew the whole line. Painted
/// the window's way, every step must still give the pixels of a fresh paint.
@Suite("What an edit repaints") struct EditRepaintTests {
    static func form(_ field: String, direction: String = "ltr") -> String {
        #"{"title": "Edit", "direction": "\#(direction)", "size": {"width": 360, "height": 160}, "fields": [\#(field)]}"#
    }

    static let text = #"{"id": "a", "type": "text", "label": "_Name"}"#
    static func keys(_ text: String) -> [InputEvent] { text.map { .keyPress(KeyPress(typing: $0)) } }
    static func key(_ key: Key, _ modifiers: Modifiers = [], times: Int = 1) -> [InputEvent] {
        Array(repeating: .keyPress(KeyPress(key: key, modifiers: modifiers)), count: times)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let form: String
        let events: [InputEvent]
        init(_ name: String, _ form: String, _ events: [InputEvent]) { (self.name, self.form, self.events) = (name, form, events) }
        var testDescription: String { name }
    }

    static let cases = [
        Case("letters typed at the end", form(text), keys("Pack my box with five dozen liquor jugs.")),
        // Ligatures and kerning change or move the glyph before the one typed.
        Case("ligatures and kerning", form(text), keys("office flaw AVAWAV Ta To fi fl ffi")),
        Case("letters typed and deleted in the middle", form(text),
             keys("abcdefgh") + key(.left, times: 4) + keys("XYZ") + key(.backSpace, times: 2) + key(.delete, times: 2)),
        Case("a line longer than the field, scrolled", form(text),
             keys(String(repeating: "The quick brown fox jumps. ", count: 3)) + key(.backSpace, times: 30) + keys("end")),
        Case("a right-to-left form, its text aligned right", form(text, direction: "rtl"), keys("Ada Lovelace") + key(.backSpace, times: 3)),
        Case("a placeholder left and come back", form(#"{"id": "a", "type": "text", "placeholder": "Ada Lovelace"}"#),
             keys("Grace") + key(.backSpace, times: 5) + keys("G")),
        Case("a selection typed over", form(text), keys("Hopper") + key(.left, .shift, times: 3) + keys("e")),
        Case("a password", form(#"{"id": "a", "type": "password"}"#), keys("secret") + key(.backSpace)),
        Case("a date typed", form(#"{"id": "a", "type": "date"}"#), keys("2026-11-28") + key(.backSpace, times: 2)),
        Case("text beyond plain ASCII", form(text), keys("naïve café Ünïcödé") + key(.backSpace, times: 4)),
        Case("a message under the field", form(#"{"id": "a", "type": "email", "value": "x"}"#),
             [.keyPress(KeyPress(key: .returnKey, modifiers: .control))] + keys("@example.org") + key(.backSpace, times: 4)),
    ]

    @Test(arguments: cases) func everyEditLeavesTheWholePaintsPixels(_ test: Case) throws {
        let screen = RepaintTests.Screen(FormSession(form: try FormFile.parse(test.form, fileName: "edit.json"), measurer: PangoTextMeasurer()))
        screen.session.caretBlinks = false
        for (step, event) in test.events.enumerated() {
            screen.handle(event)
            let fresh = screen.freshPaint()
            let difference = ClipRenderingTests.difference(screen.surface, fresh, in: screen.window)
            #expect(difference == nil, "after event \(step + 1) of \(test.events.count)")
            if difference != nil {
                try? screen.surface.writePNG(to: "/tmp/edit-repaint-painted.png")
                try? fresh.writePNG(to: "/tmp/edit-repaint-fresh.png")
                return
            }
        }
    }

    /// A letter typed at the end of a line repaints the letter and the caret, a few letters
    /// wide, whatever the line's length: not the inside of the field.
    @Test func aLetterAtTheEndRepaintsItsOwnSpan() throws {
        let session = FormSession(form: try FormFile.parse(Self.form(Self.text), fileName: "edit.json"), measurer: PangoTextMeasurer())
        let lineHeight = session.measurer.lineHeight(Theme.bodyFont)
        for event in Self.keys("Pack my box with five") { session.handle(event) }
        _ = session.takeDirtyRects()
        session.handle(Self.keys("x")[0])
        let dirty = session.takeDirtyRects()
        let inside = try #require(session.controlFrame(of: "a"))
        #expect(!dirty.isEmpty)
        for rect in dirty {
            #expect(rect.width <= 3 * lineHeight, "\(rect) in the field \(inside)")
        }
    }

    /// The span two lines of plain text differ in, from the glyphs Pango shapes them into: the
    /// ink of the glyphs that differ, and what the caller asks to cover, ending between glyphs.
    @Test func theChangedSpanOfTwoLines() throws {
        let measurer = PangoTextMeasurer()
        let font = Theme.bodyFont
        let width = { measurer.width($0, font: font) }
        func span(_ old: String, _ oldX: Double, _ new: String, _ newX: Double, covering: Range<Double> = 0..<0) -> Range<Double>? {
            measurer.changedSpan(from: old, at: oldX, to: new, at: newX, font: font, covering: covering)
        }
        #expect(span("Ada", 10, "Ada", 10) == 0..<0)
        #expect(span("Ada", 10, "Ada ", 10) == 0..<0, "a space draws nothing")
        let appended = try #require(span("Ada", 10, "Adam", 10))
        #expect(appended.lowerBound >= 10 + width("Ada") - 2 && appended.upperBound <= 10 + width("Adam") + 2)
        #expect(appended.upperBound > 10 + width("Adam") - 2)
        // Moved: all of both lines.
        let moved = try #require(span("Ada", 10, "Ada", 14))
        #expect(moved.lowerBound <= 11 && moved.upperBound >= 14 + width("Ada") - 1)
        // Kept in place at the right, as a right-aligned line is: only the new first word.
        let prepended = try #require(span("da", 100 - width("da"), "A da", 100 - width("A da")))
        #expect(prepended.lowerBound < 100 - width("A da") + 2 && prepended.upperBound < 100 - width("da") + 1)
        // Asked to cover a caret inside a letter: widened to the letter's ink, not cut through it.
        let caret = try #require(span("Ada", 10, "Ada", 10, covering: 12..<13))
        #expect(caret.lowerBound < 12 && caret.upperBound > 13)
        #expect(span("café", 0, "cafés", 0) == nil)
    }
}
