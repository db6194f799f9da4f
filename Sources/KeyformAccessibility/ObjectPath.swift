import KeyformCore

/// The D-Bus object paths of the accessible tree: AT-SPI's fixed root for the application, and
/// one path per object under it, made from its `AccessibleID` and read back from it, so no
/// table of objects is kept: `…/f12` is field 12, `…/f12_0_3` its part [0, 3], `…/window`,
/// `…/form`, `…/overlay_2`.
enum ObjectPath {
    static let base = "/org/a11y/atspi/accessible"
    /// Where AT-SPI looks for an application's root.
    static let rootName = "root"
    static let root = base + "/" + rootName
    /// The path AT-SPI takes for "no object".
    static let null = "/org/a11y/atspi/null"
    /// Where AT-SPI asks an application for the objects it may cache (it gets none).
    static let cache = "/org/a11y/atspi/cache"

    enum Target: Equatable {
        case application
        case object(AccessibleID)
    }

    static func path(of target: Target) -> String {
        guard case .object(let id) = target else { return root }
        let object: String
        switch id.object {
        case .window: object = "window"
        case .form: object = "form"
        case .overlay: object = "overlay"
        case .field(let node): object = "f\(node)"
        }
        return base + "/" + ([object] + id.part.map(String.init)).joined(separator: "_")
    }

    /// The target of a node name under `base` (nil: no such object).
    static func target(ofNode node: String) -> Target? {
        if node == rootName { return .application }
        let pieces = node.split(separator: "_", omittingEmptySubsequences: false)
        guard let first = pieces.first else { return nil }
        let part = pieces.dropFirst().compactMap { Int($0) }
        guard part.count == pieces.count - 1, part.allSatisfy({ $0 >= 0 }) else { return nil }
        switch first {
        case "window": return .object(AccessibleID(.window, part: part))
        case "form": return .object(AccessibleID(.form, part: part))
        case "overlay": return .object(AccessibleID(.overlay, part: part))
        default:
            guard first.hasPrefix("f"), let node = Int(first.dropFirst()), node >= 0 else { return nil }
            return .object(AccessibleID(.field(node), part: part))
        }
    }
}
