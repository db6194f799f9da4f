import Glibc

/// The host clock the core's timers run on: CLOCK_MONOTONIC in milliseconds, which never jumps
/// when the wall clock is set.
public enum MonotonicClock {
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// The soonest of some deadlines on this clock, nil if none is set. Outside the main actor:
    /// a closure of its would check the executor on each call.
    static func earliest(_ deadlines: Double?...) -> Double? { deadlines.compactMap { $0 }.min() }
}
