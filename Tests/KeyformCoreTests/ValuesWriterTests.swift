@testable import KeyformCore
import Testing

/// The replay report writes the values field by field, only the fields an event changed
/// (`ValuesWriter`); after every event they must be what writing all of them afresh gives.
@Suite("Values written field by field") struct ValuesWriterTests {
    static let form = #"""
    {"title": "t", "size": {"width": 400, "height": 600}, "fields": [
      {"id": "name", "type": "text"},
      {"id": "pin", "type": "password"},
      {"id": "years", "type": "picker", "options": ["0", "1", "5"], "value": "0"},
      {"id": "lead", "type": "text", "showWhen": {"field": "years", "in": ["5"]}},
      {"id": "skills", "type": "tokens", "options": ["C", "Swift"]},
      {"id": "ok", "type": "checkbox"},
      {"id": "notes", "type": "textarea"},
      {"id": "box", "type": "section", "fields": [{"id": "city", "type": "text"}]}
    ]}
    """#

    static let scripts: [[String]] = [
        ["type:Ada", "BackSpace", "Tab", "type:1234", "ctrl+a", "Delete"],
        ["focus:years", "End", "Tab", "type:4", "shift+Tab", "Home", "Tab", "type:y", "focus:years", "End"],
        ["focus:skills", "type:Swift", "Return", "type:X11", "Return", "BackSpace", "BackSpace"],
        ["focus:ok", "space", "space", "space", "focus:notes", "type:a", "Return", "type:b", "ctrl+z", "ctrl+z"],
        ["type:Ada", "hide:name", "focus:city", "type:London", "show:name", "disable:box", "type:x", "enable:box"],
        ["type:Ada", "remove:name", "focus:city", "type:Paris", "remove:box", "focus:notes", "type:n"],
        ["focus:notes", "preedit:한", "preedit:한글", "commit:한글", "paste:more\ntext", "ctrl+a", "BackSpace"],
    ]

    @Test(arguments: scripts) func afterEveryEventTheValuesAreWrittenAfresh(_ script: [String]) throws {
        var runner = ReplayRunner(session: FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer()), keys: TestKeys())
        for line in script {
            let handled = try runner.run(try ReplayEvent(parsing: line))
            let written = String(decoding: runner.reportLine(event: line, handled: handled), as: UTF8.self)
            var afresh: [UInt8] = []
            runner.session.values.write(to: &afresh)
            #expect(written.contains(#","values":"# + String(decoding: afresh, as: UTF8.self) + #","result":"#), "after \(line): \(written)")
        }
    }
}
