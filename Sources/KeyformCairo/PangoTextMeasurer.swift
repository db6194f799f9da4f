import CPango
import KeyformCore

/// Measures text as `CairoRenderer` draws it (the same `TextLayout` setup), on a 1×1 image
/// surface of its own, so it works with no display (replay, render, tests).
public final class PangoTextMeasurer: TextMeasuring {
    private let surface = CairoSurface.image(width: 1, height: 1)
    private let context: CairoContext
    private(set) var layout: TextLayout
    /// A form has a handful of fonts, and a typed letter asks for the body's height a dozen times:
    /// a short search, where each dictionary lookup ran the seeded hasher over the font.
    private var lineHeights: [(font: Font, height: Double)] = []
    /// The core asks for the same labels on every layout pass. By font, searched as
    /// `lineHeights` is: a dictionary ran the seeded hasher over the font at every lookup.
    private(set) var offsets: [(font: Font, memo: RecentValues<String, [Double]>)] = []
    /// The advance of single letters by font, for telling that a short text fits without laying
    /// it out.
    var advances: [Font: LetterAdvances] = [:]
    /// The layouts of measured text, shared with the renderer that draws it (see `TextLayouts`).
    let layouts: TextLayouts
    /// Counts every text this measurer and its layouts set, when a test asks.
    var shapeCounter: ShapeCounter? {
        didSet { layout.counter = shapeCounter; layouts.counter = shapeCounter }
    }

    /// The face text is measured in: the shared layouts' (`TextLayouts.typeface`).
    public var typeface: Typeface { layouts.typeface }

    /// Measures with `layouts`, the object it shares with the renderer that draws what it measured.
    public init(layouts: TextLayouts) {
        self.layouts = layouts
        layout = TextLayout(typeface: layouts.typeface)
        context = CairoContext(surface)
        follow()
        layouts.typefaceChanged = { [weak self] in self?.forgetMeasures() }
    }

    /// A measurer whose layouts no renderer shares (replay, tests, benchmarks).
    public convenience init(typeface: Typeface = .standard) {
        self.init(layouts: TextLayouts(typeface: typeface))
    }

    /// The face changed: every measure was made in the old one.
    private func forgetMeasures() {
        layout = TextLayout(typeface: layouts.typeface)
        layout.counter = shapeCounter
        follow()
        lineHeights = []
        offsets = []
        advances = [:]
    }

    /// Gives both the measuring layout and the shared layouts our surface's font options under
    /// the typeface's, so they load each font once, for one set of options: fonts are loaded per
    /// set, and fontconfig's sorting of the fonts for each (size, weight) is most of start-up's
    /// text work. A window's surface with the same options (no X resources say otherwise) then
    /// loads nothing again either.
    private func follow() {
        layout.update(for: context)
        layouts.follow(context)
    }

    /// The x of the strong cursor at every Character boundary, in logical order: for
    /// right-to-left text the values decrease. Cost: one Pango layout per new text, then a lookup.
    public func caretOffsets(_ text: String, font: Font) -> [Double] {
        let memo: Int
        if let known = offsets.firstIndex(where: { $0.font == font }) {
            memo = known
        } else {
            offsets.append((font, RecentValues(texts: 256)))
            memo = offsets.count - 1
        }
        return offsets[memo].memo.value(for: text) {
            layouts.layout(text, font: font).caretOffsets().map { Double($0) / Double(PANGO_SCALE) }
        }
    }

    /// One grapheme to the left or right on screen, by Pango's visual cursor motion, which also
    /// says when the step leaves the line past its start or end. Cost: a lookup for a line
    /// measured or drawn lately (before, every press shaped the line again).
    public func visualNeighbour(_ text: String, font: Font, of offset: Int, rightwards: Bool) -> VisualStep {
        let boundaries = TextLayout.byteOffsets(text)
        guard boundaries.indices.contains(offset) else { return .offset(max(0, min(text.count, offset))) }
        // The line's layout as measured for its caret offsets and drawn: Left and Right in a
        // field shape nothing new.
        let (index, trailing) = layouts.layout(text, font: font).visualNeighbour(ofByte: boundaries[offset], rightwards: rightwards)
        if index < 0 { return .pastStart }
        if index == Int32.max { return .pastEnd }
        // `trailing` counts graphemes past `index`; find the boundary at or after the byte index.
        let atIndex = boundaries.firstIndex { $0 >= Int(index) } ?? text.count
        return .offset(min(text.count, atIndex + Int(trailing)))
    }

    /// The height of `markup` wrapped at `width`, as the renderer draws it (`MarkupLayout`).
    public func markupHeight(_ markup: String, text: String, font: Font, width: Double, marksMnemonic: Bool) -> Double {
        layouts.markupLayout(MarkupKey(markup: markup, font: font, width: width, marksMnemonic: marksMnemonic, underlinesMnemonic: false)).height
    }

    /// The logical height of one line of `font`: the font's ascent and descent, as a line of
    /// text in it measures them. Not measured on a line with no text: Pango gives that the
    /// height from the font's metrics (the same), which it works out by laying out a sample
    /// sentence.
    public func lineHeight(_ font: Font) -> Double {
        if let known = lineHeights.first(where: { $0.font == font }) { return known.height }
        let height = Double(layouts.layout("x", font: font).boxes.logical.height) / Double(PANGO_SCALE)
        lineHeights.append((font, height))
        return height
    }
}
