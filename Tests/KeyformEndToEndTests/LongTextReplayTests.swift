import Foundation
import Testing

/// Long labels, `--text`, titles and picker options, and where sections stand in the reading
/// order, through the real binary with no display.
@Suite("Long text and sections through keyform replay") struct LongTextReplayTests {
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
}
