/// `--draft`: the values are handed to the host a moment after the person stops typing, timed on
/// the session's clock so tests and replay need no sleeping.
struct Autosave {
    let delay: Double
    /// Saves the values; returns nil when they are safe, else why not, for the person to see.
    let save: (JSONValue) -> String?
    /// When the pending save happens; nil when everything is saved.
    var due: Double?
    /// When the oldest unsaved change was made: someone who never pauses is still saved, at
    /// least every `maxDelayFactor` × `delay`.
    var pendingSince: Double?
    static let maxDelayFactor = 5.0
}

extension FormSession {
    /// Calls `save` with the values (never passwords) `delay` milliseconds after the last change.
    /// `save` returns nil once the values are safe, or why they are not: that is shown as the
    /// form's notice (and announced) until a later save succeeds.
    public func autosave(after delay: Double, _ save: @escaping (JSONValue) -> String?) {
        autosave = Autosave(delay: delay, save: save)
    }

    func scheduleAutosave() {
        guard var pending = autosave else { return }
        let since = pending.pendingSince ?? now
        pending.pendingSince = since
        pending.due = min(now + pending.delay, since + pending.delay * Autosave.maxDelayFactor)
        autosave = pending
    }

    func autosaveIfDue() {
        guard let pending = autosave, let due = pending.due, now >= due else { return }
        autosave?.due = nil
        autosave?.pendingSince = nil
        showNotice(pending.save(valuesWithoutPasswords))
    }
}
