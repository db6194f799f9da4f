/// The values the person entered, validation, and submitting.
extension FormSession {
    /// Every shown, enabled field with a value, keys in form order; tokens as arrays.
    public var values: JSONValue { values(includingPasswords: true) }

    /// The values a draft or a recovery message may hold: passwords are never written anywhere.
    public var valuesWithoutPasswords: JSONValue { values(includingPasswords: false) }

    func values(includingPasswords: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for node in 0..<tree.count where submits(node) && (includingPasswords || tree[node].field.kind != .password) {
            members.append((tree[node].field.id, value(of: node)))
        }
        return .object(members)
    }

    /// Hidden and disabled fields (through any ancestor) are left out of the output.
    func submits(_ node: Int) -> Bool {
        tree[node].field.kind.hasValue && shown[node] && enabled[node]
    }

    func value(of node: Int) -> JSONValue {
        let field = tree[node].field, state = states[node]
        switch field.kind {
        // Text typed and not yet a token is part of the value: a draft or a recovery holds it too.
        case .tokens: return .array((state.tokens + [pendingToken(node)].compactMap { $0 }).map { .string($0) })
        case .picker: return .string(state.choice.map { field.options[$0] } ?? "")
        default: return .string(state.editor.text)
        }
    }

    /// The text of a field's value, for the replay report and `showWhen`.
    public func text(of id: String) -> String? {
        guard let node = tree.index(of: id), tree[node].field.kind.isTextual else { return nil }
        return states[node].editor.text
    }

    /// The message shown under a field after a refused submit, until its value is fixed.
    public func validationMessage(of id: String) -> String? {
        tree.index(of: id).flatMap { states[$0].message }
    }

    /// Why a field's value cannot be submitted, or nil: `required`, then the field's rules.
    func validationMessage(for node: Int) -> String? {
        let field = tree[node].field
        let empty: Bool
        switch field.kind {
        case .tokens: empty = states[node].tokens.isEmpty && pendingToken(node) == nil
        case .picker: empty = states[node].choice == nil
        default: empty = states[node].editor.text.trimmingSpaces.isEmpty
        }
        if field.required && empty { return "\(field.displayName) is required" }
        if field.kind == .tokens { return duplicateToken(node).map { "\(field.displayName) already has “\($0)”" } }
        return field.kind.isTextual ? field.problem(with: states[node].editor.text) : nil
    }

    /// Shows (or takes away) the message under a field now rather than at the next submit.
    func showValidationMessage(_ node: Int) {
        let message = validationMessage(for: node)
        guard message != states[node].message else { return }
        states[node].message = message
        relayout()
    }

    /// Submits, or shows why not: every invalid field gets its message, and the first takes
    /// focus and is scrolled into view.
    func submit() {
        for node in 0..<tree.count where submits(node) { commitPendingText(node) }
        var firstInvalid: Int?
        var messagesChanged = false
        for node in 0..<tree.count where submits(node) {
            let message = validationMessage(for: node)
            if message != states[node].message { states[node].message = message; messagesChanged = true }
            if message != nil && firstInvalid == nil { firstInvalid = node }
        }
        if messagesChanged { relayout() }
        if let firstInvalid {
            setFocus(firstInvalid, cause: .keyboard)
        } else {
            result = .submitted(values)
        }
    }
}
