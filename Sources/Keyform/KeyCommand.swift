import KeyformCore

/// A key command: a key with modifiers, a title for the shortcuts overlay, and an action.
///
/// Put it in a form's contents (offered anywhere in the form), in a section's (while focus is
/// in the section), on a field with `command(_:)` (while the field has focus), or make it the
/// window's with `forWindow()`. A key goes first to the focused field's commands, then its
/// sections', the form's and the window's: the first enabled command with that key wins. Tab,
/// Shift+Tab and Escape are the window's before anything else, and text fields take their editing
/// keys first. A titled command is listed in the shortcuts overlay (hold Ctrl, or Ctrl+?, F1)
/// whenever it is available.
///
/// ```swift
/// KeyCommand("ctrl+k", title: "Clear the email") { session in
///     try? session.setValue(.string(""), of: "email")
/// }
/// .validate { session, command in command.isEnabled = session.text(of: "email") != "" }
/// ```
public struct KeyCommand: FormElement, Sendable {
    /// What a command can be at the moment of a key press; `validate` changes it.
    public struct Validation: Sendable {
        /// False: the key goes on along the chain, and the overlay leaves it out.
        public var isEnabled = true
        /// The title shown in the overlay now; nil leaves it out of the overlay.
        public var title: String?
    }

    enum Input: Sendable {
        /// As a form file writes it: `ctrl+shift+z`, read when the form is built.
        case written(String)
        case chord(KeyChord)
    }

    let input: Input
    let title: String?
    let action: @MainActor (FormSession) -> Void
    var validation: (@MainActor (FormSession, inout Validation) -> Void)?
    var isWindows = false

    /// `key` as a form file's `commands` write it: modifiers `ctrl`, `alt`, `shift`, `super`
    /// joined by `+` to an xkb key name or a character (`ctrl+Return`, `ctrl+shift+z`, `F2`,
    /// `ctrl+?`). An unknown name is reported when the form is built.
    public init(_ key: String, title: String? = nil, action: @escaping @MainActor (FormSession) -> Void) {
        input = .written(key); self.title = title; self.action = action
    }

    /// A key by keysym with its modifiers.
    public init(_ key: Key, modifiers: Modifiers = [], title: String? = nil, action: @escaping @MainActor (FormSession) -> Void) {
        input = .chord(KeyChord(key, modifiers)); self.title = title; self.action = action
    }

    /// The command, attached where it is put.
    public var formParts: [FormPart] { [FormPart(content: .command(self))] }

    /// Asked at every key press that reaches it and whenever the overlay opens, so the command
    /// can depend on the moment: disable it, or retitle it.
    public func validate(_ body: @escaping @MainActor (FormSession, inout Validation) -> Void) -> KeyCommand {
        var copy = self
        copy.validation = body
        return copy
    }

    /// The window's command rather than the form's: offered after the form's, under "This window".
    public func forWindow() -> KeyCommand {
        var copy = self
        copy.isWindows = true
        return copy
    }

    /// The chord, read with the names `names` knows.
    func chord(names: any KeyNaming) throws(KeyChordError) -> KeyChord {
        switch input {
        case .written(let text): try KeyChord(parsing: text, names: names)
        case .chord(let chord): chord
        }
    }

    /// The command as the session asks for it now, or nil while it is disabled.
    @MainActor func appCommand(chord: KeyChord, in session: FormSession) -> AppCommand? {
        var now = Validation(title: title)
        validation?(session, &now)
        guard now.isEnabled else { return nil }
        return AppCommand(chords: [chord], title: now.title) { [action] in
            action(session)
            return true
        }
    }
}
