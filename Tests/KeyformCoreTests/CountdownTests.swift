import KeyformCore
import Testing

/// `--timeout`: a countdown the core draws and ends on its injected clock.
@Suite struct CountdownTests {
    static let form = #"{"title": "T", "size": {"width": 400, "height": 300}, "fields": [{"id": "a", "type": "picker", "options": ["x"]}]}"#

    func session(seconds: Double, direction: String = "ltr") throws -> FormSession {
        let form = try makeForm(Self.form.replacingOccurrences(of: #""title""#, with: #""direction": "\#(direction)", "title""#))
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        session.advanceClock(to: 5_000)  // the host's clock need not start at 0
        session.startCountdown(seconds: seconds)
        return session
    }

    @Test func theWindowWakesEachSecondAndTheTextCountsDown() throws {
        let session = try session(seconds: 3)
        #expect(session.countdownText == "Closes in 3 s")
        #expect(texts(session).contains("Closes in 3 s"))
        #expect(session.nextDeadline == 6_000)
        _ = session.takeUpdate().repaints
        session.advanceClock(to: 6_000)
        #expect(session.countdownText == "Closes in 2 s")
        // Only the countdown is repainted, not the window.
        let dirty = session.takeUpdate().repaints
        #expect(dirty.count == 1 && dirty[0].width < 200 && dirty[0].height < 40)
        #expect(session.nextDeadline == 7_000)
        session.advanceClock(to: 7_500)
        #expect(session.countdownText == "Closes in 1 s")
        #expect(session.nextDeadline == 8_000)
        #expect(session.result == nil && !session.timedOut)
    }

    @Test func atZeroTheFormIsCancelled() throws {
        let session = try session(seconds: 2)
        session.advanceClock(to: 7_000)
        #expect(session.result == .cancelled)
        #expect(session.timedOut)
        #expect(session.nextDeadline == nil)
    }

    @Test func minutesShowAsMinutesAndSeconds() throws {
        let session = try session(seconds: 90.5)
        #expect(session.countdownText == "Closes in 1:31")
        session.advanceClock(to: 5_000 + 31_500)
        #expect(session.countdownText == "Closes in 59 s")
    }

    @Test func theCountdownSitsAtTheTrailingEndOfTheTitleRow() throws {
        let ltr = try session(seconds: 10), rtl = try session(seconds: 10, direction: "rtl")
        let left = try #require(run(ltr)?.origin.x), right = try #require(run(rtl)?.origin.x)
        #expect(left > 200 && right < 200)
        #expect(try #require(run(ltr)?.origin.y) < 30)
    }

    @Test func noCountdownWithoutATimeout() throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        #expect(session.countdownText == nil)
        #expect(session.nextDeadline == nil)
        session.advanceClock(to: 1e9)
        #expect(session.result == nil)
    }

    @Test func replayWaitsRunTheCountdown() throws {
        var runner = ReplayRunner(session: FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer()), keys: TestKeys())
        runner.session.startCountdown(seconds: 1)
        _ = try runner.run(.wait(milliseconds: 999))
        #expect(runner.session.result == nil)
        _ = try runner.run(.wait(milliseconds: 1))
        #expect(runner.report(event: "wait:1", handled: true)["result"] == .object([("status", .string("cancelled"))]))
    }

    func run(_ session: FormSession) -> TextRun? {
        items(session).first { $0.text.hasPrefix("Closes in") }
    }

    func texts(_ session: FormSession) -> [String] { items(session).map(\.text) }

    func items(_ session: FormSession) -> [TextRun] {
        session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items
            .compactMap { if case .text(let run) = $0 { return run } else { return nil } }
    }
}
