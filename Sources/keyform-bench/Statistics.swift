import KeyformX11

/// The benchmark's clock, the screen watcher's: CLOCK_MONOTONIC in milliseconds.
func now() -> Double { MonotonicClock.now() }

/// Min, median and 95th percentile of a set of samples (milliseconds, kilobytes, …).
struct Summary: Codable, Sendable {
    var count: Int
    var min: Double
    var median: Double
    var p95: Double

    /// Nil when there are no samples.
    init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        median = Self.quantile(sorted, 0.5)
        p95 = Self.quantile(sorted, 0.95)
    }

    /// Linear interpolation between the closest ranks.
    private static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let rank = q * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down)), high = Int(rank.rounded(.up))
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }
}

/// The median of some values, nil when there are none.
func median(_ values: [Double]) -> Double? { Summary(values)?.median }
