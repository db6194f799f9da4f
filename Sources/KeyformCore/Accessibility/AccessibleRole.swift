/// What an object of the accessible tree is, by the names AT-SPI gives its roles
/// (docs/architecture.md › Accessibility): the dump prints them, the platform turns them into
/// AT-SPI's numbers.
public enum AccessibleRole: String, Sendable, CaseIterable {
    case dialog, panel, entry, label, list, calendar
    case passwordText = "password text"
    case comboBox = "combo box"
    case listItem = "list item"
    case checkBox = "check box"
    case radioButton = "radio button"
    case pushButton = "push button"
    case tableCell = "table cell"
}

/// A state of an object, by its AT-SPI name. The order of the cases is the order the dump
/// lists them in.
public enum AccessibleState: String, Sendable, CaseIterable, Comparable {
    case active, enabled, sensitive, visible, showing, focusable, focused, resizable
    case editable
    case readOnly = "read-only"
    case singleLine = "single-line"
    case multiLine = "multi-line"
    case selectableText = "selectable-text"
    case required
    case invalidEntry = "invalid-entry"
    case checkable, checked
    case expandable, expanded
    case hasPopup = "has-popup"
    case selectable, selected
    case supportsAutocompletion = "supports-autocompletion"
    case isDefault = "is-default"
    /// The app is checking the value (GTK's `GTK_ACCESSIBLE_STATE_BUSY`).
    case busy

    public static func < (a: Self, b: Self) -> Bool { order[a]! < order[b]! }
    private static let order = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}
