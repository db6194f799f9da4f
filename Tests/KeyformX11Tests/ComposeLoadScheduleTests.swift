@testable import KeyformX11
import Testing

/// When the window starts parsing the compose table: once, `delay` ms after the first answered
/// exposure, never before one.
@Suite("When the compose table loads") struct ComposeLoadScheduleTests {
    /// Each step: an answered exposure (true) or a question (false) at a time in ms, and whether
    /// the parse starts then. The schedule's delay is 50 ms.
    static let cases: [(name: String, steps: [(time: Double, exposure: Bool, starts: Bool)])] = [
        ("nothing before an exposure", [(0, false, false), (1_000, false, false)]),
        ("due the delay after the exposure", [(10, true, false), (59.9, false, false), (60, false, true)]),
        ("asked late, starts at once", [(10, true, false), (500, false, true)]),
        ("only once", [(10, true, false), (60, false, true), (61, false, false), (5_000, false, false)]),
        ("later exposures do not move it", [(10, true, false), (40, true, false), (60, false, true)]),
    ]

    @Test(arguments: cases.indices) func startsOnceItIsDue(_ index: Int) {
        var schedule = ComposeLoadSchedule()
        for step in Self.cases[index].steps {
            if step.exposure {
                schedule.exposureAnswered(at: step.time)
            } else {
                #expect(schedule.startsNow(at: step.time) == step.starts, "\(Self.cases[index].name) at \(step.time) ms")
            }
        }
    }

    @Test func theLoopWakesWhenItIsDueAndNotAfterItStarted() {
        var schedule = ComposeLoadSchedule()
        #expect(schedule.nextDeadline == nil)
        schedule.exposureAnswered(at: 100)
        #expect(schedule.nextDeadline == 100 + ComposeLoadSchedule.delay)
        _ = schedule.startsNow(at: 100 + ComposeLoadSchedule.delay)
        #expect(schedule.nextDeadline == nil)
    }
}
