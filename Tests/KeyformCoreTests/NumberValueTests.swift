import KeyformCore
import Testing

/// A number field hands a script a number: its value is a canonical decimal (no exponent, no
/// leading zeros or spaces, no trailing point, `-` only), a JSON number in JSON output, and the
/// field shows that text once focus leaves it.
@Suite struct NumberValueTests {
    static let form = #"{"fields": [{"id": "n", "type": "number"}, {"id": "x", "type": "text"}]}"#

    @Test(arguments: [
        ("00012", "12", "12"), (" 5", "5", "5"), ("+5", "5", "5"), ("5.", "5", "5"), (".5", "0.5", "0.5"),
        ("-0", "0", "0"), ("-007.250", "-7.25", "-7.25"), ("0.000000000000001", "0.000000000000001", "0.000000000000001"),
        ("123456789012345", "123456789012345", "123456789012345"), ("", "", "null"),
    ])
    func theValueIsCanonical(typed: String, shown: String, json: String) throws {
        let reports = try replay(makeForm(Self.form), ["type:\(typed)", "Tab", "ctrl+Return"])
        #expect(reports[1]["values"]?["n"] == .string(shown), "the field's text once focus left it")
        guard case .object(let result)? = reports[2]["result"], case .object(let values)? = result.first(where: { $0.0 == "values" })?.1
        else { Issue.record("not submitted: \(reports[2])"); return }
        #expect(values.first { $0.0 == "n" }?.1.serialized == json)
    }

    /// `--output lines` and `shell` print the same canonical digits; an empty field prints nothing.
    @Test(arguments: [("00012", "12|\n", "n='12'\nx=''\n"), ("", "|\n", "n=''\nx=''\n")])
    func outputsPrintTheCanonicalDigits(typed: String, lines: String, shell: String) throws {
        let session = FormSession(form: try makeForm(Self.form), measurer: FixedWidthMeasurer())
        if !typed.isEmpty { session.handle(.paste(typed)) }
        #expect(OutputFormat.lines.format(session.submittedValues, separator: "|") == lines)
        #expect(OutputFormat.shell.format(session.submittedValues) == shell)
    }

    /// A form file may give a number field's value, `min`, `max` and `step` as JSON numbers.
    @Test func aFormFileGivesNumbersAsNumbers() throws {
        let form = try makeForm(#"{"fields": [{"id": "n", "type": "number", "value": 7.50, "min": 0, "max": 10, "step": 0.5}]}"#)
        let reports = try replay(form, ["Up", "ctrl+Return"])
        #expect(reports[0]["values"]?["n"] == .string("8"))
    }

    /// JSON numbers never have an exponent, however large or small.
    @Test(arguments: [(1e-18, "0.000000000000000001"), (1.5e20, "150000000000000000000"), (-2.5e-7, "-0.00000025"), (0.1, "0.1"),
                      (1e15, "1000000000000000"), (123.0, "123")])
    func numbersArePlainDecimals(number: Double, text: String) {
        #expect(JSONValue.number(number).serialized == text)
    }
}
