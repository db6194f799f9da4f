/// The app's own checks of a value that take time (the `Keyform` library's async validators):
/// while one runs, the field shows "Checking…" where a message goes and is `busy` to a screen
/// reader, and a submit waits for it.
extension FormSession {
    /// Whether the app is checking the field's value now.
    package func isChecking(_ id: String) -> Bool { tree.index(of: id).map { tree[$0].isChecking } ?? false }

    /// Why the field's value breaks `required` or its own rules, or nil: the app checks only
    /// values that pass them.
    package func ruleProblem(of id: String) -> String? { tree.index(of: id).flatMap(ruleProblem) }

    /// Starts or ends the app's check of a field's value. At its end the field shows the
    /// verdict (`SessionHooks.check`) at once, a screen reader hears it, and a submit that
    /// waited goes on once no field is being checked. `id` is one the app's form builder gave a
    /// check, so the form has it.
    package func setChecking(_ checking: Bool, of id: String) {
        guard let node = tree.index(of: id), tree[node].isChecking != checking else { return }
        tree[node].isChecking = checking
        if !checking {
            tree[node].message = validationMessage(for: node)
            // The verdict came after the person stopped to wait for it: it is told now, even
            // with focus still in the field.
            if focusTracking.messageWaits == node { focusTracking.messageWaits = nil }
        }
        relayout()
        if !checking && effects.submitWaitsForChecks && !checksSubmittedValue {
            effects.submitWaitsForChecks = false
            submitNow()
        }
    }

    /// Whether the app is checking a value the form would submit (of a shown, enabled field).
    var checksSubmittedValue: Bool { (0..<tree.count).contains { submits($0) && tree[$0].isChecking } }
}
