/// Names one object of the accessible tree for as long as the session runs: the window, the
/// form's panel, the shortcuts overlay or a field (by its index in the form's tree, which a
/// removed field keeps), and one of its parts by index path (`AccessibleNode.parts`). The
/// platform makes its object paths from it; the dump names objects by `FormSession.accessibleName(of:)`.
public struct AccessibleID: Hashable, Sendable {
    public enum Object: Hashable, Sendable {
        /// The window: a `dialog` named by the form's title.
        case window
        /// The panel holding the form's top-level fields.
        case form
        /// The shortcuts overlay while it shows.
        case overlay
        case field(Int)
    }

    public var object: Object
    /// Empty for the object itself.
    public var part: [Int]

    public init(_ object: Object, part: [Int] = []) {
        self.object = object; self.part = part
    }

    public static let window = AccessibleID(.window)
    public static let form = AccessibleID(.form)
    public static let overlay = AccessibleID(.overlay)
    public static func field(_ node: Int, part: [Int] = []) -> AccessibleID { AccessibleID(.field(node), part: part) }

    /// Its part at `index`.
    public func appending(_ index: Int) -> AccessibleID { AccessibleID(object, part: part + [index]) }
}
