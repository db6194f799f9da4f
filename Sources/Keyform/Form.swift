import KeyformCore
import KeyformKeyboard

/// A form: its fields, Tab order and keys, as a form file describes them, and the key commands
/// and hooks an app attaches in Swift.
///
/// Build one in code, or read one from a form file; either way it is the same model, checked by
/// the same rules (unique ids, `tabOrder` naming the fields it orders, values among the options,
/// valid patterns and dates), and any problem is thrown as a `FormError`.
///
/// ```swift
/// let form = try Form(title: "Sign up", tabOrder: ["email", "name"]) {
///     TextField("_Name", id: "name").required()
///     TextField("_Email", id: "email", format: .email)
///     Button("_Create account", id: "create")
/// }
/// ```
public struct Form: Sendable {
    /// The form as its file has it.
    var model: KeyformCore.Form
    var behaviour = Behaviour()

    /// A form from fields, sections and key commands. `tabOrder` lists ids of top-level fields or
    /// sections (the rest follow in reading order); `edge` is what Tab does past the last field,
    /// `returnKey` what Return does; `size` is the window's, else it fits the content.
    public init(title: String, direction: Direction = .ltr, size: (width: Double, height: Double)? = nil,
                tabOrder: [String]? = nil, edge: EdgePolicy = .wrap, returnKey: ReturnKeyPolicy = .nextThenSubmit,
                @FormBuilder content: () -> [FormPart]) throws(FormError) {
        var draft = KeyformCore.Form(title: title)
        draft.direction = direction
        draft.size = size.map { Size(width: $0.width, height: $0.height) }
        draft.tabOrder = tabOrder
        draft.edge = edge
        draft.returnKey = returnKey
        var assembly = Assembly()
        draft.fields = assembly.fields(content(), place: .form)
        model = try Self.checked(draft, problems: assembly.problems)
        behaviour = assembly.behaviour
    }

    /// A form read from a form file's text (docs/form-file.md); its problems name `fileName`,
    /// line and column.
    public init(json: String, fileName: String = "form.json") throws(FormError) {
        do {
            model = try FormFile.parse(json, fileName: fileName)
        } catch {
            throw FormError(problems: error.diagnostics.map(\.description))
        }
    }

    /// The form as a form file, for `keyform --form`, `keyform check` or `keyform replay`. Key
    /// commands and hooks made in Swift are not in it: they are closures.
    public var json: String { FormFile.json(of: model).serialized }

    /// The form's title, drawn at its top and on the window.
    public var title: String { model.title }

    /// Checks a form built in code by the form file's own rules: it is written as its file and
    /// read back, and the problems found say where (`fields[2].id`).
    static func checked(_ draft: KeyformCore.Form, problems: [String]) throws(FormError) -> KeyformCore.Form {
        let read: KeyformCore.Form
        do {
            read = try FormFile.parse(FormFile.json(of: draft).serialized, fileName: "", direction: draft.direction)
        } catch {
            throw FormError(problems: problems + error.diagnostics.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" })
        }
        guard problems.isEmpty else { throw FormError(problems: problems) }
        return read
    }

    // MARK: Hooks of the whole form

    /// Asked when the form is about to submit values that passed every field's rules: refuse
    /// with a message, drawn under a field (which takes focus) until its value changes.
    public func onSubmit(_ decide: @escaping @MainActor (FormSession) -> SubmitDecision) -> Form {
        with { $0.submit = decide }
    }

    /// Asked when the person cancels (Escape, a Cancel button or command): false keeps the form
    /// open. Closing the window from the window manager cancels whatever this says.
    public func shouldCancel(_ decide: @escaping @MainActor (FormSession) -> Bool) -> Form { with { $0.cancel = decide } }

    /// Called after focus moves: from the field it left (nil: none) to the one it reached.
    public func onFocusChange(_ action: @escaping @MainActor (FormSession, _ from: String?, _ to: String?) -> Void) -> Form {
        with { $0.focusChanged = action }
    }

    /// Called after any field's value changes (the field's id), after the field's own `onChange`.
    public func onValueChange(_ action: @escaping @MainActor (FormSession, _ id: String) -> Void) -> Form {
        with { $0.valueChanged = action }
    }

    private func with(_ change: (inout Behaviour) -> Void) -> Form {
        var copy = self
        change(&copy.behaviour)
        return copy
    }
}

/// What `Form.onSubmit` decides.
public enum SubmitDecision: Sendable {
    /// Submit the values.
    case accept
    /// Not yet: `message` is drawn under the field `id`, which takes focus.
    case refuse(field: String, message: String)
}

/// Why a form could not be built or read: every problem found, each naming its place
/// (`fields[2].id: duplicate id "email"…`, or `form.json:3:5: …` for a file).
public struct FormError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Every problem, in the order found.
    public var problems: [String]
    /// The problems, one a line.
    public var description: String { problems.joined(separator: "\n") }
}
