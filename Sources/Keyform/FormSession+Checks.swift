import KeyformCore

/// The app's own checks of values (`FieldElement.validate`), run for the session.
extension FormSession {
    /// Whether the app's check of the field's value is running ("Checking…" under it). Throws
    /// for an id the form does not have.
    public func isChecking(_ id: String) throws(SessionError) -> Bool {
        try requireField(id)
        return core.isChecking(id)
    }

    /// Returns once no check that takes time is running: for tests, to see a verdict.
    public func checksFinished() async {
        while let running = checks.values.first { await running.value }
    }

    /// The app's verdict on the field's value now: the check's own, or the last verdict of a
    /// check that took time if it is about this value (else nil: its check is running).
    func verdict(of id: String) -> String? {
        guard let check = form.behaviour.checks[id], let value = try? value(of: id), FieldCheck.applies(to: value) else { return nil }
        switch check {
        case .now(let check): return check(value)
        case .later: return verdicts[id].flatMap { $0.value == value ? $0.message : nil }
        }
    }

    /// After the field's value changed: a check that takes time, still running for the old
    /// value, is cancelled, and one starts for the new value if it passes the field's own rules.
    func startCheck(of id: String) {
        guard case .later(let check) = form.behaviour.checks[id] else { return }
        checks.removeValue(forKey: id)?.cancel()
        guard let value = try? value(of: id), FieldCheck.applies(to: value), core.ruleProblem(of: id) == nil else {
            return core.setChecking(false, of: id)
        }
        core.setChecking(true, of: id)
        checks[id] = Task { [weak self] in
            // Changed again before the check began (the letters of one paste, or of `type:`):
            // only the last value is asked about.
            guard !Task.isCancelled else { return }
            let message = await check(value)
            guard let self, !Task.isCancelled else { return }
            checks[id] = nil
            verdicts[id] = (value, message)
            change { core.setChecking(false, of: id) }
        }
    }
}
