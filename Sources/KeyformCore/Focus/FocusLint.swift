/// What `keyform check` tells a form's author about focus: fields Tab can never reach, explicit
/// orders that jump backwards against the reading order, and sections Tab cannot enter.
public enum FocusLint {
    public static func warnings(for form: Form) -> [String] { findings(for: form).map(\.message) }

    /// The warnings, each at the JSON path of the field (or `tabOrder`) it is about.
    static func findings(for form: Form) -> [LintFinding] {
        let session = FormSession(form: form, measurer: NoMeasuring(), viewport: form.size)
        let snapshot = session.snapshot, paths = form.fieldPaths
        var findings: [LintFinding] = []
        let byID = Dictionary(snapshot.nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, node) in snapshot.nodes.enumerated() {
            let field = session.tree[index].field, path = paths[node.id] ?? ""
            if let rule = field.showWhen, let source = byID[rule.field], let values = session.tree[source].field.showWhenValues,
               Set(rule.values).isDisjoint(with: values) {
                findings.append(LintFinding(.warning, path: path + ".showWhen",
                                            "\"\(node.id)\" is never shown: \"\(rule.field)\" has none of the values \(rule.values)"))
            }
            if node.isContainer, !field.hidden, !field.disabled, !hasStop(under: index, snapshot) {
                findings.append(LintFinding(.warning, path: path, "section \"\(node.id)\" has no field Tab can reach"))
            }
        }
        // Sorted, so that the findings come in the same order on every run.
        for (container, explicit) in snapshot.explicitOrder.sorted(by: { ($0.key ?? -1) < ($1.key ?? -1) }) {
            let reading = ReadingOrder.sort(snapshot.children[container] ?? [], frames: { snapshot.nodes[$0].frame },
                                            direction: snapshot.direction)
            let rank = Dictionary(uniqueKeysWithValues: reading.enumerated().map { ($1, $0) })
            let path = container.map { (paths[snapshot.nodes[$0].id] ?? "") + ".tabOrder" } ?? "tabOrder"
            for (a, b) in zip(explicit, explicit.dropFirst()) where (rank[b] ?? 0) < (rank[a] ?? 0) {
                findings.append(LintFinding(.warning, path: path,
                    "tabOrder goes backwards: \"\(snapshot.nodes[b].id)\" comes after \"\(snapshot.nodes[a].id)\" but stands before it on screen"))
            }
        }
        return findings
    }

    /// Whether Tab can stop somewhere inside a container, when it is shown.
    static func hasStop(under container: Int, _ snapshot: FocusSnapshot) -> Bool {
        (snapshot.children[container] ?? []).contains {
            snapshot.nodes[$0].isContainer ? hasStop(under: $0, snapshot) : snapshot.nodes[$0].isTabStop
        }
    }

    /// Focus needs frames, not text: a measurer that measures nothing.
    struct NoMeasuring: TextMeasuring {
        func caretOffsets(_ text: String, font: Font) -> [Double] { Array(repeating: 0, count: text.count + 1) }
        func lineHeight(_ font: Font) -> Double { 16 }
    }
}

extension Field {
    /// Every value a `showWhen` on this field can see, or nil when it may be any text: a
    /// picker's or a radio group's options or none chosen (""), a checkbox's "true" and "false".
    var showWhenValues: [String]? {
        switch kind.control.valueShape {
        case .option: options + [""]
        case .boolean: ["true", "false"]
        case .none, .string, .strings, .isoDate: nil
        }
    }
}
