import Foundation
import KeyformCairo
import KeyformCore
import KeyformKeyboard

/// The engine on its own, in process, with no display: what a form costs to open, lay out, hit
/// test and Tab through at each size, and a replay of 10,000 events. Text is measured with Pango,
/// as in the window; display lists are built for what each event dirtied, but not rasterised.
struct EngineBench {
    struct Size: Codable, Sendable {
        var fields: Int
        /// FormSession creation: tree, layout, focus snapshot, tab order, first focus (ms).
        var openMs: Double
        /// A full relayout after a width change (ms).
        var layoutMs: Double
        /// One Tab, with the display lists for the rectangles it dirtied (µs, mean over the run).
        var tabMicros: Double
        /// One hit test, `cursor(at:)` (µs).
        var hitTestMicros: Double
    }

    struct Result: Codable, Sendable {
        var sizes: [Size]
        var replayEvents: Int
        var replayFields: Int
        /// Parsing, running and reporting every event, as `keyform replay` does (ms).
        var replayMs: Double
        /// The same, and each dirty rectangle's display list built after every event, as the
        /// window does before it paints (ms); nil in reports saved before it was measured.
        var replayWithDisplayListsMs: Double?
        var bigTextArea: BigTextArea
    }

    /// A form of one text area holding `bytes` (issue #22: open in under 0.5 s, a key under 16 ms).
    struct BigTextArea: Codable, Sendable {
        var bytes: Int
        /// Parsing the form file (ms).
        var parseMs: Double
        /// FormSession creation: layout, focus with the caret at the end (ms).
        var openMs: Double
        /// One letter typed at the end, with the display lists it dirtied: median of `keys` (ms).
        var keyMs: Double
        /// With a screen reader listening (issue #62): the text area's node made for its states,
        /// caret and line, as Orca asks after a key (`GetState`, `CaretOffset`, `GetStringAtOffset`
        /// of the line), and a letter typed with the events a reader is sent worked out too:
        /// medians of `keys` (ms). Nil in reports saved before they were measured.
        var readerCallMs: Double?
        var readerKeyMs: Double?
    }

    static let sizes = [10, 1_000, 10_000]
    static let tabs = 5_000, hitTests = 20_000, replayEvents = 10_000, replayFields = 1_000
    static let bigTextBytes = 10 << 20, bigTextKeys = 5

    func run() throws -> Result {
        let measurer = PangoTextMeasurer()
        // Loading the font is start-up (the window benchmark's); opening a form is what follows.
        _ = measurer.caretOffsets("Keyform", font: Theme.bodyFont)
        let results = try Self.sizes.map { try size($0, measurer: measurer) }
        return Result(sizes: results, replayEvents: Self.replayEvents, replayFields: Self.replayFields,
                      replayMs: try replay(measurer: measurer, buildingDisplayLists: false),
                      replayWithDisplayListsMs: try replay(measurer: measurer, buildingDisplayLists: true),
                      bigTextArea: try bigTextArea(measurer: measurer))
    }

    private func bigTextArea(measurer: PangoTextMeasurer) throws -> BigTextArea {
        let line = "Line of the notes, with a few words on it and a number: "
        var text = ""
        var number = 0
        while text.utf8.count < Self.bigTextBytes {
            number += 1
            text += line + String(number) + "\n"
        }
        let spec = FormSpec(fields: 1)
        let json = "{\"title\":\"Big\",\"size\":{\"width\":\(FormSpec.width),\"height\":\(FormSpec.height)},\"fields\":["
            + "{\"id\":\"notes\",\"type\":\"textarea\",\"label\":\"\(spec.label(0))\",\"value\":"
            + String(decoding: try JSONEncoder().encode(text), as: UTF8.self) + "}]}"
        let parseStart = now()
        let form = try FormFile.parse(json, fileName: "big.json")
        let parseMs = now() - parseStart
        let openStart = now()
        let session = FormSession(form: form, measurer: measurer)
        for rect in session.takeUpdate().repaints { _ = session.displayList(in: rect) }
        let openMs = now() - openStart
        let letter = KeyPress(key: Key(0x78), text: "x")
        let typeLetter = {
            let start = now()
            session.handle(.keyPress(letter))
            for rect in session.takeUpdate().repaints { _ = session.displayList(in: rect) }
            return now() - start
        }
        let keys = (0..<Self.bigTextKeys).map { _ in typeLetter() }
        session.accessibilityListening = true
        guard let notes = session.accessibleID(of: "notes") else { throw BenchError("the text area is not in the accessible tree") }
        let calls = (0..<Self.bigTextKeys).map { _ in
            let start = now()
            let node = session.accessibleNode(notes)
            _ = node?.states
            if let text = node?.text {
                let line = text.range(at: text.caret, .line)
                _ = text.slice(from: line.lowerBound, to: line.upperBound)
            }
            return now() - start
        }
        let readerKeys = (0..<Self.bigTextKeys).map { _ in typeLetter() }
        return BigTextArea(bytes: text.utf8.count, parseMs: parseMs, openMs: openMs, keyMs: median(keys) ?? 0,
                           readerCallMs: median(calls), readerKeyMs: median(readerKeys))
    }

    private func size(_ fields: Int, measurer: PangoTextMeasurer) throws -> Size {
        let form = try FormFile.parse(FormSpec(fields: fields).keyformJSON, fileName: "bench.json")
        let openStart = now()
        let session = FormSession(form: form, measurer: measurer)
        let openMs = now() - openStart
        let relayouts = max(3, 2_000 / fields)
        let layoutStart = now()
        for i in 0..<relayouts {
            session.handle(.resize(KeyformCore.Size(width: Double(FormSpec.width + i % 2), height: Double(FormSpec.height))))
            _ = session.takeUpdate()
        }
        let layoutMs = (now() - layoutStart) / Double(relayouts)
        let tab = KeyPress(key: .tab)
        let tabStart = now()
        for _ in 0..<Self.tabs {
            session.handle(.keyPress(tab))
            for rect in session.takeUpdate().repaints { _ = session.displayList(in: rect) }
        }
        let tabMicros = (now() - tabStart) * 1000 / Double(Self.tabs)
        let hitStart = now()
        for i in 0..<Self.hitTests {
            _ = session.cursor(at: Point(x: Double(i % FormSpec.width), y: Double(i * 7 % FormSpec.height)))
        }
        let hitTestMicros = (now() - hitStart) * 1000 / Double(Self.hitTests)
        return Size(fields: fields, openMs: openMs, layoutMs: layoutMs, tabMicros: tabMicros, hitTestMicros: hitTestMicros)
    }

    /// 10,000 events of typing, editing, Tab, Shift+Tab, wheel and clicks on a 1,000-field form,
    /// each reported as the line `keyform replay` prints.
    private func replay(measurer: PangoTextMeasurer, buildingDisplayLists: Bool) throws -> Double {
        let form = try FormFile.parse(FormSpec(fields: Self.replayFields).keyformJSON, fileName: "bench.json")
        let cycle = ["Tab", "type:Ada", "BackSpace", "ctrl+a", "type:Lovelace", "shift+Tab", "Tab", "Tab",
                     "wheel:48", "click:60,120", "Left", "Home", "wheel:-48", "shift+End", "Delete", "Tab"]
        let lines = (0..<Self.replayEvents).map { cycle[$0 % cycle.count] }
        let start = now()
        var runner = ReplayRunner(session: FormSession(form: form, measurer: measurer), keys: try ReplayKeyboard(layout: "us"))
        var bytes = 0
        for line in lines {
            let handled = try runner.run(ReplayEvent(parsing: line))
            bytes += runner.reportLine(event: line, handled: handled).count
            if buildingDisplayLists {
                for rect in runner.lastUpdate.repaints { _ = runner.session.displayList(in: rect) }
            }
        }
        precondition(bytes > 0)
        return now() - start
    }
}
