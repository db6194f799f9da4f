import Glibc
import KeyformEnvironment

/// Where start-up's milliseconds go: with KEYFORM_TIMELINE set, each step writes
/// `keyform timeline: STEP MS` to standard error, MS on CLOCK_MONOTONIC (`MonotonicClock`), the
/// clock `keyform-bench` times the exec with, so it can subtract. Unset, a step costs one test of
/// a flag read once.
public enum StartupTimeline {
    static let isOn = Environment.value("KEYFORM_TIMELINE") != nil

    public static func mark(_ step: String) {
        guard isOn else { return }
        let line = "keyform timeline: \(step) \(MonotonicClock.now())\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
