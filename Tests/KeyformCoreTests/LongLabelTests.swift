import KeyformCore
import Testing

/// Text longer than its room: labels, `--text`, section titles and the form's title wrap at the
/// width they have and push what follows down; picker options end in "…" instead of running
/// under the arrow or out of the list. With `FixedWidthMeasurer` every grapheme is 8 px and every
/// line 17 px; a 240 px window leaves 192 px of content, 24 graphemes.
@Suite("Long labels, titles and options") struct LongLabelTests {
    struct LabelCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// A form whose `LONG` becomes `text` (and, for the comparison, a one-letter label).
        var form: String
        var text: String
        var lines: [String]
        /// Where each line is drawn from: the fields run from x 20 to 212.
        var xs: [Double]
        /// The field that moves down by a line's height for each line more.
        var below: String
        var testDescription: String { name }
    }

    static let labelCases: [LabelCase] = [
        LabelCase(name: "a field's label", form: #"""
            {"size": {"width": 240, "height": 900}, "fields": [{"id": "a", "type": "text", "label": "LONG"}, {"id": "b", "type": "text"}]}
            """#, text: "aaaa bbbb cccc dddd eeee ffff gggg", lines: ["aaaa bbbb cccc dddd eeee", "ffff gggg"], xs: [20, 20], below: "a"),
        LabelCase(name: "a --text with a newline", form: #"""
            {"size": {"width": 240, "height": 900}, "fields": [{"id": "t", "type": "label", "label": "LONG"}, {"id": "b", "type": "text"}]}
            """#, text: "one two three four five six seven\nend", lines: ["one two three four five", "six seven", "end"],
                  xs: [20, 20, 20], below: "b"),
        LabelCase(name: "an English --text in a right-to-left form stands at the right, its lines from their left", form: #"""
            {"direction": "rtl", "size": {"width": 240, "height": 900},
             "fields": [{"id": "t", "type": "label", "label": "LONG"}, {"id": "b", "type": "text"}]}
            """#, text: "one two three four five six seven\nend", lines: ["one two three four five", "six seven", "end"],
                  xs: [28, 28, 28], below: "b"),
        LabelCase(name: "a short --text in a right-to-left form ends at the right", form: #"""
            {"direction": "rtl", "size": {"width": 240, "height": 900},
             "fields": [{"id": "t", "type": "label", "label": "LONG"}, {"id": "b", "type": "text"}]}
            """#, text: "Who are you?", lines: ["Who are you?"], xs: [116], below: "b"),
        LabelCase(name: "a Hebrew --text in a right-to-left form ends at the right", form: #"""
            {"direction": "rtl", "size": {"width": 240, "height": 900},
             "fields": [{"id": "t", "type": "label", "label": "LONG"}, {"id": "b", "type": "text"}]}
            """#, text: "אאאא בבבב גגגג דדדד הההה וווו זזזז", lines: ["אאאא בבבב גגגג דדדד הההה", "וווו זזזז"],
                  xs: [20, 140], below: "b"),
        LabelCase(name: "a Hebrew paragraph in a left-to-right form starts at its block's right", form: #"""
            {"size": {"width": 240, "height": 900},
             "fields": [{"id": "t", "type": "label", "label": "LONG"}, {"id": "b", "type": "text"}]}
            """#, text: "אאאא בבבב גגגג דדדד הההה וווו זזזז\nabc", lines: ["אאאא בבבב גגגג דדדד הההה", "וווו זזזז", "abc"],
                  xs: [20, 140, 20], below: "b"),
        LabelCase(name: "a section's title stands at the right in a right-to-left form", form: #"""
            {"direction": "rtl", "size": {"width": 240, "height": 900},
             "fields": [{"id": "s", "type": "section", "label": "LONG", "fields": [{"id": "b", "type": "text"}]}]}
            """#, text: "Section about the place where you live", lines: ["Section about the place", "where you live"],
                  xs: [28, 28], below: "b"),
        LabelCase(name: "the form's title", form: #"""
            {"title": "LONG", "size": {"width": 240, "height": 900}, "fields": [{"id": "b", "type": "text"}]}
            """#, text: "Application for a library card at the town hall",
                  lines: ["Application for a", "library card at the town", "hall"], xs: [20, 20, 20], below: "b"),
        LabelCase(name: "a label in a column wraps at the column's width", form: #"""
            {"size": {"width": 240, "height": 900}, "fields": [{"id": "s", "type": "section", "columns": 2, "fields": [
              {"id": "a", "type": "text", "label": "LONG"}, {"id": "c", "type": "text", "label": "x"}]}, {"id": "b", "type": "text"}]}
            """#, text: "City where you live", lines: ["City where", "you live"], xs: [20, 20], below: "b"),
        LabelCase(name: "a framed field's label wraps at the frame's width", form: #"""
            {"size": {"width": 240, "height": 900}, "fields": [{"id": "a", "type": "text", "label": "LONG",
              "frame": {"x": 20, "y": 300, "width": 96, "height": 32}}, {"id": "b", "type": "text"}]}
            """#, text: "Your given name", lines: ["Your given", "name"], xs: [20, 20], below: "b"),
    ]

    @Test(arguments: labelCases)
    func labelsWrapAndMakeRoom(_ c: LabelCase) throws {
        let long = try session(c.form.replacingOccurrences(of: "LONG", with: c.text.replacingOccurrences(of: "\n", with: #"\n"#)))
        let short = try session(c.form.replacingOccurrences(of: "LONG", with: "x"))
        let runs = textRuns(long)
        let first = try #require(runs.firstIndex { $0.text == c.lines[0] }, "no line \"\(c.lines[0])\" in \(runs.map(\.text))")
        let drawn = Array(runs[first..<min(runs.count, first + c.lines.count)])
        #expect(drawn.map(\.text) == c.lines)
        #expect(drawn.map(\.origin.x) == c.xs)
        #expect(drawn.map(\.origin.y) == c.lines.indices.map { drawn[0].origin.y + Double($0) * 17 })
        // A framed field keeps its place; its label grows upwards, clear of its control.
        if let framed = long.controlFrame(of: "a"), c.form.contains("frame") {
            #expect(drawn[drawn.count - 1].origin.y + 17 <= framed.minY)
        }
        let moved = try #require(long.controlFrame(of: c.below)).minY - (try #require(short.controlFrame(of: c.below)).minY)
        #expect(moved == (c.form.contains("frame") ? 0 : Double(c.lines.count - 1) * 17))
    }

    @Test(arguments: ["ltr", "rtl"])
    func aClosedPickerEllipsizesItsChoiceBeforeTheArrow(direction: String) throws {
        let s = try session(pickerForm(direction: direction))
        let control = try #require(s.controlFrame(of: "p"))
        let arrow = try #require(linesAcross(s))
        let value = try #require(textRuns(s).first { $0.text.hasPrefix("An option") })
        expectEllipsized(value, of: Self.longOption, within: control.insetBy(dx: Theme.textInset, dy: 0))
        let valueEnd = value.origin.x + 8 * Double(value.text.count)
        #expect(direction == "ltr" ? valueEnd <= arrow.lowerBound : arrow.upperBound <= value.origin.x)
    }

    @Test(arguments: ["ltr", "rtl"])
    func anOpenPickerEllipsizesItsOptionsAtTheListsWidth(direction: String) throws {
        let s = try session(pickerForm(direction: direction))
        s.handle(.keyPress(KeyPress(typing: " ")))
        let control = try #require(s.controlFrame(of: "p"))
        let rows = textRuns(s).suffix(3)
        #expect(rows.first?.text == "short")
        for (row, option) in zip(rows.dropFirst(), [Self.longOption, Self.otherLongOption]) {
            expectEllipsized(row, of: option, within: control.insetBy(dx: Theme.textInset, dy: 0))
        }
    }

    @Test(arguments: ["ltr", "rtl"])
    func theTitleWrapsShortOfTheCountdown(direction: String) throws {
        let s = try session(#"{"direction": "\#(direction)", "title": "Twenty letters title", "size": {"width": 240, "height": 400}}"#)
        s.startCountdown(seconds: 90)
        let runs = textRuns(s)
        let pill = try #require(runs.first { $0.text.hasPrefix("Closes in") })
        let pillStart = pill.origin.x - Theme.chipPadding, pillEnd = pill.origin.x + 8 * Double(pill.text.count) + Theme.chipPadding
        let title = runs.filter { "Twenty letters title".contains($0.text) }
        #expect(title.count > 1)
        for line in title {
            let clear = direction == "ltr" ? line.origin.x + 8 * Double(line.text.count) <= pillStart : line.origin.x >= pillEnd
            #expect(clear, "\(line.text) at \(line.origin.x)")
        }
    }

    /// Tab back to the first field shows the form's title with it only when both fit the window.
    @Test func aTitleTallerThanTheWindowDoesNotHideTheFirstField() throws {
        let title = String(repeating: "word ", count: 400)
        let s = try session(#"""
            {"title": "\#(title)", "size": {"width": 240, "height": 300}, "fields": [{"id": "a", "type": "text"},
              {"id": "t", "type": "textarea", "rows": 20}, {"id": "b", "type": "text"}]}
            """#)
        for _ in 1...3 { s.handle(.keyPress(KeyPress(key: .tab))) }
        #expect(s.focusedID == "a")
        let a = try #require(s.controlFrame(of: "a"))
        #expect(a.minY >= 0 && a.maxY <= 300, "\(a)")
    }

    /// A validation message has one line under its control: a long label is cut short in it, so
    /// that what is wrong still shows; it starts at the form's starting edge.
    @Test(arguments: ["ltr", "rtl"])
    func aMessageNamingALongLabelKeepsItsPoint(direction: String) throws {
        let label = "Name of the person who is filling in this rather long form, as written in the passport"
        let form = try makeForm(#"""
            {"direction": "\#(direction)", "returnKey": "submit", "size": {"width": 400, "height": 400},
             "fields": [{"id": "a", "type": "text", "label": "\#(label)", "required": true}]}
            """#)
        let s = FormSession(form: form, measurer: FixedWidthMeasurer())
        s.handle(.keyPress(KeyPress(key: .returnKey)))
        #expect(s.validationMessage(of: "a") == "Name of the person who is filling in thi… is required")
        let control = try #require(s.controlFrame(of: "a"))
        let run = try #require(textRuns(s).first { $0.text.hasSuffix("is required") })
        #expect(run.origin.x == (direction == "ltr" ? control.minX : control.maxX - 8 * Double(run.text.count)))
    }

    @Test func controlsInARowLineUpUnderTheTallestLabel() throws {
        let s = try session(#"""
            {"size": {"width": 240, "height": 900}, "fields": [{"id": "s", "type": "section", "columns": 2, "fields": [
              {"id": "a", "type": "text", "label": "City where you live"}, {"id": "c", "type": "text", "label": "Zip"}]}]}
            """#)
        #expect(try #require(s.controlFrame(of: "a")).minY == (try #require(s.controlFrame(of: "c"))).minY)
    }

    @Test func aButtonsLongLabelEndsInAnEllipsisInsideIt() throws {
        let s = try session(#"""
            {"size": {"width": 240, "height": 400}, "fields": [{"id": "go", "type": "button", "label": "_Submit the application now"}]}
            """#)
        s.handle(.keyPress(KeyPress(key: .altL)))
        let button = try #require(s.controlFrame(of: "go"))
        let run = try #require(textRuns(s).first { $0.text.hasPrefix("Submit") })
        expectEllipsized(run, of: "Submit the application now", within: button.insetBy(dx: Theme.textInset, dy: 0))
        #expect(run.underline == 0..<1)
    }

    /// The mnemonic letter is underlined on the line it was wrapped onto, and Alt+letter still
    /// goes to the field.
    @Test func aWrappedLabelKeepsItsMnemonic() throws {
        let form = try makeForm(#"""
            {"size": {"width": 240, "height": 600}, "fields": [{"id": "x", "type": "text"},
              {"id": "a", "type": "text", "label": "Please type the full name of the _person"}]}
            """#)
        let s = FormSession(form: form, measurer: FixedWidthMeasurer())
        s.handle(.keyPress(KeyPress(key: .altL)))
        let underlined = textRuns(s).filter { $0.underline != nil }.map { "\($0.text)@\($0.underline!.lowerBound)" }
        #expect(underlined == ["name of the person@12"])
        #expect(try replay(form, ["alt+p"]).last?["focus"] == .string("a"))
    }

    /// A press on a label's second line is a press on the label, not on the control under it.
    @Test func aClickOnAWrappedLabelIsNotAClickInItsControl() throws {
        let form = try makeForm(#"""
            {"size": {"width": 240, "height": 600}, "fields": [{"id": "x", "type": "text"},
              {"id": "a", "type": "text", "label": "aaaa bbbb cccc dddd eeee ffff gggg"}]}
            """#)
        let s = FormSession(form: form, measurer: FixedWidthMeasurer())
        let secondLine = try #require(textRuns(s).first { $0.text == "ffff gggg" })
        let trail = try focusTrail(form, ["click:\(Int(secondLine.origin.x) + 4),\(Int(secondLine.origin.y) + 8)", "click:a"])
        #expect(trail == ["x", "a"])  // the label takes no focus: x, focused at the start, keeps it
    }

    /// A label of a million graphemes and an option as long cost what is shown: the measurer
    /// sees a bounded start of them, not all of them. Right to left, where even an unwrapped
    /// label used to be measured whole to align it.
    /// Built in code: a form file caps its texts at 16 KiB, but the core must not depend on that.
    @Test func aHugeLabelAndOptionAreMeasuredOnlyAsFarAsTheyShow() throws {
        let huge = String(repeating: "word ", count: 200_000)
        var form = Form(title: huge, fields: [Field(id: "t", kind: .label, label: huge), Field(id: "a", kind: .text, label: huge)])
        var picker = Field(id: "p", kind: .picker, label: "P")
        picker.options = [huge]
        picker.value = huge
        form.fields.append(picker)
        form.direction = .rtl
        form.size = Size(width: 240, height: 400)
        let measurer = CountingMeasurer()
        let s = FormSession(form: form, measurer: measurer)
        let window = Rect(x: 0, y: 0, width: 240, height: 400)
        _ = s.displayList(in: window)
        s.handle(.keyPress(KeyPress(typing: " ")))  // the picker is the first stop: its list opens
        _ = s.displayList(in: window)
        #expect(s.contentSize.height > 400, "the labels wrap")
        #expect(measurer.graphemes < 200_000, "measured \(measurer.graphemes) graphemes")
    }

    // MARK: Helpers

    static let longOption = "An option that is far too long to fit in the closed picker at all"
    static let otherLongOption = "Another option that is also much too long for the list"

    func pickerForm(direction: String) -> String {
        #"""
        {"direction": "\#(direction)", "size": {"width": 240, "height": 400}, "fields": [{"id": "p", "type": "picker", "label": "P",
          "options": ["short", "\#(Self.longOption)", "\#(Self.otherLongOption)"], "value": "\#(Self.longOption)"}]}
        """#
    }

    func session(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> FormSession {
        FormSession(form: try makeForm(json, sourceLocation: sourceLocation), measurer: FixedWidthMeasurer())
    }

    func textRuns(_ session: FormSession) -> [TextRun] {
        session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items.compactMap {
            if case .text(let run) = $0 { run } else { nil }
        }
    }

    /// From the leftmost to the rightmost end of the lines drawn (a closed picker's only ones are
    /// its arrow's); nil when none are.
    func linesAcross(_ session: FormSession) -> ClosedRange<Double>? {
        let ends = session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items
            .flatMap { item -> [Double] in if case let .line(from, to, _, _) = item { [from.x, to.x] } else { [] } }
        guard let left = ends.min(), let right = ends.max() else { return nil }
        return left...right
    }

    /// A start of `option` and "…", inside `room`.
    func expectEllipsized(_ run: TextRun, of option: String, within room: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.text.hasSuffix("…") && option.hasPrefix(run.text.dropLast()), "\(run.text)", sourceLocation: sourceLocation)
        #expect(run.origin.x >= room.minX && run.origin.x + 8 * Double(run.text.count) <= room.maxX, "\(run.text)",
                sourceLocation: sourceLocation)
    }
}

/// `FixedWidthMeasurer`, counting the graphemes it is asked to measure.
final class CountingMeasurer: TextMeasuring {
    var graphemes = 0
    func caretOffsets(_ text: String, font: Font) -> [Double] {
        graphemes += text.count
        return FixedWidthMeasurer().caretOffsets(text, font: font)
    }
    func lineHeight(_ font: Font) -> Double { 17 }
}
