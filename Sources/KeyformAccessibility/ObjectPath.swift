import KeyformCore

/// The D-Bus object paths of the accessible tree: AT-SPI's fixed root for the application, and
/// one path per object under it, made from its `AccessibleID` and read back from it, so no
/// table of objects is kept: `…/f12` is field 12, `…/f12_0_3` its part [0, 3], `…/window`,
/// `…/form`, `…/overlay_2`. An item of a list whose items come and go (a token, a suggestion, a
/// day of a calendar) carries its list's stamp: `…/f12_0_3_s5e1f…` names the fourth token of
/// that list of tokens only, so once a token is removed the paths of those after it name nothing,
/// and a repeated `remove` never takes the next one.
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

    static func path(of target: Target, stamp: UInt64?) -> String {
        base + "/" + node(of: target, stamp: stamp)
    }

    /// A path's last element, as `target(ofNode:)` reads it.
    private static func node(of target: Target, stamp: UInt64?) -> String {
        guard case .object(let id) = target else { return rootName }
        let object: String
        switch id.object {
        case .window: object = "window"
        case .form: object = "form"
        case .overlay: object = "overlay"
        case .field(let node): object = "f\(node)"
        }
        let stampPiece = stamp.map { ["s" + String($0, radix: 16)] } ?? []
        return ([object] + id.part.map(String.init) + stampPiece).joined(separator: "_")
    }

    /// The target of a node name under `base`, and the stamp it carries (nil: no such object).
    /// Only the name `path(of:stamp:)` makes is read: `f00` or `f+0` is not `f0`.
    static func target(ofNode node: String) -> (target: Target, stamp: UInt64?)? {
        if node == rootName { return (.application, nil) }
        var pieces = node.split(separator: "_", omittingEmptySubsequences: false)
        var stamp: UInt64?
        if let last = pieces.last, last.hasPrefix("s"), pieces.count > 1 {
            guard let number = UInt64(last.dropFirst(), radix: 16) else { return nil }
            stamp = number
            pieces.removeLast()
        }
        guard let first = pieces.first else { return nil }
        let part = pieces.dropFirst().compactMap { Int($0) }
        guard part.count == pieces.count - 1, part.allSatisfy({ $0 >= 0 }) else { return nil }
        let target: Target
        switch first {
        case "window": target = .object(AccessibleID(.window, part: part))
        case "form": target = .object(AccessibleID(.form, part: part))
        case "overlay": target = .object(AccessibleID(.overlay, part: part))
        default:
            guard first.hasPrefix("f"), let number = Int(first.dropFirst()), number >= 0 else { return nil }
            target = .object(AccessibleID(.field(number), part: part))
        }
        return self.node(of: target, stamp: stamp) == node ? (target, stamp) : nil
    }

    /// The stamp of the items of `holder` when they come and go (a list's, a calendar's): a
    /// digest of how many there are and what each is named (FNV-1a), so any change to them gives
    /// another. Nil for the parts of anything else (a token field's list and entry), which keep
    /// their places.
    static func stamp(ofItemsOf holder: AccessibleNode) -> UInt64? {
        guard holder.role == .list || holder.role == .calendar else { return nil }
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for byte in String(holder.parts.count).utf8 { add(byte) }
        for part in holder.parts {
            add(0)
            for byte in part.name.utf8 { add(byte) }
        }
        return digest
    }
}
