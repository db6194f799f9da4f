/// What `keyform check` tells a form's author beyond the file's validity: clashing shortcuts and
/// mnemonics, keys that do not exist, focus problems. A check is a function from the form to
/// findings; add one to `checks`.
public enum FormLint {
    static let checks: [@Sendable (Form, any KeyNaming) -> [LintFinding]] = [
        ShortcutLint.findings,
        MnemonicLint.findings,
        AccessibleNameLint.findings,
        { form, _ in FocusLint.findings(for: form) },
        { form, _ in UsabilityLint.findings(for: form) },
    ]

    public static func findings(for form: Form, keyNames: any KeyNaming) -> [LintFinding] {
        checks.flatMap { $0(form, keyNames) }
    }

    /// Every field in form order, sections' fields after their section, with its JSON path
    /// (`fields[2].fields[0]`).
    static func forEachField(in form: Form, _ body: (Field, String) -> Void) {
        func visit(_ fields: [Field], _ path: String) {
            for (index, field) in fields.enumerated() {
                body(field, "\(path)[\(index)]")
                visit(field.fields, "\(path)[\(index)].fields")
            }
        }
        visit(form.fields, "fields")
    }
}

public struct LintFinding: Equatable, Sendable {
    public enum Severity: String, Sendable { case warning, error }

    public var severity: Severity
    /// The JSON path of what it is about (`commands[1].key`); empty for the form as a whole.
    public var path: String
    public var message: String

    public init(_ severity: Severity, path: String, _ message: String) {
        self.severity = severity; self.path = path; self.message = message
    }

    /// `form.json:3:14: warning: … (commands[1].key)`, at the place in `document` the path
    /// names, or where the key it names would go (a missing `options`: its field; a missing
    /// `fields`: the form); `form.json: warning: …` with no document (a form from flags).
    public func description(file: String, document: JSONNode?) -> String {
        var place = document.map { "\(file):\($0.line):\($0.column)" } ?? file
        var located = Substring(path)
        while let document, !located.isEmpty {
            if let node = document.node(at: String(located)) { place = "\(file):\(node.line):\(node.column)"; break }
            located = located[..<(located.lastIndex(of: ".") ?? located.startIndex)]
        }
        return "\(place): \(severity.rawValue): \(message)" + (path.isEmpty ? "" : " (\(path))")
    }
}

extension JSONNode {
    /// The value at a path like `fields[2].fields[0].label`, or nil if there is none.
    public func node(at path: String) -> JSONNode? {
        guard !path.isEmpty else { return nil }
        var node = self
        for segment in path.split(separator: ".") {
            let parts = segment.split(separator: "[")
            guard let key = parts.first, case .object(let members) = node.kind,
                  let member = members.first(where: { $0.key == key }) else { return nil }
            node = member.value
            for index in parts.dropFirst() {
                guard let i = Int(index.dropLast()), case .array(let items) = node.kind, items.indices.contains(i) else { return nil }
                node = items[i]
            }
        }
        return node
    }
}

/// Form commands: keys that name no key are errors; two on one chord, a warning (the first wins).
enum ShortcutLint {
    static func findings(_ form: Form, _ names: any KeyNaming) -> [LintFinding] {
        var findings: [LintFinding] = []
        var first: [KeyChord: Int] = [:]
        for (index, command) in form.commands.enumerated() {
            let path = "commands[\(index)].key"
            do {
                let chord = try KeyChord(parsing: command.key, names: names)
                if let earlier = first[chord] {
                    findings.append(LintFinding(.warning, path: path,
                        "\(chord.label(names: names)) is bound twice in this form, here and in commands[\(earlier)]; only the first runs"))
                } else {
                    first[chord] = index
                }
            } catch {
                findings.append(LintFinding(.error, path: path, error.message))
            }
        }
        return findings
    }
}

/// Labels that share a mnemonic letter: Alt+letter then moves between them instead of going
/// straight to one (GTK's rule), which is rarely what the author meant.
enum MnemonicLint {
    static func findings(_ form: Form, _ names: any KeyNaming) -> [LintFinding] {
        var findings: [LintFinding] = []
        var first: [String: (label: String, path: String)] = [:]
        FormLint.forEachField(in: form) { field, fieldPath in
            let mnemonic = Mnemonic(label: field.label)
            guard field.kind.control.labelHasMnemonic, let letter = mnemonic.character.map({ $0.lowercased() }) else { return }
            let labelPath = fieldPath + ".label"
            if let earlier = first[letter] {
                findings.append(LintFinding(.warning, path: labelPath,
                    "mnemonic \"\(letter.uppercased())\" of \"\(mnemonic.text)\" is also used by \"\(earlier.label)\" (\(earlier.path)); Alt+\(letter.uppercased()) moves between them"))
            } else {
                first[letter] = (mnemonic.text, labelPath)
            }
        }
        return findings
    }
}

/// A field a person can reach with no label and no placeholder: a screen reader has nothing to
/// call it by but its role ("entry"), so someone who cannot see the form cannot tell what it asks.
enum AccessibleNameLint {
    static func findings(_ form: Form, _ names: any KeyNaming) -> [LintFinding] {
        var findings: [LintFinding] = []
        FormLint.forEachField(in: form) { field, path in
            let control = field.kind.control
            let label = control.labelHasMnemonic ? Mnemonic(label: field.label).text : field.label
            guard control.takesFocus && label.trimmingSpaces.isEmpty && field.placeholder.trimmingSpaces.isEmpty else { return }
            findings.append(LintFinding(.warning, path: path,
                "\(field.kind.rawValue) field \"\(field.id)\" has no label or placeholder: a screen reader cannot say what it is for"))
        }
        return findings
    }
}
