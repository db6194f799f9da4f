/// Anything that goes into a form built in code: a field, a section, a key command.
public protocol FormElement: Sendable {
    /// What it adds to the form; made by Keyform's own elements.
    var formParts: [FormPart] { get }
}

/// One piece of a form being built: a field (with its commands and hooks) or a key command.
/// Its contents are Keyform's own.
public struct FormPart: Sendable {
    enum Content: Sendable {
        case field(FieldDefinition)
        case command(KeyCommand)
    }

    let content: Content
}

/// Builds a form's (or a section's) contents from fields, sections and key commands, with `if`,
/// `switch` and `for` as in SwiftUI.
@resultBuilder
public enum FormBuilder {
    /// A field, a section or a command.
    public static func buildExpression(_ element: some FormElement) -> [FormPart] { element.formParts }
    /// The elements in order.
    public static func buildBlock(_ parts: [FormPart]...) -> [FormPart] { parts.flatMap { $0 } }
    /// `if` without `else`: nothing when false.
    public static func buildOptional(_ parts: [FormPart]?) -> [FormPart] { parts ?? [] }
    /// `if`/`else` and `switch`: the branch taken.
    public static func buildEither(first parts: [FormPart]) -> [FormPart] { parts }
    /// `if`/`else` and `switch`: the branch taken.
    public static func buildEither(second parts: [FormPart]) -> [FormPart] { parts }
    /// `for … in`: every pass's elements, in order.
    public static func buildArray(_ parts: [[FormPart]]) -> [FormPart] { parts.flatMap { $0 } }
}
