import KeyformCore
import Testing

/// Found by ReliabilityTests (a window resized to 1×1 with `xdotool windowsize`): below the
/// padding's width every control had zero width, so focus was dropped and the keys typed next
/// went nowhere. A window smaller than its minimum size now clips the form instead.
@Suite("A window smaller than its minimum size") struct TinyWindowTests {
    @Test(arguments: ["1x1", "2x2", "40x30", "239x10"])
    func keepsFocusAndTakesKeys(size: String) throws {
        let form = try makeForm(textFields(["a", "b"]))
        let reports = try replay(form, ["type:Ada", "resize:\(size)", "type:Bob", "Tab", "type:x", "resize:400x300", "shift+Tab"])
        #expect(reports[2]["focus"] == .string("a") && reports[2]["text"] == .string("AdaBob"), "\(reports[2])")
        #expect(reports[4]["focus"] == .string("b") && reports[4]["text"] == .string("x"), "\(reports[4])")
        #expect(reports[6]["focus"] == .string("a"))
    }
}
