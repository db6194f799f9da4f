/// What can go wrong playing the person: starting the private X server, waiting for the window,
/// typing. (What can go wrong talking to the server at all is KeyformX11's `X11Error`.)
public enum AutomationError: Error, Equatable, CustomStringConvertible {
    /// `Xvfb` could not be started or did not report a display.
    case privateServerFailed(String)
    /// Waiting for something on the server (a window to appear) took too long.
    case timedOut(String)
    /// The driver cannot produce a keysym with the current layout, even by remapping a key.
    case cannotType(String)
    /// A private input method (ibus) could not be started.
    case inputMethodFailed(String)
    /// The accessibility bus or a screen reader (Orca, speech-dispatcher) could not be started.
    case accessibilityFailed(String)

    public var description: String {
        switch self {
        case .privateServerFailed(let why): return "cannot start a private X server: \(why)"
        case .timedOut(let what): return "timed out waiting for \(what)"
        case .cannotType(let what): return "cannot type \(what) on this keyboard"
        case .inputMethodFailed(let why): return "cannot start ibus: \(why)"
        case .accessibilityFailed(let why): return "cannot start the accessibility bus or Orca: \(why)"
        }
    }
}
