/// Reading form files (docs/architecture.md › Form files): JSON in, a validated `Form` out, or
/// every problem found.
public enum FormFile {
    /// Parses and validates a form file. A JSON syntax error is reported alone (nothing after it
    /// can be trusted); otherwise every problem in the file is reported at once. `direction` is
    /// the form's direction when the file does not give one (the locale's).
    public static func parse(_ bytes: [UInt8], fileName: String, direction: Direction = .ltr) throws(FormFileError) -> Form {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw FormFileError(diagnostics: [
                Diagnostic(file: fileName, line: error.line, column: error.column, path: "", message: error.message),
            ])
        }
        var decoder = FormDecoder(file: fileName, direction: direction)
        let form = decoder.form(root)
        guard decoder.diagnostics.isEmpty else {
            let inFileOrder = decoder.diagnostics.enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }
            throw FormFileError(diagnostics: inFileOrder.map(\.element))
        }
        return form
    }

    public static func parse(_ text: String, fileName: String, direction: Direction = .ltr) throws(FormFileError) -> Form {
        try parse(Array(text.utf8), fileName: fileName, direction: direction)
    }
}
