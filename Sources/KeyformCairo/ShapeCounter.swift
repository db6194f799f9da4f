/// Counts the texts handed to Pango to lay out (and so to shape), text by text: for tests that a
/// key shapes its new text once between measuring and drawing. Off (nil) unless a test sets one.
final class ShapeCounter {
    private(set) var counts: [String: Int] = [:]
    /// Of those, the texts given to a `PangoLayout` (plain text is shaped without one).
    private(set) var laidOut: [String: Int] = [:]

    func count(_ text: String) { counts[text, default: 0] += 1 }
    func countLaidOut(_ text: String) { laidOut[text, default: 0] += 1 }
    func reset() { (counts, laidOut) = ([:], [:]) }
}
