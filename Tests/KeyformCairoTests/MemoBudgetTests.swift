@testable import KeyformCairo
import KeyformCore
import Testing

/// A long line typed into is a new text at every key: the memos of caret offsets, layouts and
/// run extents keep 32 KB of its versions at most, where they kept 256 and 32 of them (typing
/// 1,000 letters into one line held 6.5 MB).
@Suite("Memos of text stay within their budget") struct MemoBudgetTests {
    @Test func typingALongLineKeepsFewOfItsVersions() throws {
        let form = try FormFile.parse(#"{"title": "t", "size": {"width": 400, "height": 200}, "fields": [{"id": "a", "type": "text"}]}"#,
                                      fileName: "budget.json")
        let measurer = PangoTextMeasurer()
        let session = FormSession(form: form, measurer: measurer)
        let window = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
        let surface = CairoSurface.image(width: Int(window.width), height: Int(window.height))
        let renderer = CairoRenderer(layouts: measurer.layouts)
        var typed = ""
        for number in 0..<600 {
            let letter = String(UnicodeScalar(UInt8(0x61 + number * 7 % 26)))
            typed += letter
            session.handle(.keyPress(KeyPress(key: Key(0x61), text: letter)))
            let context = CairoContext(surface)
            for rect in session.takeUpdate().repaints { renderer.render(session.displayList(in: rect), in: context, clip: rect) }
        }
        #expect(session.values["a"] == .string(typed))
        let budget = 32 << 10
        #expect(measurer.offsets.allSatisfy { $0.memo.weight <= budget })
        #expect(measurer.offsets.contains { $0.memo.weight > budget / 2 })  // the line was measured at all
        #expect(measurer.layouts.layouts.weight <= budget)
        #expect(renderer.runExtents.weight <= budget)
        #expect(renderer.runExtents.weight > budget / 2)
    }
}
