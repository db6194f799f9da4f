import CCairo
import Foundation
import KeyformCairo
import KeyformCore
import Testing

/// Long labels, `--text` and picker options, and where sections stand in the reading order,
/// through the real binary with no display.
@Suite("Long text and sections through keyform replay and render") struct LongTextReplayTests {
    @Test func aSectionWithoutAFrameTakesItsPlaceFromItsFramedFields() throws {
        let form = """
            {"size": {"width": 400, "height": 600}, "fields": [
             {"id": "a", "type": "text", "label": "A"},
             {"id": "s", "type": "section", "fields": [
               {"id": "x", "type": "text", "label": "X", "frame": {"x": 20, "y": 450, "width": 200, "height": 32}}]},
             {"id": "b", "type": "text", "label": "B"}]}
            """
        let run = try keyform(["replay", "--form", "-", "Tab", "Tab", "Tab", "shift+Tab"], stdin: form)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines.map { $0["focus"] as? String } == ["b", "x", "a", "x"])
    }

    /// The fields of a 320 px window run from x 20 to 292 (20 px of padding, 8 for the scroll bar).
    @Test(arguments: [[String](), ["--rtl"]])
    func aLongTextWrapsInsideTheFormAndANewlineBreaksIt(flags: [String]) throws {
        let text = "This form explains itself with a long paragraph of text that wraps at the width of the form.\nA newline starts a new line."
        let image = try render(["--title", "New user", "--text", text, "--field", "Name", "--size", "320x360"] + flags)
        #expect(image.darkPixels(x: 0..<19, y: 40..<130) == 0)
        #expect(image.darkPixels(x: 293..<320, y: 40..<130) == 0)
        // Between the title and the field's label: the paragraph's three lines and the line after the newline.
        let lines = image.inkedBands(x: 20..<292, y: 48..<124)
        #expect(lines.count == 4, "lines of ink at \(lines)")
    }

    /// Nothing is drawn between the end of the text, cut short with "…", and the arrow at x 272
    /// (28 right to left), nor past the arrow.
    @Test(arguments: [("ltr", [268..<271, 282..<289]), ("rtl", [23..<27, 37..<43])])
    func aClosedPickerCutsItsChoiceShortOfTheArrow(direction: String, clear: [Range<Int>]) throws {
        let form = """
            {"direction": "\(direction)", "size": {"width": 320, "height": 200}, "fields": [{"id": "p", "type": "picker",
              "options": ["An option that is far too long to fit in the closed picker at all"]}]}
            """
        let image = try render(["--form", "-"], stdin: form)
        for columns in clear { #expect(image.darkPixels(x: columns, y: 50..<82) == 0, "at x \(columns)") }
        #expect(image.darkPixels(x: 20..<292, y: 50..<82) > 0)
    }

    func render(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Image {
        let png = try temporaryDirectory().appendingPathComponent("out.png").path
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: png).deletingLastPathComponent().path) }
        let run = try keyform(["render", "--png", png] + arguments, stdin: stdin)
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        return try Image(png: png)
    }

    struct ImageError: Error { var path: String }

    /// A PNG read back, and where it has ink.
    struct Image {
        let surface: CairoSurface

        init(png path: String) throws {
            surface = CairoSurface(owning: cairo_image_surface_create_from_png(path))
            guard cairo_surface_status(surface.pointer) == CAIRO_STATUS_SUCCESS else { throw ImageError(path: path) }
        }

        func isDark(x: Int, y: Int) -> Bool {
            surface.rgb(x: x, y: y).map { Int($0.red) + Int($0.green) + Int($0.blue) < 3 * 96 } ?? false
        }

        func darkPixels(x: Range<Int>, y: Range<Int>) -> Int {
            y.reduce(0) { count, row in count + x.count { isDark(x: $0, y: row) } }
        }

        /// The runs of rows that have ink in `x`: one per line of text.
        func inkedBands(x: Range<Int>, y: Range<Int>) -> [Range<Int>] {
            var bands: [Range<Int>] = [], start: Int?
            for row in y {
                let inked = x.contains { isDark(x: $0, y: row) }
                if inked, start == nil { start = row }
                if !inked, let first = start { bands.append(first..<row); start = nil }
            }
            if let first = start { bands.append(first..<y.upperBound) }
            return bands
        }
    }
}
