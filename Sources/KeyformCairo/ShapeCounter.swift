/// Counts the texts handed to Pango to lay out (and so to shape), text by text: for tests that a
/// key shapes its new text once between measuring and drawing. Off (nil) unless a test sets one.
final class ShapeCounter {
    private(set) var counts: [String: Int] = [:]

    func count(_ text: String) { counts[text, default: 0] += 1 }
    func reset() { counts = [:] }
}
