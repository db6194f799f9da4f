import Foundation
import Testing

/// Checkboxes and radio groups through the real binary with no display: from a form file and
/// from the quick-form flags `--checkbox` and `--radio`, with `--value`.
@Suite("Checkbox and radio through keyform replay") struct ChoiceReplayTests {
    static let form = """
        {"title": "Booking",
         "fields": [{"id": "name", "type": "text", "label": "_Name"},
                    {"id": "agree", "type": "checkbox", "label": "I _agree to the terms", "required": true},
                    {"id": "seat", "type": "radio", "label": "_Seat", "options": ["Aisle", "Middle", "Window"]},
                    {"id": "book", "type": "button", "label": "_Book", "action": "submit"}]}
        """

    /// The values of the submitted result on the last line; fails if it did not submit.
    func submitted(_ run: RunResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        let result = try #require(run.jsonLines.last?["result"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(result["status"] as? String == "submitted", sourceLocation: sourceLocation)
        return try #require(result["values"] as? [String: Any], sourceLocation: sourceLocation)
    }

    @Test func aFormFile() throws {
        let run = try keyform(["replay", "--form", try formFile(Self.form),
                               "type:Ada", "Tab", "space", "Tab", "Down", "Down", "ctrl+Return"])
        let lines = run.jsonLines
        #expect(lines[2]["focus"] as? String == "agree")
        #expect((lines[2]["values"] as? [String: Any])?["agree"] as? Bool == true)
        #expect((lines[4]["values"] as? [String: Any])?["seat"] as? String == "Middle")
        let values = try submitted(run)
        #expect(values["agree"] as? Bool == true)
        #expect(values["seat"] as? String == "Window")
        // A JSON boolean, not the text "true"; nothing chosen would be "".
        #expect(run.stdout.split(separator: "\n").last?.contains(#""agree":true,"seat":"Window""#) == true)
    }

    @Test func anUncheckedRequiredBoxStopsTheSubmit() throws {
        let run = try keyform(["replay", "--form", try formFile(Self.form), "ctrl+Return"])
        #expect(run.jsonLines.last?["result"] is NSNull)
        #expect(run.jsonLines.last?["focus"] as? String == "agree")
    }

    @Test func valuesFromTheCommandLine() throws {
        let run = try keyform(["replay", "--form", try formFile(Self.form), "--value", "agree=true", "--value", "seat=Aisle",
                               "ctrl+Return"])
        let values = try submitted(run)
        #expect(values["agree"] as? Bool == true)
        #expect(values["seat"] as? String == "Aisle")
    }

    @Test(arguments: [
        (["--value", "agree=yes"], #""agree" takes true or false"#),
        (["--value", "seat=Front"], #""Front" is not one of the options of "seat": Aisle, Middle, Window"#),
    ])
    func badValuesExit2(arguments: [String], message: String) throws {
        let run = try keyform(["replay", "--form", try formFile(Self.form)] + arguments + ["Tab"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    /// The flags' order is the fields' order; `ID:` names a field; a radio starts with none chosen.
    @Test func aQuickForm() throws {
        let run = try keyform(["replay", "--field", "Name", "--checkbox", "agree:I _agree", "--radio", "Seat=Aisle|Window",
                               "--checkbox", "Send news", "type:Ada", "Tab", "space", "Tab", "Right", "Tab", "ctrl+Return"])
        let values = try submitted(run)
        #expect(values["agree"] as? Bool == true)
        #expect(values["seat"] as? String == "Window")
        #expect(values["send_news"] as? Bool == false)
        #expect(run.jsonLines[3]["focus"] as? String == "seat")
        let text = try #require(run.stdout.split(separator: "\n").last)
        #expect(text.contains(#"{"name":"Ada","agree":true,"seat":"Window","send_news":false}"#), "\(text)")
    }

    @Test func aQuickFormRadioWithValue() throws {
        let run = try keyform(["replay", "--radio", "Seat=Aisle|Window", "--value", "seat=Window", "Down", "ctrl+Return"])
        #expect(try submitted(run)["seat"] as? String == "Aisle")
    }

    @Test(arguments: [
        (["--radio", "Seat"], #"--radio takes LABEL=OPTION|OPTION…, e.g. --radio "Size=S|M|L", not "Seat""#),
        (["--checkbox", "a:One", "--radio", "a:Two=x|y"], #"two fields have the id "a""#),
    ])
    func quickFormUsageErrorsExit2(arguments: [String], message: String) throws {
        let run = try keyform(["replay"] + arguments + ["Tab"])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }
}
