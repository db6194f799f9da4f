/// What the core wants drawn: a flat list of items that one renderer switches over.
public struct DisplayList: Sendable {
    public var items: [DisplayItem] = []
    public init() {}
    public mutating func append(_ item: DisplayItem) { items.append(item) }
}

public enum DisplayItem: Equatable, Sendable {
    case fill(Rect, Color, radius: Double)
    case stroke(Rect, Color, lineWidth: Double, radius: Double)
    case line(from: Point, to: Point, Color, lineWidth: Double)
    case text(TextRun)
    /// Pango markup, wrapped at its width (zenity's and yad's texts).
    case markup(MarkupRun)
    /// Clip what follows to the rectangle until the matching `popClip`.
    case pushClip(Rect)
    case popClip
}

/// A single line of text whose top-left corner is at `origin`.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var origin: Point
    public var font: Font
    public var color: Color
    /// Character offsets to underline (the mnemonic letter, a preedit).
    public var underline: Range<Int>?

    public init(text: String, origin: Point, font: Font, color: Color, underline: Range<Int>? = nil) {
        self.text = text; self.origin = origin; self.font = font; self.color = color; self.underline = underline
    }
}

/// A text of Pango markup (`<b>Bold</b> &lt;x&gt;`) in the lines Pango wraps it into at
/// `frame`'s width, its top-left corner at the frame's: drawn in `font` and `color` where the
/// markup sets no other.
public struct MarkupRun: Equatable, Sendable {
    public var markup: String
    /// Where it is drawn: its width the wrapping width, its height the lines' (for clipping).
    public var frame: Rect
    public var font: Font
    public var color: Color
    /// Whether a `_` in the markup marks the mnemonic letter (and is not shown), and whether
    /// that letter is underlined now, while Alt is held, as in GTK's mnemonic labels.
    public var marksMnemonic: Bool
    public var underlinesMnemonic: Bool
    /// Each line centred in the frame's width (a button's label), else from its reading side.
    public var centered: Bool

    public init(markup: String, frame: Rect, font: Font, color: Color, marksMnemonic: Bool = false, underlinesMnemonic: Bool = false,
                centered: Bool = false) {
        self.markup = markup; self.frame = frame; self.font = font; self.color = color
        self.marksMnemonic = marksMnemonic; self.underlinesMnemonic = underlinesMnemonic; self.centered = centered
    }
}

public struct Font: Hashable, Sendable {
    public var size: Double
    public var bold: Bool
    public init(size: Double, bold: Bool = false) { self.size = size; self.bold = bold }
}

public struct Color: Equatable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
                  blue: Double(hex & 0xff) / 255, alpha: alpha)
    }

    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// Text measuring comes in from the platform (Pango in the window and in replay, a fixed-width
/// stand-in in tests), so the core lays out and hit-tests text without importing C.
public protocol TextMeasuring {
    /// The x offset of every grapheme boundary of `text`: `text.count + 1` values, starting at 0.
    func caretOffsets(_ text: String, font: Font) -> [Double]
    /// The height of one line of text in `font`.
    func lineHeight(_ font: Font) -> Double
    /// One step to the left or right of Character `offset` on screen, in one line of text: in
    /// mixed Hebrew and English text, Right moves right even where the text runs right to left.
    func visualNeighbour(_ text: String, font: Font, of offset: Int, rightwards: Bool) -> VisualStep
    /// Where each line of `text` (one paragraph, no newline) starts when it is wrapped at `width`:
    /// Character offsets, the first 0. Lines break after spaces; a word wider than `width` breaks
    /// between graphemes. Spaces at a break stay at the end of the line they follow.
    func lineStarts(_ text: String, font: Font, width: Double) -> [Int]
    /// `text` as it fits `width` on one line: all of it, or its longest start that fits with an
    /// ellipsis after it, and the ellipsis ("…").
    func ellipsized(_ text: String, font: Font, width: Double) -> String
    /// The height of Pango `markup` wrapped at `width` (see `MarkupRun`); `text` is its plain text.
    func markupHeight(_ markup: String, text: String, font: Font, width: Double, marksMnemonic: Bool) -> Double
}

/// Where Left or Right takes the caret in a line of text (`TextMeasuring.visualNeighbour`).
public enum VisualStep: Equatable, Sendable {
    /// To this Character offset in the line.
    case offset(Int)
    /// Off the line before its logical start: Left at the start of English, Right of Hebrew.
    case pastStart
    /// Off the line after its logical end.
    case pastEnd
}

extension TextMeasuring {
    /// The widest caret offset: in right-to-left text the offsets run from the width down to 0.
    public func width(_ text: String, font: Font) -> Double { caretOffsets(text, font: font).max() ?? 0 }

    /// Without bidi knowledge, visual order is logical order.
    public func visualNeighbour(_ text: String, font: Font, of offset: Int, rightwards: Bool) -> VisualStep {
        let next = offset + (rightwards ? 1 : -1)
        return next < 0 ? .pastStart : next > text.count ? .pastEnd : .offset(next)
    }

    /// The longest start whose caret offset leaves room for "…": for left-to-right text.
    public func ellipsized(_ text: String, font: Font, width: Double) -> String {
        let offsets = caretOffsets(text, font: font)
        guard let full = offsets.last, full > width else { return text }
        let room = width - self.width("…", font: font)
        let fitting = offsets.lastIndex { $0 <= room } ?? 0
        return String(text.prefix(fitting)) + "…"
    }

    /// Without a markup parser: the plain text's lines, in `font`.
    public func markupHeight(_ markup: String, text: String, font: Font, width: Double, marksMnemonic: Bool) -> Double {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { lineStarts(String($0), font: font, width: width).count }
        return Double(lines.reduce(0, +)) * lineHeight(font)
    }

    /// Greedy wrapping on `caretOffsets`, breaking after white space: Pango's rule for Latin text.
    public func lineStarts(_ text: String, font: Font, width: Double) -> [Int] {
        let offsets = caretOffsets(text, font: font)
        var starts = [0], lineStart = 0, lastSpaceEnd = 0
        for (index, character) in text.enumerated() {
            if character.isBlank { lastSpaceEnd = index + 1; continue }
            guard offsets[index + 1] - offsets[lineStart] > width, index > lineStart else { continue }
            lineStart = lastSpaceEnd > lineStart ? lastSpaceEnd : index
            // The word after the space may itself be too wide: then it breaks here too.
            if offsets[index + 1] - offsets[lineStart] > width && index > lineStart {
                starts.append(lineStart)
                lineStart = index
            }
            starts.append(lineStart)
        }
        return starts
    }
}
