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
    /// being edited: `caret` (nil: at its end) and `highlight` (the part being converted) are
    /// Character offsets into `text`. Empty text ends the composition without typing anything.
    case preedit(String, caret: Int? = nil, highlight: Range<Int>? = nil)
    /// Text an input method commits: typed into the field being edited as one undo step, ending
    /// its composition.
    case commit(String)
}

public enum PointerButton: Equatable, Sendable {
    case primary, middle, secondary
}
