import Foundation

/// Everything one `keyform-bench` run measured, as written to the JSON file.
struct BenchReport: Codable {
    var date: String
    var machine: String
    var command: String
    var runs: Int
    var programs: [ProgramResult]
    var engine: EngineBench.Result?
}

/// The markdown tables: every program side by side, Keyform against its targets, the engine.
struct MarkdownReport {
    let report: BenchReport

    var text: String {
        var out = "Measured \(report.date) on \(report.machine), with `\(report.command)`: one private Xvfb "
            + "(1280×800, no window manager), caret blink off everywhere, the same form and window size "
            + "(\(FormSpec.width)×\(FormSpec.height)).\n"
        if !report.programs.isEmpty { out += "\n" + sideBySide + "\n" + targets }
        if let engine = report.engine { out += "\n" + engineTable(engine) }
        return out
    }

    private var sideBySide: String {
        let programs = report.programs
        var rows = ["| \(report.runs) runs each, medians | " + programs.map(\.name).joined(separator: " | ") + " |",
                    "|---|" + String(repeating: "---:|", count: programs.count)]
        func row(_ title: String, _ cell: (ProgramResult) -> String) {
            rows.append("| \(title) | " + programs.map(cell).joined(separator: " | ") + " |")
        }
        row("exec → window mapped (ms)") { ms(median($0.base.runs.map(\.mapped)), failure: $0.base.failure) }
        row("exec → last paint before quiet (ms)") { ms(median($0.base.runs.map(\.quiet)), failure: $0.base.failure) }
        row("key-to-paint min / median / p95 (ms)") { triple(Summary($0.keys.compactMap { $0?.first })) }
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
        let keys = { (p: ProgramResult?) in p.flatMap { Summary($0.keys.compactMap { $0?.first })?.median } }
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
        return rows.joined(separator: "\n") + "\n"
    }

    private func engineTable(_ engine: EngineBench.Result) -> String {
        var rows = ["| engine, headless, release | open (ms) | relayout (ms) | Tab (µs) | hit test (µs) |",
                    "|---|---:|---:|---:|---:|"]
        for size in engine.sizes {
            rows.append("| \(size.fields.formatted()) fields | \(ms(size.openMs)) | \(ms(size.layoutMs)) | "
                        + "\(String(format: "%.1f", size.tabMicros)) | \(String(format: "%.2f", size.hitTestMicros)) |")
        }
        let perEvent = engine.replayMs * 1000 / Double(engine.replayEvents)
        rows.append("\nReplay of \(engine.replayEvents.formatted()) events on \(engine.replayFields.formatted()) fields (parse, run, "
                    + "report, display lists): \(ms(engine.replayMs)) ms, \(String(format: "%.1f", perEvent)) µs per event.")
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
