/// What the session keeps for key commands, the shortcuts overlay and mnemonics.
struct KeyCommandState {
    let keyNames: any KeyNaming
    /// The form file's commands, read once. A key that does not parse is left out here and
    /// reported by `keyform check`.
    let formCommands: [KeyCommand]
    var overlay: ShortcutsOverlay?
    /// When Ctrl went down with no other modifier, while it stays held with nothing else pressed.
    var controlDownSince: Double?
    /// Alt is held: mnemonic letters are underlined.
    var altHeld = false
    /// What was typed to jump in a list of options, and when.
    var typeAhead = (text: "", time: -Double.infinity)

    /// How long Ctrl is held alone before the overlay shows, in milliseconds.
    static let overlayHoldDelay = 1000.0

    init(form: Form, keyNames: any KeyNaming) {
        self.keyNames = keyNames
        formCommands = form.commands.compactMap { spec in
            guard let chord = try? KeyChord(parsing: spec.key, names: keyNames),
                  let action = CommandAction(formFileAction: spec.action) else { return nil }
            return KeyCommand(chords: [chord], title: spec.title, action: action)
        }
    }
}

extension CommandAction {
    /// `submit`, `cancel`, `toggleOverlay`, `focus:ID`, `clear:ID`
    /// (docs/architecture.md › Form files).
    init?(formFileAction action: String) {
        switch action {
        case "submit": self = .submit
        case "cancel": self = .cancel
        case "toggleOverlay": self = .toggleOverlay
        case _ where action.hasPrefix("focus:"): self = .focus(String(action.dropFirst(6)))
        case _ where action.hasPrefix("clear:"): self = .clear(String(action.dropFirst(6)))
        default: return nil
        }
    }
}
