/// A key command: chords, an action, and a title if it should be listed in the shortcuts overlay.
/// Responders make their commands afresh at each key press, so a command exists only while it can
/// do something ("Undo" with nothing to undo is not offered).
struct KeyCommand {
    /// The first chord is the one the overlay shows first; any of them runs the command.
    var chords: [KeyChord]
    var title: String?
    var action: CommandAction
    /// Runs before the focused control sees the key (Tab, Escape); others run after it.
    var priority = false
    /// The chords with Shift held run it too, unlisted: a picker's or a date's arrows have no
    /// selection to extend, and Shift+Down steps as Down does.
    var alsoWithShift = false

    /// Every chord that runs it.
    var matchedChords: [KeyChord] {
        alsoWithShift ? chords + chords.map(Self.withShift) : chords
    }

    /// `matchedChords` without making the array: every command is asked about every key.
    func matches(_ press: KeyPress) -> Bool {
        chords.contains { $0.matches(press) || alsoWithShift && Self.withShift($0).matches(press) }
    }

    private static func withShift(_ chord: KeyChord) -> KeyChord {
        KeyChord(chord.key, chord.modifiers.union(.shift))
    }

    /// A choice control's own key (a picker's arrows, a check box's Space): it comes before
    /// the rest of the chain, as the control's handling of a key does, Shift held or not.
    static func control(_ title: String?, _ action: CommandAction, _ chords: KeyChord...) -> KeyCommand {
        control(title, action, chords)
    }

    static func control(_ title: String?, _ action: CommandAction, _ chords: [KeyChord]) -> KeyCommand {
        KeyCommand(chords: chords, title: title, action: action, priority: true, alsoWithShift: true)
    }
}

/// Where commands come from, in the order a key is offered to them.
enum CommandScope: CaseIterable {
    case control, section, form, window, application

    /// The overlay's heading for commands from this scope.
    var heading: String {
        switch self {
        case .control: "This field"
        case .section: "This section"
        case .form: "This form"
        case .window: "This window"
        case .application: "Keyform"
        }
    }
}

/// What a command does; the session performs it.
enum CommandAction: Equatable {
    // The form file's actions.
    case submit, cancel, toggleOverlay
    case focus(String), clear(String)
    // The window's.
    case nextField, previousField, returnKey, escape, scrollPage(down: Bool)
    // A section's: focus the first stop after it (or the last before it).
    case leaveSection(Int, forward: Bool)
    // The focused control's.
    case selectAll, copy, cut, paste, undo, redo
    case moveWord(forward: Bool, extending: Bool), deleteWord(forward: Bool)
    case clearTokens
    case chooseOption(OptionMove), openPopup, toggle, stepDate(by: Int)
    // An app's, in Swift (`SessionHooks`).
    case app(AppAction)
}

/// Which option a picker or radio group's key chooses.
enum OptionMove: Equatable {
    case previous, next, first, last
    /// The one focus is on, in a radio group.
    case focused
}

/// What a command made of a key press.
enum CommandOutcome {
    /// It acted: the key is used up.
    case handled
    /// Not this command's business: the next command along the chain may take the key.
    case ignored
    /// It is this command's key but nothing happened (Tab at the last field with `edge: stop`):
    /// no one else gets the key, and it counts as not handled.
    case stop
}

/// Keys the built-in commands use, besides those `Key` names.
extension Key {
    static let letterA = Key(0x61), letterC = Key(0x63), letterV = Key(0x76), letterX = Key(0x78)
    static let letterY = Key(0x79), letterZ = Key(0x7a), questionMark = Key(0x3f), f6 = Key(0xffc3)
}
