/// One problem in a form file, named by place: `form.json:12:5: unknown field type "txt" (fields[3].type)`.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// The JSON path of the offending value or key, like `fields[3].type`; empty for the document
    /// as a whole and for JSON syntax errors.
    public var path: String
    public var message: String

    public init(file: String, line: Int, column: Int, path: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.path = path; self.message = message
    }

    public var description: String {
        "\(file):\(line):\(column): \(message)" + (path.isEmpty ? "" : " (\(path))")
    }
}

/// Why a form file was rejected: every problem found, in the order they appear in the file.
public struct FormFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The diagnostics, one a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
