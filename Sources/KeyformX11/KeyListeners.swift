/// Assistive technology that hears each key before the form does, and may keep it: Orca, through
/// the AT-SPI registry (the accessibility bridge). While it wants keys, the window offers each
/// press and release in order and acts on a key only once it is answered and not consumed.
@MainActor
public protocol KeyListeners: AnyObject {
    /// Whether keys are to be offered now; when not, they go to the form at once.
    var wantKeys: Bool { get }
    /// Offers one key: its keysym, keycode, X core modifier state and time, the text it types
    /// (else "") and its keysym's name. `answer` gets whether a listener consumed it, exactly
    /// once and within a short bound.
    func offerKey(pressed: Bool, keysym: UInt32, keycode: UInt8, state: UInt16, text: String, keysymName: String,
                  time: UInt32, answer: @escaping @MainActor (Bool) -> Void)
}
