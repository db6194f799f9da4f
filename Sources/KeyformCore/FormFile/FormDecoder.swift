/// Turns a positioned JSON tree into a `Form`, collecting every problem rather than stopping at
/// the first.
///
/// Fields are read in one pass that records every id; references to ids (`showWhen`, a section's
/// `tabOrder`) are checked after that pass, so they may point forwards in the file. A value that
/// is wrong is reported and left at its default, so one mistake does not cascade into others.
struct FormDecoder {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Every id, in the order declared (so "did you mean" picks deterministically), where it was
    /// first declared.
    private(set) var declarations: [Declaration] = []
    private var declarationIndex: [String: Int] = [:]
    /// Id references checked once every id is known.
    var references: [Reference] = []

    struct Declaration {
        var id: String
        var kind: FieldKind?
        /// The id of the enclosing section; nil at the top level.
        var section: String?
        var line: Int
        var column: Int
        var place: FieldPlace
    }

    /// Where a field is in the file: element `index` of the `fields` array at `array`, spelt
    /// (`fields[3]`) only for a message. Reading a form wrote one such path a field, and those
    /// indices were, with the desktop settings' screen number (`DesktopSettingsWatcher.decimal`),
    /// the only integers a window's start turned into digits: the standard library's code for it
    /// lies in 64 KB blocks that nothing else a window runs touches, which the kernel maps whole.
    struct FieldPlace {
        var array: String
        var index: Int
        var path: String { array + "[" + String(index) + "]" }
    }

    enum Reference {
        case showWhen(target: String, node: JSONNode, path: String)
        case tabOrder(node: JSONNode, path: String, section: String, children: [String])
    }

    static let formKeys = ["title", "direction", "size", "tabOrder", "edge", "returnKey", "fields", "commands"]

    /// The direction of a form whose file does not give one.
    let defaultDirection: Direction

    init(file: String, direction: Direction = .ltr) {
        self.file = file
        defaultDirection = direction
    }

    mutating func form(_ root: JSONNode) -> Form {
        var form = Form()
        form.direction = defaultDirection
        guard case .object(let members) = root.kind else {
            report("expected an object describing the form, found \(root.kind.name)", at: root, path: "")
            return form
        }
        checkKeys(members, known: Self.formKeys, path: "")
        checkLimits(members)
        // Fields first, wherever they are in the file: the rest refers to their ids.
        if let fields = members.first(where: { $0.key == "fields" }) {
            form.fields = self.fields(fields.value, path: "fields", section: nil)
        }
        resolveReferences()
        for member in members {
            let (node, path) = (member.value, member.key)
            switch member.key {
            case "title": form.title = string(node, path) ?? form.title
            case "direction": form.direction = choice(node, path, "direction", [Direction.ltr, .rtl]) ?? form.direction
            case "size":
                form.size = numbers(node, path, keys: ["width", "height"]).map { Size(width: $0[0], height: $0[1]) }
            case "tabOrder":
                checkTabOrder(node, path, section: nil, children: form.fields.map(\.id))
                form.tabOrder = node.strings
            case "edge": form.edge = choice(node, path, "edge", [EdgePolicy.wrap, .stop, .leave]) ?? form.edge
            case "returnKey":
                let policies: [ReturnKeyPolicy] = [.next, .nextThenSubmit, .submit, .none]
                form.returnKey = choice(node, path, "returnKey", policies) ?? form.returnKey
            case "commands": form.commands = commands(node, path)
            default: break
            }
        }
        return form
    }

    mutating func report(_ message: String, line: Int, column: Int, path: String) {
        diagnostics.append(Diagnostic(file: file, line: line, column: column, path: path, message: message))
    }

    /// Reports a problem with a value, at the place where the value starts.
    mutating func report(_ message: String, at node: JSONNode, path: String) {
        report(message, line: node.line, column: node.column, path: path)
    }

    /// Reports a problem with a key itself (unknown, or not allowed here), at the key.
    mutating func report(_ message: String, atKeyOf member: JSONMember, path: String) {
        report(message, line: member.keyLine, column: member.keyColumn, path: path)
    }

    /// Records a declared id, reporting it if it was declared before.
    mutating func declare(_ id: String, at node: JSONNode, place: FieldPlace, kind: FieldKind?, section: String?) {
        if let first = declaration(of: id) {
            report("duplicate id \"\(id)\", already used by \(first.place.path) at \(first.line):\(first.column)",
                   at: node, path: place.path + ".id")
            return
        }
        declarationIndex[id] = declarations.count
        declarations.append(Declaration(id: id, kind: kind, section: section, line: node.line, column: node.column,
                                        place: place))
    }

    /// Makes room for about `count` ids at once; growing the table step by step while reading a
    /// large form costs more than reading it.
    mutating func reserveDeclarations(_ count: Int) {
        declarations.reserveCapacity(count)
        declarationIndex.reserveCapacity(count)
    }

    func declaration(of id: String) -> Declaration? {
        declarationIndex[id].map { declarations[$0] }
    }
}

extension JSONNode {
    /// The strings of an array of strings, else nil; for values whose problems are reported elsewhere.
    var strings: [String]? {
        guard case .array(let items) = kind else { return nil }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item.kind else { return nil }
            strings.append(text)
        }
        return strings
    }
}

extension JSONNode.Kind {
    /// What a value is, for messages: `an array`, `a string`.
    var name: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// `fields[3].type`: the path of a member of the object at `path`.
func jsonPath(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
}
