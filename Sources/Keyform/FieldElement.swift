import KeyformCore

/// A field being built, as a form file would describe it, with the key commands and hooks the
/// app attached to it. Its contents are Keyform's own: build it with the field types
/// (`TextField`, `Picker`, …) and their modifiers.
public struct FieldDefinition: Sendable {
    /// The field as the form file has it (a section's fields are in `content`).
    var field: KeyformCore.Field
    /// A section's fields and commands.
    var content: [FormPart] = []
    var commands: [KeyCommand] = []
    var shouldReturn: (@MainActor (FormSession) -> Bool)?
    var backspaceWhenEmpty: (@MainActor (FormSession) -> Bool)?
    var valueChanged: (@MainActor (FormSession) -> Void)?
    var check: FieldCheck?
    /// What was wrong with an argument, reported when the form is built.
    var problems: [String] = []

    init(_ id: String, _ kind: FieldKind, label: String) {
        field = KeyformCore.Field(id: id, kind: kind, label: label)
    }

    /// A field whose value is one of `options` (a picker, a radio group); "" is none chosen.
    init(_ id: String, _ kind: FieldKind, label: String, options: [String], value: String?) {
        self.init(id, kind, label: label)
        field.options = options
        field.value = value ?? ""
    }

    /// An ISO date argument (`min`, `max`), or nil with the problem noted.
    mutating func date(_ text: String, for key: String) -> CalendarDate? {
        switch CalendarDate.parse(text) {
        case .success(let date): return date
        case .failure(let problem):
            problems.append("\(key) \"\(text)\": \(problem)")
            return nil
        }
    }
}

/// A field of a form built in code. The modifiers below apply to every kind; one that a kind
/// does not take (`readOnly` on a picker) is reported when the form is built, as a form file's
/// key would be.
public protocol FieldElement: FormElement {
    /// The field being built.
    var definition: FieldDefinition { get set }
}

extension FieldElement {
    /// The field, with its commands and hooks.
    public var formParts: [FormPart] { [FormPart(content: .field(definition))] }

    func with(_ change: (inout FieldDefinition) -> Void) -> Self {
        var copy = self
        change(&copy.definition)
        return copy
    }

    /// Shown in the empty field (`placeholder`).
    public func placeholder(_ text: String) -> Self { with { $0.field.placeholder = text } }
    /// Must have a value before the form submits; its label gets " *" (`required`).
    public func required(_ required: Bool = true) -> Self { with { $0.field.required = required } }
    /// Not shown, not submitted (`hidden`).
    public func hidden(_ hidden: Bool = true) -> Self { with { $0.field.hidden = hidden } }
    /// Shown dimmed, never focused, not submitted (`disabled`).
    public func disabled(_ disabled: Bool = true) -> Self { with { $0.field.disabled = disabled } }
    /// Focusable, selectable and copyable, never edited (`readOnly`; text fields and areas).
    public func readOnly(_ readOnly: Bool = true) -> Self { with { $0.field.readOnly = readOnly } }
    /// Left out of the Tab order, still focusable by its mnemonic or a click (`tabStop: false`).
    public func tabStop(_ tabStop: Bool) -> Self { with { $0.field.tabStop = tabStop } }
    /// Positive indexes come first in the Tab order, ascending (`tabIndex`).
    public func tabIndex(_ index: Int) -> Self { with { $0.field.tabIndex = index } }
    /// The most characters it takes (`maxLength`).
    public func maxLength(_ length: Int) -> Self { with { $0.field.maxLength = length } }
    /// A regular expression the whole value must match, and what a value that does not is told
    /// (`pattern`, `patternMessage`).
    public func pattern(_ pattern: String, message: String? = nil) -> Self {
        with { $0.field.pattern = pattern; $0.field.patternMessage = message }
    }
    /// Shown only while the field `id` has one of `values` (`showWhen`).
    public func showWhen(_ id: String, in values: [String]) -> Self { with { $0.field.showWhen = ShowRule(field: id, values: values) } }
    /// Placed at this frame in content coordinates rather than in the flow (`frame`).
    public func frame(x: Double, y: Double, width: Double, height: Double) -> Self {
        with { $0.field.frame = Rect(x: x, y: y, width: width, height: height) }
    }

    /// A key command offered while this field has focus, before the section's and the form's.
    public func command(_ command: KeyCommand) -> Self { with { $0.commands.append(command) } }

    /// Asked when Return would move on or submit (the form's `returnKey`) while this field has
    /// focus: return false to keep it from doing so, having done what you wanted instead.
    public func shouldReturn(_ decide: @escaping @MainActor (FormSession) -> Bool) -> Self { with { $0.shouldReturn = decide } }

    /// BackSpace with no modifier while the field's text is empty, and was before the key (the
    /// token field's rule: deleting the last letter never also does this). Return true if you
    /// used the key; false lets the field have it.
    public func onBackspaceWhenEmpty(_ action: @escaping @MainActor (FormSession) -> Bool) -> Self {
        with { $0.backspaceWhenEmpty = action }
    }

    /// The app's own rule for the value, asked once the value passes the field's own rules
    /// (`required`, `format`, `pattern`, …) and is not empty: return a message to keep it from
    /// being submitted, or nil. The message shows where the built-in ones do, at submit and
    /// then as the value changes. The closure says the type it reads the value as, as
    /// `FormSession.value(of:as:)` reads it: `{ (name: String) in name == "root" ? "Not root" : nil }`.
    public func validate<Value: Decodable>(_ check: @escaping @MainActor (Value) -> String?) -> Self {
        let id = definition.field.id
        return with { $0.check = .now { check(FieldCheck.decoded($0, as: Value.self, field: id)) } }
    }

    /// A rule that takes time (a server's "that name is taken"): asked as soon as the value
    /// changes (and of the first value), while the person goes on. Meanwhile the field shows
    /// "Checking…" and is `busy` to a screen reader; a submit waits for the verdict. A verdict on
    /// a value since changed is dropped (its check is cancelled), never shown.
    public func validate<Value: Decodable>(_ check: @escaping @MainActor (Value) async -> String?) -> Self {
        let id = definition.field.id
        return with { $0.check = .later { await check(FieldCheck.decoded($0, as: Value.self, field: id)) } }
    }

    /// Called after the value changes, by the person or by the program (so setting this field's
    /// own value from here calls it again: set it only when it differs).
    public func onChange(_ action: @escaping @MainActor (FormSession) -> Void) -> Self { with { $0.valueChanged = action } }
}
