import Foundation
import Testing

/// Date fields through the real binary: `keyform replay` with a form file and with quick-form
/// flags, and the window under Xvfb with keys sent through XTEST.
@Suite("Date fields end to end") struct DateReplayTests {
    static let form = #"""
    {"fields": [
      {"id": "start", "type": "date", "label": "_Start", "value": "2026-12-31"},
      {"id": "end", "type": "date", "label": "_End", "min": "2027-01-01", "format": "%e %B %Y"}
    ]}
    """#

    func submitted(_ run: RunResult) -> [String: Any]? {
        (run.jsonLines.last?["result"] as? [String: Any])?["values"] as? [String: Any]
    }

    @Test func replayPrintsTheISOValueAndTheFormattedOne() throws {
        let run = try keyform(["replay", "--form", "-", "Up", "Tab", "type:2027-03-05", "Return"], stdin: Self.form)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines[0]["text"] as? String == "2027-01-01")  // 31 December + 1 day
        #expect((run.jsonLines[2]["values"] as? [String: String])?["end"] == "2027-03-05")  // the running value is ISO
        let values = try #require(submitted(run))
        #expect(values["start"] as? String == "2027-01-01")
        #expect(values["end"] as? String == " 5 March 2027")
    }

    @Test func quickFormDateWithFormatAndToday() throws {
        let run = try keyform(["replay", "--date", "due:Due", "--date-format", "%d/%m/%Y", "--today", "2026-02-28",
                               "Up", "alt+Down", "Page_Down", "Return", "ctrl+Return"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines[0]["text"] as? String == "2026-02-28")  // Up on an empty field shows --today
        #expect((run.jsonLines[1]["overlay"] as? [String: String]) == ["kind": "calendar", "highlighted": "2026-02-28"])
        #expect(submitted(run)?["due"] as? String == "28/03/2026")
    }

    @Test func anImpossibleDateIsRefusedAtSubmit() throws {
        let run = try keyform(["replay", "--date", "due:Due", "type:2026-02-30", "ctrl+Return"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines.last?["result"] is NSNull)
        #expect(run.jsonLines.last?["focus"] as? String == "due")
    }

    @Test(arguments: [
        (["--date", "Due", "--today", "2026-02-30"], "--today"),
        (["--date", "Due", "--date-format", "%d %Q"], #"--date-format: "%Q" is not a date conversion"#),
        (["--field", "Name", "--date-format", "%d"], "--date-format is for --date fields"),
    ])
    func badDateFlagsExit2(flags: [String], message: String) throws {
        let run = try keyform(["replay"] + flags)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func aBadDateInTheFormFileNamesItsPlace() throws {
        let form = #"{"fields": [{"id": "d", "type": "date", "value": "2026-02-30"}]}"#
        let run = try keyform(["check", "--form", "-"], stdin: form)
        #expect(run.status == 2)
        #expect(run.stderr.contains(#"<stdin>:1:50: value "2026-02-30": February 2026 has 28 days (fields[0].value)"#), "\(run.stderr)")
    }
}

@Suite("Date fields in the window under Xvfb", .serialized) struct DateWindowTests {
    /// Typed, stepped with Up, then the calendar: Right a day, Down a week, Return chooses; the
    /// same keys in replay give the same value. AZERTY types its digits with Shift.
    @Test(arguments: ["us", "fr"])
    @MainActor func typeStepAndChooseInTheCalendar(layout: String) throws {
        let flags = ["--date", "due:Due", "--date-format", "%d/%m/%Y", "--today", "2026-11-23"]
        let form = try LiveForm(layout: layout, arguments: flags)
        try form.xdotool("type", "--delay", "5", "2026-02-14")
        try form.xdotool("key", "Up")         // the day under the caret: the 15th
        try form.xdotool("key", "alt+Down")   // the calendar on the 15th
        try form.xdotool("key", "Right")      // the 16th
        try form.xdotool("key", "Down")       // the 23rd
        try form.xdotool("key", "Return")     // chosen, the calendar closed
        try form.xdotool("key", "ctrl+Return")
        #expect(try form.submittedValues()["due"] as? String == "23/02/2026")
        let replayed = try keyform(["replay"] + flags + ["type:2026-02-14", "Up", "alt+Down", "Right", "Down", "Return", "ctrl+Return"])
        #expect((replayed.jsonLines.last?["result"] as? [String: Any]).flatMap { $0["values"] as? [String: String] } == ["due": "23/02/2026"])
    }
}
