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
    /// The window gained or lost X input focus.
    case windowFocus(Bool)
}

public enum PointerButton: Equatable, Sendable {
    case primary, middle, secondary
}
