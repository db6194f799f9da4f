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
public final class FormSession {
    /// The form it runs.
    public let form: Form
    /// The session the window and replay drive.
    let core: KeyformCore.FormSession
    /// Plays replay events on `core` as the window would deliver them.
    private var replay: ReplayRunner

    /// A session of `form` with no window, its keys read through the xkb `layout` (`us`,
    /// `de:nodeadkeys`) for `key:` events; a date field's today is the system's.
    public convenience init(_ form: Form, layout: String = "us") throws(SessionError) {
        self.init(form, core: KeyformCore.FormSession(form: form.model, measurer: PangoTextMeasurer(), keyNames: XKBKeyNames(),
                                                      today: .systemToday),
                  keyboard: try Self.keyboard(layout))
    }

    init(_ form: Form, core: KeyformCore.FormSession, keyboard: ReplayKeyboard) {
        self.form = form
        self.core = core
        replay = ReplayRunner(session: core, keys: keyboard)
        core.hooks = form.behaviour.hooks(for: self)
    }

    static func keyboard(_ layout: String) throws(SessionError) -> ReplayKeyboard {
        do { return try ReplayKeyboard(layout: layout) } catch { throw SessionError("layout \"\(layout)\": \(error)") }
    }

    // MARK: Reading

    /// The id of the focused field, or nil.
    public var focusedID: String? { core.focusedID }
    /// Every shown, enabled field's value by id, in form order: text, tokens as a list, a
    /// checkbox as a boolean. A date is ISO until submitted.
    public var values: JSONValue { core.values }
    /// One field's value, or nil if it has none (or is hidden or disabled).
    public func value(of id: String) -> JSONValue? {
        guard case .object(let members) = core.values else { return nil }
        return members.first { $0.0 == id }?.1
    }
    /// The text of a field people type into, as typed (also while hidden); nil for other kinds.
    public func text(of id: String) -> String? { core.text(of: id) }
    /// The message drawn under a field (a rule it breaks, or a refusal of `onSubmit`), or nil.
    public func message(of id: String) -> String? { core.validationMessage(of: id) }
    /// How the form ended, or nil while it runs.
    public var result: FormResult? { core.result }
    /// The titled key commands available now, as the shortcuts overlay lists them.
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
        return handled
    }

    // MARK: Changing the form (from actions, hooks, or your code)

    /// Sets a field's value, as a form file's `value` is written: `.string` for text, an option
    /// or an ISO date, `.array` of `.string` for tokens, `.bool` for a checkbox.
    public func setValue(_ value: JSONValue, of id: String) throws(SessionError) {
        do { try core.reportingToApp { () throws(PrefillError) in try core.setValue(value, of: id) } } catch {
            throw SessionError(error.message)
        }
    }

    /// Moves focus to a field.
    public func focus(_ id: String) throws(SessionError) {
        do { try core.reportingToApp { () throws(KeyformCore.FormSession.ProgramError) in try core.focus(id: id) } } catch {
            throw SessionError(error.description)
        }
    }

    /// Submits as Ctrl+Return does: a field that refuses shows why and takes focus instead.
    public func submit() { core.submitNow() }
    /// Cancels as Escape does (`shouldCancel` is asked).
    public func cancel() { core.cancelNow() }

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
    /// Where it comes from: "This field", "This section", "This form", "This window", "Keyform".
    public var group: String

    /// A line of the overlay, to compare `shortcuts` with.
    public init(title: String, keys: String, group: String) {
        self.title = title; self.keys = keys; self.group = group
    }
}

/// A bad event, field id or value given to a session, with what was wrong.
public struct SessionError: Error, Equatable, CustomStringConvertible {
    /// What was wrong: `event "ctrl+Nope": unknown key name "Nope"`, `no field "nmae"`.
    public var message: String
    init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
