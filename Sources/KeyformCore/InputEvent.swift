/// Everything a person does reaches the core as one of these, from the window, replay or a test.
public enum InputEvent: Equatable, Sendable {
    case keyPress(KeyPress)
    case keyRelease(KeyPress)
    /// `clickCount` is 1 for a single press, 2 for a double click, 3 for a triple click.
    case pointerPress(PointerButton, at: Point, modifiers: Modifiers, clickCount: Int)
    case pointerRelease(PointerButton, at: Point)
    case pointerMotion(at: Point)
    /// Scroll in pixels: positive `dy` moves the content up (shows what is below).
    case scroll(dx: Double, dy: Double)
    case paste(String)
    case resize(Size)
    /// The window gained or lost X input focus: inactive, it draws its focus ring, focused
    /// border and selection greyed, and no caret.
    case windowFocus(Bool)
    /// An input method's composition so far (ibus, fcitx5, uim), drawn at the caret of the field
    /// being edited: `caret` (nil: at its end) is a Character offset into `text`, and `segments`
    /// the parts the input method draws apart (none: the whole text is one). Empty text ends the
    /// composition without typing anything.
    case preedit(String, caret: Int? = nil, segments: [PreeditSegment] = [])
    /// Text an input method commits: typed into the field being edited as one undo step, ending
    /// its composition.
    case commit(String)
}

/// A part of a composition the input method draws one way (a phrase conversion's clauses):
/// each is underlined on its own, and the one being converted is highlighted and underlined
/// stronger, as GTK draws them.
public struct PreeditSegment: Equatable, Sendable {
    /// Characters of the composition's text.
    public var range: Range<Int>
    public var converted: Bool

    public init(_ range: Range<Int>, converted: Bool = false) {
        self.range = range
        self.converted = converted
    }
}

public enum PointerButton: Equatable, Sendable {
    case primary, middle, secondary
}
