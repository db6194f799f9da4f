import KeyformCore

/// AT-SPI's numbers for the core's roles and states (atspi-constants.h): the bus speaks numbers,
/// the core names. Each is the C constant's value, which AT-SPI never renumbers.
extension AccessibleRole {
    var atspiNumber: UInt32 {
        switch self {
        case .dialog: 16  // ATSPI_ROLE_DIALOG
        case .panel: 39  // ATSPI_ROLE_PANEL
        case .entry: 79  // ATSPI_ROLE_ENTRY
        case .label: 29  // ATSPI_ROLE_LABEL
        case .list: 31  // ATSPI_ROLE_LIST
        case .calendar: 5  // ATSPI_ROLE_CALENDAR
        case .passwordText: 40  // ATSPI_ROLE_PASSWORD_TEXT
        case .comboBox: 11  // ATSPI_ROLE_COMBO_BOX
        case .listItem: 32  // ATSPI_ROLE_LIST_ITEM
        case .checkBox: 7  // ATSPI_ROLE_CHECK_BOX
        case .radioButton: 44  // ATSPI_ROLE_RADIO_BUTTON
        case .pushButton: 43  // ATSPI_ROLE_PUSH_BUTTON
        case .tableCell: 56  // ATSPI_ROLE_TABLE_CELL
        }
    }
}

/// ATSPI_ROLE_APPLICATION: the role of the root the registry embeds.
let applicationRole: UInt32 = 75

extension AccessibleState {
    /// The state's bit in the set `GetState` gives (`AtspiStateType`).
    var atspiBit: Int {
        switch self {
        case .active: 1  // ATSPI_STATE_ACTIVE
        case .enabled: 8  // ATSPI_STATE_ENABLED
        case .sensitive: 24  // ATSPI_STATE_SENSITIVE
        case .visible: 30  // ATSPI_STATE_VISIBLE
        case .showing: 25  // ATSPI_STATE_SHOWING
        case .focusable: 11  // ATSPI_STATE_FOCUSABLE
        case .focused: 12  // ATSPI_STATE_FOCUSED
        case .resizable: 21  // ATSPI_STATE_RESIZABLE
        case .editable: 7  // ATSPI_STATE_EDITABLE
        case .readOnly: 43  // ATSPI_STATE_READ_ONLY
        case .singleLine: 26  // ATSPI_STATE_SINGLE_LINE
        case .multiLine: 17  // ATSPI_STATE_MULTI_LINE
        case .selectableText: 38  // ATSPI_STATE_SELECTABLE_TEXT
        case .required: 33  // ATSPI_STATE_REQUIRED
        case .invalidEntry: 36  // ATSPI_STATE_INVALID_ENTRY
        case .checkable: 41  // ATSPI_STATE_CHECKABLE
        case .checked: 4  // ATSPI_STATE_CHECKED
        case .expandable: 9  // ATSPI_STATE_EXPANDABLE
        case .expanded: 10  // ATSPI_STATE_EXPANDED
        case .hasPopup: 42  // ATSPI_STATE_HAS_POPUP
        case .selectable: 22  // ATSPI_STATE_SELECTABLE
        case .selected: 23  // ATSPI_STATE_SELECTED
        case .supportsAutocompletion: 37  // ATSPI_STATE_SUPPORTS_AUTOCOMPLETION
        case .isDefault: 39  // ATSPI_STATE_IS_DEFAULT
        case .busy: 3  // ATSPI_STATE_BUSY
        }
    }
}

/// ATSPI_STATE_DEFUNCT: an object that is gone (a field hidden since the reader last looked).
let defunctBit = 6

/// A state set as `GetState` sends it: 64 bits in two 32-bit words.
func stateWords(_ bits: [Int]) -> [UInt32] {
    var words: [UInt32] = [0, 0]
    for bit in bits { words[bit / 32] |= 1 << UInt32(bit % 32) }
    return words
}

/// AT-SPI's coordinate types: the screen, the window, or the object's parent (`AtspiCoordType`).
enum CoordinateType: UInt32 {
    case screen = 0, window = 1, parent = 2
}
