import Foundation
import KeyformCore
import Testing

/// The behaviour corpus: before the core's internals move, what it does must be pinned down to
/// the byte. Each script runs in a fresh session; every event's replay line is recorded with a
/// digest of the dirty rectangles it caused and of the whole window's display list, and the
/// record must equal the approved one in `Tests/Golden/behaviour/NAME.txt`. A difference fails
/// and writes `NAME.new.txt` beside it (`make approve-golden` takes it).
///
/// The scripts: every golden-image case that opens a form file (Tests/Golden/cases), and the
/// first events of the property tests' seeded random walks over their form.
@Suite("Behaviour corpus: replay lines, dirty rectangles and display lists as approved")
struct BehaviourCorpusTests {
    struct Script: CustomTestStringConvertible, Sendable {
        var name: String
        var formJSON: String
        var direction: Direction?
        var size: Size?
        var palette = Palette.light
        var events: [String]
        var testDescription: String { name }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden")
    static let walkLength = 400

    static let scripts: [Script] = goldenCaseScripts + (1...4).map { seed in
        var generator = EventGenerator(seed: UInt64(seed))
        return Script(name: "walk-\(seed)", formJSON: PropertyTests.form, events: (0..<walkLength).map { _ in generator.next() })
    }

    /// The golden-image cases with a form file (quick forms need the command line).
    static var goldenCaseScripts: [Script] {
        let cases = folder.appendingPathComponent("cases"), root = folder.deletingLastPathComponent().deletingLastPathComponent()
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: cases.path)) ?? []).filter { $0.hasSuffix(".events") }.sorted()
        return files.compactMap { file -> Script? in
            guard let text = try? String(contentsOf: cases.appendingPathComponent(file), encoding: .utf8) else { return nil }
            var script = Script(name: String(file.dropLast(".events".count)), formJSON: "", events: [])
            for line in text.split(separator: "\n").map(String.init) where !line.hasPrefix("#") {
                if script.events.isEmpty, line.hasPrefix("--") {
                    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                    switch parts[0] {
                    case "--form": script.formJSON = (try? String(contentsOf: root.appendingPathComponent(parts[1]), encoding: .utf8)) ?? ""
                    case "--rtl": script.direction = .rtl
                    case "--theme":
                        guard let theme = ThemeChoice(rawValue: parts[1]) else { return nil }
                        script.palette = theme.palette(desktopTheme: nil, gtkThemeVariable: nil)
                    case "--size":
                        let wh = parts[1].split(separator: "x").compactMap { Double($0) }
                        script.size = Size(width: wh[0], height: wh[1])
                    default: return nil
                    }
                } else {
                    script.events.append(line)
                }
            }
            return script.formJSON.isEmpty ? nil : script
        }
    }

    @Test(arguments: scripts)
    func behavesAsApproved(_ script: Script) throws {
        var form = try FormFile.parse(script.formJSON, fileName: "\(script.name).json")
        if let direction = script.direction { form.direction = direction }
        if let size = script.size { form.size = size }
        let record = try Self.record(form: form, palette: script.palette, events: script.events)
        let approved = Self.folder.appendingPathComponent("behaviour/\(script.name).txt")
        let new = Self.folder.appendingPathComponent("behaviour/\(script.name).new.txt")
        try? FileManager.default.removeItem(at: new)
        let expected = try? String(contentsOf: approved, encoding: .utf8)
        // A Bool, so a failure prints the first differing line, not two whole records.
        let same = record == expected
        var firstDifference = "none approved"
        if !same {
            try FileManager.default.createDirectory(at: new.deletingLastPathComponent(), withIntermediateDirectories: true)
            try record.write(to: new, atomically: true, encoding: .utf8)
            if let expected {
                firstDifference = zip(record.split(separator: "\n"), expected.split(separator: "\n")).enumerated()
                    .first { $0.element.0 != $0.element.1 }
                    .map { "line \($0.offset + 1):\n- \($0.element.1)\n+ \($0.element.0)" } ?? "different length"
            }
        }
        #expect(same, """
            \(script.name) differs from Tests/Golden/behaviour/\(script.name).txt (\(firstDifference)); \
            wrote \(new.lastPathComponent)
            """)
    }

    /// One line an event: the replay line, then the digests of its dirty rectangles and of the
    /// display list. A new session replaces one that ended, as the property tests do.
    static func record(form: Form, palette: Palette = .light, events: [String]) throws -> String {
        func start() -> ReplayRunner {
            let session = FormSession(form: form, measurer: FixedWidthMeasurer())
            session.palette = palette
            return ReplayRunner(session: session, keys: TestKeys())
        }
        var runner = start()
        var lines = ["open dirty=\(digest(runner.session.takeUpdate().repaints)) list=\(digest(displayList(runner.session)))"]
        for line in events {
            if runner.session.result != nil { runner = start(); lines.append("new session") }
            let handled = (try? runner.run(try ReplayEvent(parsing: line))) ?? false
            let report = runner.report(event: line, handled: handled).serialized
            lines.append("\(report) dirty=\(digest(runner.lastUpdate.repaints)) list=\(digest(displayList(runner.session)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func displayList(_ session: FormSession) -> [DisplayItem] {
        session.displayList(in: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)).items
    }

    /// FNV-1a over the printed values: stable from run to run, unlike `hashValue`.
    static func digest<T>(_ value: T) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in String(describing: value).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
