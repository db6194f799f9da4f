import Foundation
import Testing

/// `keyform replay` and `render` as a form's author uses them: the real binary, no display.
@Suite("keyform replay and render") struct ReplayCommandTests {
    @Test func demoTabOrderFollowsTheFormNotTheGeometry() throws {
        let run = try keyform(["replay", "--form", demoForm, "Tab", "Tab", "Tab", "Tab", "Tab", "shift+Tab", "ISO_Left_Tab"])
        #expect(run.status == 0, "\(run.stderr)")
        // tabOrder lists every stop; "lead" is hidden until the picker says 5 or more.
        // The form opens on "name".
        #expect(run.jsonLines.map { $0["focus"] as? String } == ["email", "years", "city", "zip", "skills", "zip", "city"])
    }

    @Test func reportCarriesTheContractFields() throws {
        let run = try keyform(["replay", "--form", demoForm, "type:Ada"])
        let last = try #require(run.jsonLines.last)
        for key in ["event", "handled", "focus", "editing", "text", "selection", "scroll", "overlay", "values", "result"] {
            #expect(last.keys.contains(key), "missing \(key)")
        }
        #expect(last["event"] as? String == "type:Ada")
        #expect(last["editing"] as? String == "name")
        #expect(last["text"] as? String == "Ada")
        #expect(last["selection"] as? [Int] == [3, 3])
    }

    @Test func eventsFromStandardInput() throws {
        let run = try keyform(["replay", "--form", demoForm], stdin: "Tab\ntype:Ada\nEscape\nEscape\n")
        #expect(run.jsonLines.count == 4)
        #expect((run.jsonLines.last?["result"] as? [String: Any])?["status"] as? String == "cancelled")
    }

    @Test func pickerShowsTheHiddenFieldAndSubmitPrintsValues() throws {
        let run = try keyform(["replay", "--form", demoForm, "type:Ada", "focus:years", "space", "End", "Return", "Tab",
                               "type:12", "focus:submit", "Return"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.jsonLines
        #expect(lines[4]["focus"] as? String == "years")
        #expect(lines[5]["focus"] as? String == "lead")
        let result = try #require(lines.last?["result"] as? [String: Any])
        #expect(result["status"] as? String == "submitted")
        let values = try #require(result["values"] as? [String: Any])
        #expect(values["years"] as? String == "10")
        #expect(values["lead"] as? String == "12")
        #expect(values["skills"] as? [String] == ["Swift"])
    }

    @Test func focusingAnOffScreenFieldScrollsIt() throws {
        let run = try keyform(["replay", "--form", demoForm, "focus:submit", "focus:name"])
        let scrolls = run.jsonLines.map { ($0["scroll"] as? [String: Double])?["y"] ?? -1 }
        #expect(scrolls[0] > 0)
        #expect(scrolls[1] == 0)
    }

    @Test func physicalKeysFollowTheLayout() throws {
        let run = try keyform(["replay", "--form", demoForm, "--layout", "ru", "key:AC01", "shift+key:AC02", "shift+key:TAB"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonLines[1]["text"] as? String == "фЫ")
        #expect(run.jsonLines[2]["focus"] as? String == "submit")  // Shift+Tab from the first field wraps
    }

    @Test(arguments: [
        ("ctlr+a", "unknown modifier \"ctlr\""),
        ("wait:soon", "wait takes milliseconds"),
        ("resize:0x10", "resize takes WxH"),
        ("click:nowhere", "no field \"nowhere\""),
        ("Bogus_Key_Name", "unknown key name \"Bogus_Key_Name\""),
    ])
    func badEventsExit2NamingTheEvent(event: String, message: String) throws {
        let run = try keyform(["replay", "--form", demoForm, "Tab", event])
        #expect(run.status == 2)
        #expect(run.stderr.contains(event), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func badFormFileNamesFileLineAndColumn() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("form.json").path
        try #"{"fields": [{"id": "a", "type": "txt"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try keyform(["replay", "--form", path, "Tab"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("form.json:1:"), "\(run.stderr)")
        #expect(run.stderr.contains("txt"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func renderWritesAPNGOfTheWindowSize() throws {
        let dir = try temporaryDirectory()
        let png = dir.appendingPathComponent("out.png").path
        let run = try keyform(["render", "--form", demoForm, "--png", png, "--size", "300x200", "Tab", "type:Ada"])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 300 && height == 200)
    }

    @Test func unopenableDisplayExits3WithOneLine() throws {
        let run = try keyform(["--form", demoForm], environment: ["DISPLAY": ":987"])
        #expect(run.status == 3)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(":987"))
    }
}
