import KeyformCairo
import KeyformCore
import Testing

/// Left and Right follow the screen in bidirectional text, as in GTK (Pango's visual motion).
@Suite struct VisualMotionTests {
    let measurer = PangoTextMeasurer()
    let font = Font(size: 14)

    /// From `start`, one press at a time, until the caret leaves the line.
    func walk(_ text: String, from start: Int, rightwards: Bool) -> [Int] {
        var offsets = [start]
        while offsets.count <= text.count + 1,
              case .offset(let next) = measurer.visualNeighbour(text, font: font, of: offsets.last!, rightwards: rightwards) {
            offsets.append(next)
        }
        return offsets
    }

    @Test func latinTextMovesLogically() {
        #expect(walk("abc", from: 0, rightwards: true) == [0, 1, 2, 3])
        #expect(walk("abc", from: 3, rightwards: false) == [3, 2, 1, 0])
    }

    @Test func hebrewInsideEnglishIsCrossedInScreenOrder() {
        // "ab אבג cd": the Hebrew word reads right to left, so moving right through it visits its
        // letters from its last to its first.
        let text = "ab אבג cd"
        let rightwards = walk(text, from: 0, rightwards: true)
        #expect(rightwards.first == 0 && rightwards.last == text.count)
        #expect(rightwards != Array(0...text.count), "visual motion equals logical motion: \(rightwards)")
        // Every position is reached once, whichever way it is walked.
        #expect(Set(rightwards).count == rightwards.count)
        #expect(Set(walk(text, from: text.count, rightwards: false)) == Set(rightwards))
    }

    /// Off either end the step says which logical end it left by, for the caret to go on to the
    /// line before or after: in Hebrew the start is on the right.
    @Test(arguments: [
        ("abc", 0, false, VisualStep.pastStart), ("abc", 3, true, .pastEnd),
        ("אבג", 0, true, .pastStart), ("אבג", 3, false, .pastEnd), ("abc", 0, true, .offset(1)),
    ])
    func steppingOffTheLineSaysWhichEnd(_ text: String, _ offset: Int, _ rightwards: Bool, _ step: VisualStep) {
        #expect(measurer.visualNeighbour(text, font: font, of: offset, rightwards: rightwards) == step)
    }

    @Test func aHebrewLineStartsOnTheRight() {
        // In a right-to-left line, Left moves forward through the text.
        #expect(walk("אבג", from: 0, rightwards: false) == [0, 1, 2, 3])
    }
}
