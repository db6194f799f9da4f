import KeyformCore

/// Every keysym name xkb knows (`Cyrillic_ef`, `XF86AudioPlay`), for reading the keys of a form's
/// commands and writing them in the shortcuts overlay.
public struct XKBKeyNames: KeyNaming, Sendable {
    public init() {}

    public func key(named name: String) -> Key? { KeysymNames.key(named: name) }

    public func name(of key: Key) -> String? {
        // xkb writes a keysym with no name as its number.
        let name = KeysymNames.name(of: key)
        return name.hasPrefix("0x") ? nil : name
    }
}
