/// When the window starts parsing the compose table (`XKeyboard.loadCompose`): a moment after it
/// has answered its first exposure, when nothing waits. The parse takes milliseconds of CPU on a
/// thread of its own. A window manager shows the window only once it is exposed, so loading right
/// after the first paint kept the form off the screen; loading right after answering the exposure
/// took a core from the X server (and a compositor) while they put that frame on the screen: on two
/// cores the frame showed 0.6 ms later (`keyform-bench --compare`). A key before then loads the
/// table itself.
struct ComposeLoadSchedule {
    /// Milliseconds from the answered exposure: a few of a compositor's 16 ms frames, and far
    /// less than anyone takes to start typing into a window that has just appeared.
    static let delay = 50.0

    /// When the parse is due (MonotonicClock ms); nil until the first exposure is answered.
    private var due: Double?
    private var started = false

    /// Notes a paint that answered an exposure; the first one sets when the parse is due.
    mutating func exposureAnswered(at now: Double) {
        if due == nil { due = now + Self.delay }
    }

    /// When the loop must wake to start the parse; nil once started, or before it is due to be.
    var nextDeadline: Double? { started ? nil : due }

    /// True once: the first time it is asked at or after the due time.
    mutating func startsNow(at now: Double) -> Bool {
        guard !started, let due, now >= due else { return false }
        started = true
        return true
    }
}
