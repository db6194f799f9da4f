import KeyformCore
import Testing

/// Picker options longer than their room end in "…" instead of running under the ▾ or out of
/// the list. With `FixedWidthMeasurer` every grapheme is 8 px and every line 17 px; a 240 px
/// window leaves 192 px of content, 24 graphemes.
@Suite("Long labels, titles and options") struct LongLabelTests {
    @Test(arguments: ["ltr", "rtl"])
    func aClosedPickerEllipsizesItsChoiceBeforeTheArrow(direction: String) throws {
        let s = try session(pickerForm(direction: direction))
        let control = try #require(s.controlFrame(of: "p"))
        let runs = textRuns(s)
        let arrow = try #require(runs.first { $0.text == "▾" })
        let value = try #require(runs.first { $0.text.hasPrefix("An option") })
        expectEllipsized(value, of: Self.longOption, within: control.insetBy(dx: Theme.textInset, dy: 0))
        let valueEnd = value.origin.x + 8 * Double(value.text.count)
        #expect(direction == "ltr" ? valueEnd <= arrow.origin.x : arrow.origin.x + 8 <= value.origin.x)
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

    /// A start of `option` and "…", inside `room`.
    func expectEllipsized(_ run: TextRun, of option: String, within room: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.text.hasSuffix("…") && option.hasPrefix(run.text.dropLast()), "\(run.text)", sourceLocation: sourceLocation)
        #expect(run.origin.x >= room.minX && run.origin.x + 8 * Double(run.text.count) <= room.maxX, "\(run.text)",
                sourceLocation: sourceLocation)
    }
}

