/// A label, a `--text`, a section's title or the form's title, broken into the lines it is drawn
/// on at one width: a newline starts a line, and the rest breaks where Pango breaks a text area's
/// lines (`TextMeasuring.lineStarts`, through `WrappedText`).
///
/// As in GTK's labels, the lines stand on the form's starting edge in a block as wide as the
/// widest of them, and inside it each paragraph starts at its own side (the direction of its
/// first strong letter, as in a text area): a Hebrew paragraph in a left-to-right form reads
/// from the block's right edge, a short English line in a right-to-left form sits at the right.
///
/// It costs what can be shown, not what the label holds: only the first `shownGraphemes`
/// graphemes are kept, with "…" after them when there is more (`prefix` walks no further into
/// a 1 MB label, so it is measured, wrapped and kept as a label of that length is); and a width
/// at least as wide as one that broke no line needs no measuring at all, so widening the window
/// of a form of 10,000 short labels costs no text measuring.
struct WrappedLabel {
    /// The most of a label that is wrapped and drawn: a few hundred lines at a form's width.
    static let shownGraphemes = 16_384

    let lines: WrappedText
    /// The mnemonic letter, as an offset into the shown text (nil: none, or cut off).
    let mnemonic: Int?
    /// The width the lines were broken at.
    let measuredWidth: Double
    /// Whether a line was broken for want of width (not only at newlines).
    private let brokeForWidth: Bool
    /// The form's direction.
    let direction: Direction
    /// The widest line, when a paragraph reads against the form's direction (nil: none does,
    /// and every line starts at the form's starting edge).
    let blockWidth: Double?

    /// - Parameter mnemonic: whether a `_` in `label` marks a mnemonic letter (and is not shown).
    init(label: String, mnemonic: Bool, direction: Direction, font: Font, width: Double, measurer: any TextMeasuring) {
        // A label of no more bytes than that has no more graphemes: no walk through it.
        let start = label.utf8.count <= Self.shownGraphemes ? label[...] : label.prefix(Self.shownGraphemes)
        let parsed = mnemonic ? Mnemonic(label: String(start)) : nil
        let shown = parsed?.text ?? String(start)
        self.init(text: start.endIndex < label.endIndex ? shown + "…" : shown, mnemonic: parsed?.offset,
                  direction: direction, font: font, width: width, measurer: measurer)
    }

    private init(text: String, mnemonic: Int?, direction: Direction, font: Font, width: Double, measurer: any TextMeasuring) {
        lines = WrappedText(text: text, width: width) { paragraph in
            measurer.lineStarts(String(paragraph), font: font, width: width)
        }
        self.mnemonic = mnemonic
        self.direction = direction
        measuredWidth = width
        brokeForWidth = lines.lines.contains(where: \.wraps)
        blockWidth = lines.lines.contains { ($0.direction ?? direction) != direction }
            ? lines.lines.indices.map { [lines] in measurer.width(String(Self.drawnText(lines, $0)), font: font) }.max() : nil
    }

    /// Whether these lines are the label's at `width`: the width they were broken at, or a wider
    /// one when no line was broken for want of width.
    func holds(at width: Double) -> Bool {
        width == measuredWidth || (width > measuredWidth && !brokeForWidth)
    }

    /// The label at `width`: these lines if they hold there, else broken again.
    func at(width: Double, font: Font, measurer: any TextMeasuring) -> WrappedLabel {
        if holds(at: width) { return self }
        return WrappedLabel(text: lines.text, mnemonic: mnemonic, direction: direction, font: font, width: width, measurer: measurer)
    }

    /// The text of a line as drawn: a line broken for width without the spaces it ends in.
    func text(of line: Int) -> Substring { Self.drawnText(lines, line) }

    private static func drawnText(_ lines: WrappedText, _ line: Int) -> Substring {
        var text = lines.text(of: line)
        if lines.lines[line].wraps { while text.last?.isBlank == true { text = text.dropLast() } }
        return text
    }

    /// The side a line starts at: its paragraph's, or the form's for a paragraph with no letters.
    func direction(of line: Int) -> Direction { lines.lines[line].direction ?? direction }
}
