/// `--draft`: the values are handed to the host a moment after the person stops typing (a
/// `PlatformRequest.saveDraft`), timed on the session's clock so tests and replay need no sleeping.
struct Autosave {
    let delay: Double
    /// When the pending save happens; nil when everything is saved.
    var due: Double?
    /// When the oldest unsaved change was made: someone who never pauses is still saved, at
    /// least every `maxDelayFactor` × `delay`.
    var pendingSince: Double?
    static let maxDelayFactor = 5.0
}

extension FormSession {
    /// Asks the host to save the values (never passwords) `delay` milliseconds after the last
    /// change, with a `.saveDraft` request.
    public func autosave(after delay: Double) {
        autosave = Autosave(delay: delay)
    }

    /// The host saved a draft: nil once the values are safe, else why not, shown as the form's
    /// notice (and announced) until a later save succeeds.
    public func draftSaved(problem: String?) {
        showNotice(problem)
    }

    func scheduleAutosave() {
        guard var pending = autosave else { return }
        let since = pending.pendingSince ?? now
        pending.pendingSince = since
        pending.due = min(now + pending.delay, since + pending.delay * Autosave.maxDelayFactor)
        autosave = pending
    }

    func autosaveIfDue() {
        guard let due = autosave?.due, now >= due else { return }
        autosave?.due = nil
        autosave?.pendingSince = nil
        post(.saveDraft(valuesWithoutPasswords))
    }
}
