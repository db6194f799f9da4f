/// What an app written in Swift (the `Keyform` library) adds to a running form: key commands
/// whose actions are its own closures, asked for at each key press, and hooks into what the
/// person does. A form from a file has none, and every member does nothing by default, so the
/// form-file contract is untouched. The library fills these in; nothing else does.
///
/// All but `tell` are questions the dispatch of an event needs answered before it goes on
/// (whether a key is taken, a value is refused, the form ends), so they are asked during it;
/// `tell` answers nothing, and hears only after the batch (docs/architecture.md › Host contract).
package struct SessionHooks {
    /// Where an app's command is attached: it is offered to a key while focus is there.
    package enum Place: Hashable, Sendable {
        case field(String), section(String), form, window
    }

    /// The app's commands at a place as things are now: asked at every key press (and when the
    /// shortcuts overlay opens), so they can depend on the moment.
    package var commands: (Place) -> [AppCommand] = { _ in [] }
    /// Return was pressed in the field (the id) where it would advance or submit (`returnKey`):
    /// false keeps it from doing so, the app having done what it wanted.
    package var shouldReturn: (String) -> Bool = { _ in true }
    /// BackSpace, with no modifier, in a text field (the id) whose input was already empty: true
    /// if the app used the key (the token field's rule, for the app's own use).
    package var backspaceWhenEmpty: (String) -> Bool = { _ in false }
    /// Hears what changed (a value, focus), in order, once the batch's events are handled
    /// (`FormSession.tellApp`): it may change the form, and hears of its own changes next.
    package var tell: (AppNotice) -> Void = { _ in }
    /// The form is about to submit values that passed every field's own rules: a refusal names
    /// the field whose message says why, drawn under it until its value changes.
    package var submit: (JSONValue) -> (field: String, message: String)? = { _ in nil }
    /// The app's own verdict on a field's value (the id), asked once the value passes the
    /// field's own rules: a message that keeps it from being submitted, or nil.
    package var check: (String) -> String? = { _ in nil }
    /// The person asked to cancel (Escape, a Cancel button or command): false keeps the form open.
    package var cancel: () -> Bool = { true }
    /// A button (the id) was pressed: true if the app did what the button does, in place of
    /// submitting or cancelling (yad's form buttons run commands).
    package var pressButton: (String) -> Bool = { _ in false }
    /// What a text field (the id) suggests for the text typed in it, shown in a list under it
    /// (yad's path fields: the folder's entries, as a shell completes them); none by default.
    package var suggestions: (_ id: String, _ text: String) -> [String] = { _, _ in [] }

    package init() {}
}

/// An app's key command: its chords, its title for the shortcuts overlay, and its action.
package struct AppCommand {
    package var chords: [KeyChord]
    package var title: String?
    /// Runs the action; false lets the key go on along the responder chain.
    package var run: () -> Bool

    package init(chords: [KeyChord], title: String?, run: @escaping () -> Bool) {
        self.chords = chords; self.title = title; self.run = run
    }
}

/// An app command's action inside `CommandAction`, compared by identity so that the enum stays
/// `Equatable` (the overlay compares actions to find its own key).
final class AppAction: Equatable {
    let run: () -> Bool
    init(_ run: @escaping () -> Bool) { self.run = run }
    static func == (a: AppAction, b: AppAction) -> Bool { a === b }
}
