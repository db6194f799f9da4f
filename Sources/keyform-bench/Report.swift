import Foundation

/// Everything one `keyform-bench` run measured, as written to the JSON file.
struct BenchReport: Codable {
    var date: String
    var machine: String
    var command: String
    var runs: Int
    /// Starts of the five-field form and the text area a run (`WindowBench.startsPerRun`); none in
    /// reports written before there were more than one.
    var startsPerRun: Int?
    var programs: [ProgramResult]
    var timelines: [StartupTimeline]
    /// Keyform without an input method and through one, with it running (`--input-method`).
    var inputMethod: [ProgramResult]
    /// Keyform without a screen reader, Keyform and zenity with Orca listening (`--screen-reader`);
    /// nil in reports written before there was this row.
    var screenReader: [ProgramResult]?
    var engine: EngineBench.Result?
}

/// The markdown tables: every program side by side, Keyform against its targets, the engine.
struct MarkdownReport {
    let report: BenchReport

    var text: String {
        var out = "Measured \(report.date) on \(report.machine), with `\(report.command)`: one private Xvfb "
            + "(1280×800, no window manager), caret blink off everywhere, the same form and window size "
            + "(\(FormSpec.width)×\(FormSpec.height)).\n"
        if !report.programs.isEmpty { out += "\n" + atTheFloor + "\n" + sideBySide + "\n" + targets }
        if !report.timelines.isEmpty { out += "\n" + timelineTable }
        if report.inputMethod.count == 2 {
            out += "\n" + comparison("ibus running", report.inputMethod) + "\nThrough ibus, its Hangul engine composes every letter typed "
                + "(a composition drawn, then committed): the work an input method adds, beside the same keys without one.\n"
        }
        if let screenReader = report.screenReader, screenReader.count >= 2 {
            out += "\n" + comparison("Orca 43 on the server", screenReader) + "\nWith Orca listening, every key is offered to the "
                + "AT-SPI registry (Orca's keystroke listeners) before the form acts on it, and Orca echoes it (speech logged, no "
                + "audio); each form is typed into once Orca has said its focused field. Ratios are to the first column.\n"
        }
        if let engine = report.engine { out += "\n" + engineTable(engine) }
        return out
    }

    /// Starts of the five-field form a run: one in reports saved before there were more.
    private var startsPerRun: Int { report.startsPerRun ?? 1 }

    /// "9 starts, 3 to 1,000 keys": what the five-field form's medians are taken over.
    private var startsAndRuns: String {
        startsPerRun == 1 ? "\(report.runs) runs" : "\(report.runs * startsPerRun) starts, \(report.runs) to 1,000 keys"
    }

    /// Every figure as a ratio to the keyboard floor (times to floor-c's, memory to
    /// floor-swift's, the floor linked as Keyform is), the value after it, and the issue's target.
    private var atTheFloor: String {
        let floors = report.programs.filter(\.isFloor), peers = report.programs.filter { !$0.isFloor }
        guard let timeFloor = floors.first(where: { $0.name == "floor-c" }),
              let memoryFloor = floors.first(where: { $0.name == "floor-swift" }) else { return "" }
        var rows = ["| ratio to the floor (value), medians of \(startsAndRuns) | " + (floors + peers).map(\.name).joined(separator: " | ")
                    + " | Keyform's target |",
                    "|---|" + String(repeating: "---:|", count: floors.count + peers.count) + ":-:|"]
        func row(_ title: String, floor: ProgramResult, target: Double?, unit: (Double?) -> String = { ms($0) },
                 _ value: (ProgramResult) -> Double?) {
            let base = value(floor)
            let cells = floors.map { unit(value($0)) } + peers.map { peer in
                guard let figure = value(peer) else { return "—" }
                guard let base, base > 0 else { return unit(figure) }
                return String(format: "%.2f× (", figure / base) + unit(figure) + ")"
            }
            let keyform = peers.first { $0.name == "Keyform" }.flatMap(value)
            let met = target.map { bound in
                guard let keyform, let base else { return "≤ \(bound)×" }
                return "≤ \(bound)×: " + (keyform / base <= bound ? "met" : "**not met**")
            } ?? "cached case"
            rows.append("| \(title) | " + cells.joined(separator: " | ") + " | \(met) |")
        }
        let quiet = { (p: ProgramResult) in median(p.base.runs.map(\.quiet)) }
        row("exec → last paint before quiet (ms)", floor: timeFloor, target: 1.3, quiet)
        for (name, keys) in [("fresh text into an empty field", \ProgramResult.freshKeys),
                             ("fresh text into a text area of \(WindowBench.textAreaLines) lines", \ProgramResult.textAreaKeys)] {
            let summary = { (p: ProgramResult) in Summary(p[keyPath: keys].compactMap { $0?.painted }) }
            row("key-to-paint, \(name), median (ms)", floor: timeFloor, target: 1.3) { summary($0)?.median }
            row("key-to-paint, \(name), p95 (ms)", floor: timeFloor, target: 1.5) { summary($0)?.p95 }
        }
        let cached = { (p: ProgramResult) in Summary(p.keys.compactMap { $0?.painted }) }
        row("key-to-paint, a and BackSpace in turn, median (ms)", floor: timeFloor, target: nil) { cached($0)?.median }
        row("key-to-paint, a and BackSpace in turn, p95 (ms)", floor: timeFloor, target: nil) { cached($0)?.p95 }
        row("peak RSS after 1,000 keys (MiB), to floor-swift", floor: memoryFloor, target: 1.3, unit: { mib($0) }) {
            median($0.peakAfterKeysKB)
        }
        return rows.joined(separator: "\n") + "\n\nTimes are ratios to floor-c, memory to floor-swift (the floor in Swift, "
            + "linked as Keyform ships). \"Fresh text\" types \(WindowBench.freshKeys.count) different letters, the "
            + "first keys each process sees; "
            + (startsPerRun == 1 ? "" : "each run starts every program \(startsPerRun) times, the first going on to "
                + "1,000 keys (the cached case, memory). ")
            + "zenity and yad have no text area with a text to start from. "
            + "Key-to-paint runs from the key to its last paint, when the screen shows the letter: the floors "
            + "draw straight on the window, the box's background before the letter, the others all at once.\n"
    }

    /// Each program's start-up steps, ms from exec, step by step side by side (Keyform's order).
    private var timelineTable: String {
        let timelines = report.timelines, medians = report.timelines.map(\.medians)
        var names: [String] = []
        for name in (medians.last ?? []).map(\.name) + medians.flatMap({ $0.map(\.name) }) where !names.contains(name) {
            names.append(name)
        }
        // Seen from outside last, as each program's own steps come before.
        let outside = { (name: String) in name.contains("seen from outside") }
        names = names.filter { !outside($0) } + names.filter(outside)
        let starts = timelines.map(\.starts.count).max() ?? 0
        var rows = ["| start-up, ms from exec, medians of \(starts) starts | " + timelines.map(\.name).joined(separator: " | ") + " |",
                    "|---|" + String(repeating: "---:|", count: timelines.count)]
        for name in names {
            rows.append("| \(name) | " + medians.map { steps in ms(steps.first { $0.name == name }?.ms) }.joined(separator: " | ") + " |")
        }
        rows.append("| the dynamic loader's own time (LD_DEBUG=statistics) | " + timelines.map { ms(median($0.loaderMs)) }.joined(separator: " | ") + " |")
        return rows.joined(separator: "\n") + "\n\nEach step is written by the program with KEYFORM_TIMELINE set (a test of one "
            + "flag when unset); \"main\" comes after the kernel's exec, the dynamic loader and static initialisers.\n"
    }

    /// Variants of a program side by side (Keyform without ibus and through it; without Orca and
    /// with it, and GTK with it), each figure with its ratio to the first's.
    private func comparison(_ setting: String, _ results: [ProgramResult]) -> String {
        let first = results[0]
        var rows = ["| \(setting), medians of \(startsAndRuns) | " + results.map(\.name).joined(separator: " | ") + " |",
                    "|---|" + String(repeating: "---:|", count: results.count)]
        func row(_ title: String, unit: (Double?) -> String = { ms($0) }, _ value: (ProgramResult) -> Double?) {
            let cells = results.map { result in
                let figure = value(result)
                guard result.name != first.name, let figure, let base = value(first), base > 0 else { return unit(figure) }
                return String(format: "%.2f× (", figure / base) + unit(figure) + ")"
            }
            rows.append("| \(title) | " + cells.joined(separator: " | ") + " |")
        }
        row("exec → last paint before quiet (ms)") { median($0.base.runs.map(\.quiet)) }
        row("key-to-paint, fresh text, median (ms)") { Summary($0.freshKeys.compactMap { $0?.painted })?.median }
        row("key-to-paint, fresh text, p95 (ms)") { Summary($0.freshKeys.compactMap { $0?.painted })?.p95 }
        row("key-to-paint, a and BackSpace, median (ms)") { Summary($0.keys.compactMap { $0?.painted })?.median }
        row("peak RSS after 1,000 keys (MiB)", unit: { mib($0) }) { median($0.peakAfterKeysKB) }
        let failures = results.compactMap { result in result.base.failure.map { "\n\(result.name) stopped: \($0)\n" } }
        return rows.joined(separator: "\n") + "\n" + failures.joined()
    }

    private var sideBySide: String {
        let programs = report.programs.filter { !$0.isFloor }
        var rows = ["| medians of \(startsAndRuns); scale forms \(report.runs) runs | " + programs.map(\.name).joined(separator: " | ") + " |",
                    "|---|" + String(repeating: "---:|", count: programs.count)]
        func row(_ title: String, _ cell: (ProgramResult) -> String) {
            rows.append("| \(title) | " + programs.map(cell).joined(separator: " | ") + " |")
        }
        row("exec → window mapped (ms)") { ms(median($0.base.runs.map(\.mapped)), failure: $0.base.failure) }
        row("exec → last paint before quiet (ms)") { ms(median($0.base.runs.map(\.quiet)), failure: $0.base.failure) }
        row("key-to-paint min / median / p95 (ms)") { triple(Summary($0.keys.compactMap { $0?.painted })) }
        row("keys measured (misses)") { "\($0.keys.count) (\($0.keys.filter { $0 == nil }.count))" }
        row("peak RSS after start-up (MiB)") { mib(median($0.base.runs.compactMap(\.peakKB))) }
        row("peak RSS after 1,000 keys (MiB)") { mib(median($0.peakAfterKeysKB)) }
        row("private memory (RssAnon) after 1,000 keys (MiB)") { mib(median($0.privateAfterKeysKB)) }
        for (slot, fields) in (programs.first?.scale.map(\.fields) ?? []).enumerated() {
            row("\(fields.formatted()) fields: to quiet (ms) / peak RSS (MiB)") { program in
                let form = program.scale[slot]
                guard let quiet = median(form.runs.map(\.quiet)) else { return form.failure.map(shortFailure) ?? "—" }
                let partly = form.failure == nil ? "" : " (\(form.runs.count) of \(report.runs) runs)"
                return ms(quiet) + " / " + mib(median(form.runs.compactMap(\.peakKB))) + partly
            }
            guard fields >= 1_000 else { continue }
            row("Tab across \(fields.formatted()) fields, first paint median / p95 (ms)") { program in
                let tabs = program.scale[slot].tabs
                guard let summary = Summary(tabs.compactMap { $0?.first }) else { return "—" }
                let misses = tabs.filter { $0 == nil }.count
                return ms(summary.median) + " / " + ms(summary.p95) + (misses > 0 ? " (\(misses) no paint)" : "")
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    /// The issue's targets, each as a ratio measured in this run.
    private var targets: String {
        guard let keyform = report.programs.first(where: { $0.name == "Keyform" }) else { return "" }
        let peer = { (name: String) in report.programs.first { $0.name == name } }
        var rows = ["| Keyform's target | Keyform | bound from this run | met |", "|---|---:|---:|:-:|"]
        func target(_ title: String, _ value: Double?, _ bound: Double?, strict: Bool = false,
                    unit: (Double?) -> String = { ms($0) }) {
            guard let value, let bound else { return }
            let met = strict ? value < bound : value <= bound
            rows.append("| \(title) | \(unit(value)) | \(unit(bound)) | \(met ? "yes" : "**no**") |")
        }
        let quiet = { (p: ProgramResult?) in p.flatMap { median($0.base.runs.map(\.quiet)) } }
        target("start-up to quiet ≤ ½ Tk's", quiet(keyform), quiet(peer("Tk")).map { $0 / 2 })
        target("start-up to quiet < ⅒ zenity's", quiet(keyform), quiet(peer("zenity")).map { $0 / 10 }, strict: true)
        let memory = { (p: ProgramResult?) in p.flatMap { median($0.peakAfterKeysKB) } }
        target("peak RSS ≤ Tk's (after 1,000 keys)", memory(keyform), memory(peer("Tk")), unit: { mib($0) + " MiB" })
        let keys = { (p: ProgramResult?) in p.flatMap { Summary($0.keys.compactMap { $0?.painted })?.median } }
        target("key-to-paint median ≤ Tk's", keys(keyform), keys(peer("Tk")))
        if let big = keyform.scale.last {
            target("\(big.fields.formatted()) fields open and settle < 100 ms", median(big.runs.map(\.quiet)), 100, strict: true)
        }
        // Flat: the largest form's median Tab within 1.5× of the 1,000-field form's.
        let tabs = keyform.scale.filter { $0.fields >= 1_000 }
        let tabMedians = tabs.compactMap { Summary($0.tabs.compactMap { $0?.first })?.median }
        if tabMedians.count == 2, let small = tabMedians.first, let large = tabMedians.last {
            rows.append("| Tab latency flat: median at \(tabs[1].fields.formatted()) fields ÷ at \(tabs[0].fields.formatted()) | "
                        + String(format: "%.2f× | ≤ 1.5× | ", large / small) + (large <= small * 1.5 ? "yes |" : "**no** |"))
        }
        return rows.count > 2 ? rows.joined(separator: "\n") + "\n" : ""
    }

    private func engineTable(_ engine: EngineBench.Result) -> String {
        var rows = ["| engine, headless, release | open (ms) | relayout (ms) | Tab (µs) | hit test (µs) |",
                    "|---|---:|---:|---:|---:|"]
        for size in engine.sizes {
            rows.append("| \(size.fields.formatted()) fields | \(ms(size.openMs)) | \(ms(size.layoutMs)) | "
                        + "\(String(format: "%.1f", size.tabMicros)) | \(String(format: "%.2f", size.hitTestMicros)) |")
        }
        let perEvent = { (ms: Double) in String(format: "%.1f", ms * 1000 / Double(engine.replayEvents)) }
        rows.append("\nReplay of \(engine.replayEvents.formatted()) events on \(engine.replayFields.formatted()) fields, as `keyform replay` "
                    + "does (parse, run, a report line each): \(ms(engine.replayMs)) ms, \(perEvent(engine.replayMs)) µs per event "
                    + "(target: 50)." + (engine.replayWithDisplayListsMs.map {
                        " With each dirty rectangle's display list built after every event, as the window does: "
                            + "\(ms($0)) ms, \(perEvent($0)) µs per event."
                    } ?? ""))
        let big = engine.bigTextArea
        rows.append("\nA text area holding \(String(format: "%.1f", Double(big.bytes) / Double(1 << 20))) MiB: parse \(ms(big.parseMs)) ms, "
                    + "open \(ms(big.openMs)) ms (target: parse and open < 500 ms), a letter typed at its end \(ms(big.keyMs)) ms "
                    + "(median of \(EngineBench.bigTextKeys); target < 16 ms)."
                    + (big.readerCallMs.map { " With a screen reader listening: its states, caret and line (GetState, CaretOffset, GetStringAtOffset) \(ms($0)) ms, " } ?? "")
                    + (big.readerKeyMs.map { "a letter with its events \(ms($0)) ms." } ?? ""))
        return rows.joined(separator: "\n") + "\n"
    }
}

private func ms(_ value: Double?, failure: String? = nil) -> String {
    guard let value else { return failure.map(shortFailure) ?? "—" }
    return value < 10 ? String(format: "%.2f", value) : String(format: "%.0f", value)
}

private func mib(_ kb: Double?) -> String { kb.map { String(format: "%.1f", $0 / 1024) } ?? "—" }

private func triple(_ summary: Summary?) -> String {
    guard let summary else { return "—" }
    return [summary.min, summary.median, summary.p95].map { ms($0) }.joined(separator: " / ")
}

/// "zenity with 10000 fields: no window within 30 s" → "no window within 30 s".
private func shortFailure(_ failure: String) -> String {
    failure.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? failure
}
