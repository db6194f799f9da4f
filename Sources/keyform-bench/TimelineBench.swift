import Foundation

/// Where one program's start-up milliseconds go: the steps it writes with KEYFORM_TIMELINE set,
/// as ms from exec, and the dynamic loader's own time (LD_DEBUG=statistics), every start.
struct StartupTimeline: Codable, Sendable {
    struct Step: Codable, Sendable {
        var name: String
        var ms: Double
    }

    var name: String
    /// One list of steps per start, in the order written; then "window mapped" and "last paint
    /// before quiet", seen from outside.
    var starts: [[Step]] = []
    /// The dynamic loader's start-up time per start (ms, from its cycles at the CPU's clock).
    var loaderMs: [Double] = []

    /// The steps `stderr` holds (`… timeline: STEP MS` lines, MS on the benchmark's clock) as ms
    /// after `startedAt`, and the loader's statistics.
    mutating func add(stderr: String, startedAt: Double, mapped: Double, quiet: Double) {
        var steps: [Step] = []
        for line in stderr.split(separator: "\n") {
            if let range = line.range(of: "timeline: "), let space = line.lastIndex(of: " "), space > range.upperBound,
               let time = Double(line[line.index(after: space)...]),
               !steps.contains(where: { $0.name == String(line[range.upperBound..<space]) }) {
                steps.append(Step(name: String(line[range.upperBound..<space]), ms: time - startedAt))
            } else if loaderMs.count < starts.count + 1, let range = line.range(of: "total startup time in dynamic loader: "),
                      let cycles = Double(line[range.upperBound...].prefix { $0.isNumber }), let megahertz = Self.cpuMegahertz {
                loaderMs.append(cycles / (megahertz * 1000))
            }
        }
        starts.append(steps + [Step(name: "window mapped (seen from outside)", ms: mapped),
                               Step(name: "last paint before quiet (seen from outside)", ms: quiet)])
    }

    /// The median of each step over the starts, in the order of the first start.
    var medians: [Step] {
        (starts.first ?? []).map { step in
            Step(name: step.name, ms: median(starts.compactMap { $0.first { $0.name == step.name }?.ms }) ?? 0)
        }
    }

    /// The CPU's clock, which the loader's cycle counts (the time stamp counter) tick at.
    static let cpuMegahertz: Double? = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("cpu MHz") }?
        .split(separator: ":").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
}
