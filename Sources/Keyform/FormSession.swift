import KeyformCairo
import KeyformCore
import KeyformKeyboard

/// A form while it runs: focus, values, the keys' effects. The window drives one; your tests
/// can drive one with no display, in the replay language (docs/replay.md), and read what the
/// window would show. Key commands' actions and hooks receive it, to read and change the form.
///
/// ```swift
/// let session = try FormSession(form)
/// try session.send("type:Ada", "Tab")
/// #expect(session.focusedID == "email")
/// ```
@MainActor
public final class FormSession {
    /// The form it runs.
    public let form: Form
    /// The session the window and replay drive.
    let core: KeyformCore.FormSession
    /// The text layouts `core`'s measurer shares with the window that draws it.
    let layouts: TextLayouts
    /// Plays replay events on `core` as the window would deliver them.
    private var replay: ReplayRunner
    /// Called after the app changes the session outside the window's events: an open window
    /// (`FormWindow.run() async`) then draws the change.
    var changed: () -> Void = {}
    /// The app's checks that take time, running, by field id (`FieldElement.validate`).
    var checks: [String: Task<Void, Never>] = [:]
    /// Their verdicts, each with the value it is about: one about another value is not shown.
    var verdicts: [String: (value: JSONValue, message: String?)] = [:]

    /// A session of `form` with no window, its keys read through the xkb `layout` (`us`,
    /// `de:nodeadkeys`); a date field's today is `today`, the system's when nil (fix it in tests:
    /// an empty date field steps and opens its calendar from it). The layout is compiled from
    /// xkb's data at the first key that types a character or names a physical key (`key:AC01`),
    /// and a bad one is reported there, by `send`: Tab, Return, Escape, the arrows, the function
    /// keys and `type:` need no xkb data installed.
    public convenience init(_ form: Form, layout: String = "us", today: FormDate? = nil) throws(SessionError) {
        let today = today.flatMap { CalendarDate(year: $0.year, month: $0.month, day: $0.day) } ?? .systemToday
        let layouts = TextLayouts()
        self.init(form, layouts: layouts,
                  core: KeyformCore.FormSession(form: form.model, measurer: PangoTextMeasurer(layouts: layouts), keyNames: XKBKeyNames(),
                                                today: today),
                  keyboard: ReplayKeyboard(deferring: layout))
    }

    init(_ form: Form, layouts: TextLayouts, core: KeyformCore.FormSession, keyboard: ReplayKeyboard) {
        self.form = form
        self.layouts = layouts
        self.core = core
        replay = ReplayRunner(session: core, keys: keyboard)
        core.hooks = form.behaviour.hooks(for: self)
        for id in form.behaviour.checks.keys { startCheck(of: id) }
    }

    // MARK: Reading

    /// The id of the focused field, or nil.
    public var focusedID: String? { core.focusedID }
    /// Every shown, enabled field's value by id, in form order: text, tokens as a list, a
    /// checkbox as a boolean. A date is ISO until submitted.
    public var values: JSONValue { core.values }
    /// One field's value, or nil while it submits none (hidden or disabled); throws for an id
    /// the form does not have.
    public func value(of id: String) throws(SessionError) -> JSONValue? {
        try requireField(id)
        guard case .object(let members) = core.values else { return nil }
        return members.first { $0.0 == id }?.1
    }
    /// Every value read into the app's own type, a property for each field by its id: a number
    /// field as a number, a checkbox as `Bool`, tokens as `[String]`, a date as `FormDate`, the
    /// rest as `String`; a hidden or disabled field's property must be optional. Throws what
    /// does not fit, naming the field.
    public func values<T: Decodable>(as type: T.Type) throws(SessionError) -> T {
        try Self.decode(type, from: core.values)
    }

    /// One field's value read as `type` (`Int`, `Bool`, `[String]`, `FormDate`, …), or nil
    /// while it submits none (hidden or disabled). Throws for an id the form does not have, or a
    /// value of another type.
    public func value<T: Decodable>(of id: String, as type: T.Type) throws(SessionError) -> T? {
        guard let value = try value(of: id) else { return nil }
        do { return try Self.decode(type, from: value) } catch { throw SessionError("field \"\(id)\": \(error.message)") }
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(SessionError) -> T {
        do { return try ValueDecoder(value: value, codingPath: []).decode(type) } catch {
            throw SessionError(Self.describe(error))
        }
    }

    /// A decoding error in a line: where (the field's id), and what was wrong.
    private static func describe(_ error: any Error) -> String {
        let context: DecodingError.Context? = switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context): context
        default: nil
        }
        guard let context else { return "\(error)" }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? context.debugDescription : "field \"\(path)\": \(context.debugDescription)"
    }

    /// The text of a field people type into, as typed (also while hidden); nil for other kinds.
    /// Throws for an id the form does not have.
    public func text(of id: String) throws(SessionError) -> String? {
        try requireField(id)
        return core.text(of: id)
    }
    /// The message drawn under a field (a rule it breaks, or a refusal of `onSubmit`), or nil.
    /// Throws for an id the form does not have.
    public func message(of id: String) throws(SessionError) -> String? {
        try requireField(id)
        return core.validationMessage(of: id)
    }
    /// How the form ended, or nil while it runs.
    public var result: FormResult? { core.result }
    /// The titled key commands available now, as the shortcuts overlay lists them: the app's own
    /// first, under the form's title, then Keyform's.
    public var shortcuts: [Shortcut] { core.availableShortcuts.map { Shortcut(title: $0.title, keys: $0.keys, group: $0.group) } }

    // MARK: Input

    /// Plays events as a person would: `Tab`, `shift+Tab`, `ctrl+k`, `type:Ada`, `Return`,
    /// `click:ID`, `BackSpace`, … (docs/replay.md). Returns whether the last one was handled.
    @discardableResult
    public func send(_ events: String...) throws(SessionError) -> Bool {
        var handled = false
        for text in events {
            do {
                handled = try replay.run(ReplayEvent(parsing: text))
            } catch {
                throw SessionError("event \"\(text)\": \(error.message)")
            }
        }
        changed()
        return handled
    }

    // MARK: Changing the form (from actions, hooks, or your code)

    /// Sets a field's value, as a form file's `value` is written: `.string` for text, an option
    /// or an ISO date, `.number` for a number field, `.array` of `.string` for tokens, `.bool`
    /// for a checkbox.
    public func setValue(_ value: JSONValue, of id: String) throws(SessionError) {
        try change { () throws(PrefillError) in try core.setValue(value, of: id) }
    }

    /// Gives a picker or radio group new options (its choice kept if it is among them, else
    /// none), or a token field new suggestions: a list that arrives after the form opened.
    public func setOptions(_ options: [String], of id: String) throws(SessionError) {
        try change { () throws(ProgramError) in try core.setOptions(options, of: id) }
    }

    /// Gives a field a new label (`_` before its mnemonic letter), a section a new title.
    public func setLabel(_ label: String, of id: String) throws(SessionError) {
        try change { () throws(ProgramError) in try core.setLabel(label, of: id) }
    }

    /// Hides or shows a field (a hidden field is skipped by Tab and not submitted).
    public func setHidden(_ hidden: Bool, _ id: String) throws(SessionError) {
        try change { () throws(ProgramError) in try core.setHidden(id, hidden) }
    }

    /// Disables or enables a field (a disabled one is dimmed, never focused, not submitted).
    public func setDisabled(_ disabled: Bool, _ id: String) throws(SessionError) {
        try change { () throws(ProgramError) in try core.setDisabled(id, disabled) }
    }

    /// Shows `message` under a field where its rules' messages go, until its value changes; nil
    /// takes it away. For what the app learns after the person typed ("that name is taken").
    public func setMessage(_ message: String?, of id: String) throws(SessionError) {
        try change { () throws(ProgramError) in try core.setMessage(message, of: id) }
    }

    /// Moves focus to a field.
    public func focus(_ id: String) throws(SessionError) {
        try change { () throws(ProgramError) in try core.focus(id: id) }
    }

    /// Submits as Ctrl+Return does: a field that refuses shows why and takes focus instead.
    public func submit() {
        change { core.submitNow() }
    }
    /// Cancels as Escape does (`shouldCancel` is asked).
    public func cancel() {
        change { core.cancelNow() }
    }
    /// Ends the form as cancelled without asking `shouldCancel`: an open window closes.
    public func close() {
        core.close()
        changed()
    }

    private typealias ProgramError = KeyformCore.FormSession.ProgramError

    /// Runs a change to the form as the app's, an open window woken to draw it. Its hooks are
    /// told of it after it (`tellApp`, as after a batch), unless it is made during an event or
    /// in a hook: then they are told once that is done.
    func change<Failure: Error & CustomStringConvertible>(_ body: () throws(Failure) -> Void) throws(SessionError) {
        defer { changeDone() }
        do { try core.noticingChanges(body) } catch { throw SessionError(error.description) }
    }

    /// A change that cannot fail, as the app's (`change`).
    func change(_ body: () -> Void) {
        defer { changeDone() }
        core.noticingChanges(body)
    }

    /// After a change: the app's hooks told of it, then an open window woken to draw it all.
    private func changeDone() {
        core.tellApp()
        changed()
    }

    /// Throws `no field "id"` for an id the form does not have.
    func requireField(_ id: String) throws(SessionError) {
        guard core.hasField(id) else { throw SessionError("no field \"\(id)\"") }
    }

    /// Writes the window as it looks now to a PNG file, drawn as the window draws it.
    public func writePNG(to path: String) throws(SessionError) {
        do { try core.renderedImage().writePNG(to: path) } catch { throw SessionError("\(path): \(error)") }
    }
}

/// A titled key command as the shortcuts overlay lists it.
public struct Shortcut: Equatable, Sendable {
    /// The command's title.
    public var title: String
    /// Its keys as the desktop writes them, comma-separated: `Ctrl+K`, `Ctrl+Shift+Z, Ctrl+Y`.
    public var keys: String
    /// Its group: the form's title for the app's own commands, listed first; for Keyform's
    /// own, where they come from: "This field", "This section", "This window", "Keyform".
    public var group: String

    /// A line of the overlay, to compare `shortcuts` with.
    public init(title: String, keys: String, group: String) {
        self.title = title; self.keys = keys; self.group = group
    }
}

/// A bad event, field id or value given to a session, with what was wrong.
public struct SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong: `event "ctrl+Nope": unknown key name "Nope"`, `no field "nmae"`.
    public var message: String
    init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
