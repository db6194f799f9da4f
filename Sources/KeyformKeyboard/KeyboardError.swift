/// Why a keymap or keyboard state could not be made. `description` is the whole message, ready to
/// print after `keyform:`.
public struct KeyboardError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
