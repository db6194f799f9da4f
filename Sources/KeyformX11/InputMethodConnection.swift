import CXCB
import KeyformCore

/// What the window asks of the way it reaches its input method: XIM (`InputMethod`, any server
/// `XMODIFIERS` names) or fcitx5's own D-Bus input context (`FcitxInputMethod`). Either takes
/// key events first and gives back, in order, the keys it did not want, its composition and its
/// commits (`InputMethod.Output`), and is told where focus and the caret are after each batch.
@MainActor
protocol InputMethodConnection: AnyObject {
    /// The window holds input until the input method has answered the keys sent to it.
    var isCatchingUp: Bool { get }
    /// Keys were sent that it has not answered yet.
    var hasKeysInFlight: Bool { get }
    /// When `tick` or `checkAnswering` next has something to do, or nil.
    var nextDeadline: Double? { get }
    /// What the window's loop must serve for it besides the X connection (a D-Bus connection).
    var companion: (any WindowCompanion)? { get }
    /// Takes an X event that is the input method's own; true if it was.
    func filter(_ event: UnsafeMutablePointer<xcb_generic_event_t>) -> Bool
    /// Sends a key event to the input method first; false if it takes no keys now.
    func forward(_ event: xcb_key_press_event_t) -> Bool
    /// Asks for an answer that comes after every key sent: input waits for it.
    func catchUp()
    /// What the input method did since the last call, in order.
    func takeOutput() -> [InputMethod.Output]
    /// The form committed the composition shown itself (focus moved): the input method drops it.
    func compositionEnded(_ text: String)
    /// Focus is in `field` (nil: no field taking its text, or the window inactive), the caret at `caret`.
    func update(field: String?, caret: Rect?)
    /// The window moved on the screen.
    func windowMoved()
    func tick(now: Double)
    func checkAnswering(now: Double)
}

extension InputMethod: InputMethodConnection {
    var companion: (any WindowCompanion)? { nil }
}
