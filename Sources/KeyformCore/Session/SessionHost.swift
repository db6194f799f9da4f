/// What runs a form: a window, `keyform replay`, a test. A host drives its session in batches,
/// each with `FormSession.runBatch(at:on:)`, which keeps the order every host needs; a second
/// host (a Wayland window, a surface inside an app) implements these two and shows the update
/// the batch returns (docs/architecture.md › Host contract).
public protocol SessionHost {
    associatedtype InputFailure: Error
    /// Hands the session this batch's input, each with `FormSession.handle(_:)` (or a program's
    /// change); none when only a deadline woke the host.
    mutating func deliverInput(to session: FormSession) throws(InputFailure)
    /// Carries out one of the batch's requests. Text the host has at once (its own selection)
    /// goes back with `handle(.paste(_:))`; text that comes later, in a later batch.
    mutating func perform(_ request: PlatformRequest, for session: FormSession)
}

extension FormSession {
    /// One batch, in the order every host keeps: the clock set to `now` first (so the batch's
    /// events happen now, and what fell due fires), then the host's input, then its requests
    /// (an answer may ask for more), then the app told what changed (`tellApp`: a hook's change
    /// may ask for more again), and last the one update of the batch, for the host to show:
    /// the repaints, the accessible events and the cursor, then a wait until input or
    /// `nextDeadline`, or the end with `result`.
    public func runBatch<Host: SessionHost>(at now: Double, on host: inout Host) throws(Host.InputFailure) -> SessionUpdate {
        advanceClock(to: now)
        try host.deliverInput(to: self)
        repeat { performRequests(on: &host) } while tellApp()
        return takeUpdate()
    }

    /// Carries out the requests made so far in the batch, and those their answers make: for a
    /// host whose next input must follow them (an input method told of the composition a click
    /// ended before it is given the next key), called from `deliverInput`. The update still
    /// lists them, with the rest of the batch.
    public func performRequests<Host: SessionHost>(on host: inout Host) {
        var requests = effects.takeRequests()
        while !requests.isEmpty {
            for request in requests { host.perform(request, for: self) }
            effects.performed += requests
            requests = effects.takeRequests()
        }
    }
}
