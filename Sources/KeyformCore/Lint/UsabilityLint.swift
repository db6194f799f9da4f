/// What makes a form unusable although its file is valid: nothing to focus, nothing shown, a
/// choice with nothing to choose, a field that only its own value could show.
enum UsabilityLint {
    static func findings(for form: Form) -> [LintFinding] {
        let session = FormSession(form: form, measurer: FocusLint.NoMeasuring(), viewport: form.size)
        var findings: [LintFinding] = []
        if !session.snapshot.nodes.contains(where: \.canFocus) {
            findings.append(LintFinding(.warning, path: "fields", "no field can take focus: a person can only press Escape or Ctrl+Return"))
        }
        if !form.fields.isEmpty, !session.tree.topLevel.contains(where: { session.shown[$0] }) {
            findings.append(LintFinding(.warning, path: "fields", "every field is hidden: the window opens empty"))
        }
        let paths = form.fieldPaths
        for node in 0..<session.tree.count {
            let field = session.tree[node].field, id = field.id, path = paths[id] ?? ""
            if type(of: session.tree[node].control).valueShape == .option, field.options.isEmpty {
                findings.append(LintFinding(.warning, path: path + ".options", "\"\(id)\" has no options to choose from"))
            }
            if field.showWhen?.field == id {
                findings.append(LintFinding(.warning, path: path + ".showWhen",
                                            "\"\(id)\" is shown only by its own value: hidden, it can never be given one"))
            }
        }
        return findings
    }
}

extension Form {
    /// Each field's JSON path in the file (`fields[2].fields[0]`), by id.
    var fieldPaths: [String: String] {
        var paths: [String: String] = [:]
        func visit(_ fields: [Field], _ path: String) {
            for (index, field) in fields.enumerated() {
                let fieldPath = "\(path)[\(index)]"
                paths[field.id] = fieldPath
                visit(field.fields, fieldPath + ".fields")
            }
        }
        visit(fields, "fields")
        return paths
    }
}
