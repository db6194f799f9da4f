import KeyformCore
import Testing

/// A form that looks and behaves like a finished dialog (issue #15): buttons in one row at the
/// bottom in the desktop's order, a window the size of its content, Escape that cancels in one
/// press, Return on the last input field that submits, required fields marked, and a form's own
/// words for a pattern that fails.
@Suite struct DialogTests {
    /// Two fields, then the buttons in the order an author might write them: OK before Cancel.
    static func dialog(direction: String = "ltr", size: String? = #""size": {"width": 400, "height": 400},"#) -> String {
        #"""
        {"title": "t", \#(size ?? "") "direction": "\#(direction)",
         "fields": [{"id": "name", "type": "text", "label": "Name"},
                    {"id": "mail", "type": "text", "label": "Mail"},
                    {"id": "ok", "type": "button", "label": "OK", "action": "submit"},
                    {"id": "cancel", "type": "button", "label": "Cancel", "action": "cancel"}]}
        """#
    }

    func session(_ json: String, screen: Size? = nil) throws -> FormSession {
        let session = FormSession(form: try makeForm(json), measurer: FixedWidthMeasurer())
        if let screen { session.fitContent(within: screen) }
        return session
    }

    // MARK: The buttons row

    @Test(arguments: ["ltr", "rtl"])
    func buttonsShareOneRowAtTheBottomCancelFirstInReadingOrder(_ direction: String) throws {
        let session = try session(Self.dialog(direction: direction))
        let ok = try #require(session.controlFrame(of: "ok")), cancel = try #require(session.controlFrame(of: "cancel"))
        let mail = try #require(session.controlFrame(of: "mail"))
        #expect(ok.minY == cancel.minY, "one row")
        #expect(ok.minY > mail.maxY, "under the fields")
        if direction == "ltr" {
            #expect(cancel.maxX <= ok.minX, "Cancel, then the default button on the right")
            #expect(ok.maxX > mail.maxX - 20, "the row ends at the right edge")
        } else {
            #expect(ok.maxX <= cancel.minX, "mirrored")
            #expect(ok.minX < mail.minX + 20, "the row ends at the left edge")
        }
        // Tab walks the row in reading order: Cancel, then the default button.
        #expect(try focusTrail(session.form, ["Tab", "Tab", "Tab"]) == ["mail", "cancel", "ok"])
    }

    // MARK: The window's size

    @Test func withoutASizeTheWindowFitsItsContent() throws {
        let session = try session(Self.dialog(size: nil), screen: Size(width: 1280, height: 800))
        #expect(session.viewport.height == session.contentSize.height)
        #expect(session.maxScroll == 0)
        #expect(session.viewport.width == Theme.defaultSize.width)
    }

    @Test func aTallFormFillsMostOfTheScreenThenScrolls() throws {
        let ids = (0..<60).map { "f\($0)" }
        let json = #"{"title": "t", "fields": ["# + ids.map { #"{"id": "\#($0)", "type": "text", "label": "\#($0)"}"# }.joined(separator: ",") + "]}"
        let session = try session(json, screen: Size(width: 1280, height: 800))
        #expect(session.viewport.height == 800 * 0.85)
        #expect(session.maxScroll > 0)
    }

    @Test func aGivenSizeWins() throws {
        let session = try session(Self.dialog(), screen: Size(width: 1280, height: 800))
        #expect(session.viewport == Size(width: 400, height: 400))
    }

    @Test func replayFitsTheSameWayWithNoScreen() throws {
        let session = try session(Self.dialog(size: nil))
        #expect(session.viewport.height == session.contentSize.height)
    }

    // MARK: Keys

    /// Escape with a text field being edited cancels at once; with a list open it closes the list.
    @Test func escapeCancelsInOnePress() throws {
        let reports = try replay(try makeForm(Self.dialog()), ["type:Ada", "Escape"])
        #expect(reports.last?["result"] == .object([("status", .string("cancelled"))]))
    }

    @Test func escapeClosesAnOpenPickerFirst() throws {
        let form = try makeForm(#"""
        {"size": {"width": 400, "height": 400},
         "fields": [{"id": "p", "type": "picker", "label": "P", "options": ["a", "b"]}]}
        """#)
        let reports = try replay(form, ["space", "Escape", "Escape"])
        #expect(reports[1]["result"] == .null)
        #expect(reports[1]["overlay"] == .null)
        #expect(reports[2]["result"] == .object([("status", .string("cancelled"))]))
    }

    @Test func returnOnTheLastInputFieldSubmitsPastTheButtons() throws {
        let reports = try replay(try makeForm(Self.dialog()), ["type:Ada", "Return", "type:a@b", "Return"])
        #expect(reports[1]["focus"] == .string("mail"))
        #expect(reports[3]["result"] == .object([("status", .string("submitted")),
                                                 ("values", .object([("name", .string("Ada")), ("mail", .string("a@b"))]))]))
    }

    @Test func aOneFieldPromptIsOneReturn() throws {
        let form = try makeForm(#"""
        {"fields": [{"id": "name", "type": "text", "label": "Name"},
                    {"id": "ok", "type": "button", "label": "OK"}]}
        """#)
        #expect(try replay(form, ["type:x", "Return"]).last?["result"]?["status"] == .string("submitted"))
    }

    @Test func returnOnAButtonPressesIt() throws {
        let reports = try replay(try makeForm(Self.dialog()), ["focus:cancel", "Return"])
        #expect(reports.last?["result"] == .object([("status", .string("cancelled"))]))
    }

    @Test func controlReturnSubmitsFromAnywhereWithPendingTokenText() throws {
        let form = try makeForm(#"""
        {"fields": [{"id": "tags", "type": "tokens", "label": "Tags"},
                    {"id": "name", "type": "text", "label": "Name"}]}
        """#)
        let result = try replay(form, ["type:swift", "ctrl+Return"]).last?["result"]
        #expect(result?["values"]?["tags"] == .array([.string("swift")]))
    }

    /// Which button ended the form (yad exits with that button's code): none for Escape or
    /// Ctrl+Return, and none after a press that a required field refused.
    @Test(arguments: [(["focus:cancel", "Return"], "cancel"), (["type:Ada", "focus:ok", "space"], "ok"),
                      (["type:Ada", "Escape"], nil), (["type:Ada", "ctrl+Return"], nil),
                      (["focus:ok", "Return", "Escape"], nil), (["focus:ok", "Return", "type:Ada", "ctrl+Return"], nil)])
    func theButtonThatEndedTheFormIsKnown(_ events: [String], _ button: String?) throws {
        let form = try makeForm(#"""
        {"fields": [{"id": "name", "type": "text", "label": "Name", "required": true},
                    {"id": "ok", "type": "button", "label": "OK", "action": "submit"},
                    {"id": "cancel", "type": "button", "label": "Cancel", "action": "cancel"}]}
        """#)
        var runner = ReplayRunner(session: FormSession(form: form, measurer: FixedWidthMeasurer()), keys: TestKeys())
        for event in events { _ = try runner.run(try ReplayEvent(parsing: event)) }
        #expect(runner.session.result != nil)
        #expect(runner.session.endingButton == button)
    }

    // MARK: Labels and messages

    @Test func aRequiredFieldsLabelIsMarked() throws {
        let session = try session(#"""
        {"fields": [{"id": "a", "type": "text", "label": "_Name", "required": true},
                    {"id": "b", "type": "text", "label": "Other"}]}
        """#)
        #expect(session.shownLabel(of: "a") == "Name *")
        #expect(session.shownLabel(of: "b") == "Other")
    }

    @Test func aPatternFailureShowsTheFormsOwnMessage() throws {
        let form = try makeForm(#"""
        {"returnKey": "submit",
         "fields": [{"id": "zip", "type": "text", "label": "Zip", "pattern": "[0-9]{5}", "patternMessage": "Five digits, like 75001"}]}
        """#)
        let session = FormSession(form: form, measurer: FixedWidthMeasurer())
        session.handle(.paste("12"))
        session.handle(.keyPress(KeyPress(key: .returnKey)))
        #expect(session.validationMessage(of: "zip") == "Five digits, like 75001")
    }

    @Test func patternMessageNeedsAPattern() {
        BrokenForm(#"{"fields": [{"id": "a", "type": "text", "patternMessage": "x"}]}"#,
                   #"form.json:1:59: "patternMessage" needs a "pattern" (fields[0].patternMessage)"#).check()
    }
}

extension DialogTests {
    /// Return on a closed picker is the form's Return: on the last field it submits, as a GTK
    /// combo box in a dialog lets Enter reach the default button. Space opens the list.
    @Test func returnOnAClosedPickerIsTheFormsReturn() throws {
        let form = try makeForm(#"""
        {"fields": [{"id": "name", "type": "text", "label": "Name"},
                    {"id": "shell", "type": "picker", "label": "Shell", "options": ["bash", "zsh"]},
                    {"id": "ok", "type": "button", "label": "OK"}]}
        """#)
        let reports = try replay(form, ["Return", "Down", "Return"])
        #expect(reports[0]["focus"] == .string("shell"))
        #expect(reports[2]["result"]?["values"]?["shell"] == .string("zsh"))
    }
}
