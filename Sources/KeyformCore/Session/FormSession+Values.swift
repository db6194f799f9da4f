/// The values the person entered, validation, and submitting.
extension FormSession {
    /// Every shown, enabled field with a value, keys in form order; tokens as arrays.
    public var values: JSONValue { values(includingPasswords: true) }

    /// The values a draft or a recovery message may hold: passwords are never written anywhere.
    public var valuesWithoutPasswords: JSONValue { values(includingPasswords: false) }

    /// `values` as the form submits them: a date in its output `format`.
    public var submittedValues: JSONValue { values(includingPasswords: true, submitting: true) }

    func values(includingPasswords: Bool, submitting: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = []
        for node in 0..<tree.count where submits(node) && (includingPasswords || !tree[node].field.kind.isSecret) {
            members.append((tree[node].field.id, value(of: node, submitting: submitting)))
        }
        return .object(members)
    }

    /// The fields whose value changed since the last call, or nil when any may have (a field
    /// shown or hidden): for writing the values again after an event (`ValuesWriter`).
    func takeChangedValues() -> Set<Int>? {
        defer { effects.changedValues = [] }
        return effects.changedValues
    }

    /// The ids of every field that can have a value, in form order (shown or not).
    public var valueIDs: [String] {
        (0..<tree.count).filter { tree.controlType(of: $0).valueShape != .none }.map { tree[$0].field.id }
    }

    /// Hidden and disabled fields (through any ancestor) are left out of the output.
    func submits(_ node: Int) -> Bool {
        tree.controlType(of: node).valueShape != .none && shown[node] && enabled[node]
    }

    func value(of node: Int, submitting: Bool) -> JSONValue {
        let control = tree[node].control, context = context(node)
        return (submitting ? control.submittedValue(in: context) : control.value(in: context)) ?? .null
    }

    /// The text of a field's value, for the replay report and `showWhen`.
    public func text(of id: String) -> String? {
        guard let node = tree.index(of: id) else { return nil }
        return textControl(node)?.textInput.editor.text
    }

    /// The message shown under a field after a refused submit, until its value is fixed.
    public func validationMessage(of id: String) -> String? {
        tree.index(of: id).flatMap { tree[$0].message }
    }

    /// Why a field's value cannot be submitted, or nil: `required`, the field's rules, then the
    /// app's own check (`SessionHooks.check`), asked only of a value that passes the rules.
    func validationMessage(for node: Int) -> String? {
        ruleProblem(node) ?? hooks.check(tree[node].field.id)
    }

    /// Why a field's value breaks `required` or the field's own rules, or nil.
    func ruleProblem(_ node: Int) -> String? {
        let field = tree[node].field, control = tree[node].control, context = context(node)
        if field.required && control.isEmpty(in: context) { return "\(field.displayName) is required" }
        return control.problem(in: context)
    }

    /// Shows (or takes away) the message under a field now rather than at the next submit.
    func showValidationMessage(_ node: Int) {
        let message = validationMessage(for: node)
        guard message != tree[node].message else { return }
        tree[node].message = message
        relayout()
    }

    /// Submits, or shows why not: every invalid field gets its message, and the first takes
    /// focus and is scrolled into view.
    package func submit() {
        focusTracking.messageWaits = nil
        for node in 0..<tree.count where submits(node) { tree[node].control.commitPending(in: context(node)) }
        var firstInvalid: Int?
        var messagesChanged = false
        for node in 0..<tree.count where submits(node) {
            let message = validationMessage(for: node)
            if message != tree[node].message { tree[node].message = message; messagesChanged = true }
            if message != nil && firstInvalid == nil { firstInvalid = node }
        }
        if messagesChanged { relayout() }
        if let firstInvalid { return requestFocus(firstInvalid, cause: .keyboard) }
        // The app is still checking a value ("Checking…" under it): the submit happens, or is
        // refused with its verdict, once it knows.
        if checksSubmittedValue {
            effects.submitWaitsForChecks = true
            return
        }
        let values = submittedValues
        if let refusal = hooks.submit(values) {
            // The app refused: its message shows under its field, as a field's own would (an id
            // not in the form refuses with nothing shown).
            guard let node = tree.index(of: refusal.field) else { return }
            tree[node].message = refusal.message
            relayout()
            requestFocus(node, cause: .keyboard)
        } else {
            result = .submitted(values)
        }
    }
}
