/// A JSON value with the place where it starts in the source, so that whoever reads the tree can
/// name the line and column of anything it rejects.
///
/// Lines and columns are 1-based; a column counts Characters from the start of the line (as an
/// editor shows them), not bytes.
public struct JSONNode: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in source order; keys are unique (the parser rejects duplicates).
        case object([JSONMember])
    }

    public var kind: Kind
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind; self.line = line; self.column = column
    }
}

/// One `"key": value` pair of an object, with the position of its key.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var keyLine: Int
    public var keyColumn: Int
    public var value: JSONNode

    public init(key: String, keyLine: Int, keyColumn: Int, value: JSONNode) {
        self.key = key; self.keyLine = keyLine; self.keyColumn = keyColumn; self.value = value
    }
}

/// Why a document is not JSON, and where: `unexpected character "}", expected a value` at 3:7.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line; self.column = column; self.message = message
    }

    public var description: String { "\(line):\(column): \(message)" }
}
