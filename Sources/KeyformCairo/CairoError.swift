/// A Cairo operation that failed. `description` is the whole message, ready to print after `keyform:`.
public struct CairoError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
