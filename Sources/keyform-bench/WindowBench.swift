import Foundation
import KeyformAutomation
import KeyformX11

/// Start-up and memory of one program on one form, one run.
struct StartRun: Codable, Sendable {
    var mapped: Double
    var quiet: Double
    var peakKB: Double?
}

/// Every run of one program on a form of `fields` fields; `failure` says why it stopped early.
struct FormRuns: Codable, Sendable {
    var fields: Int
    var runs: [StartRun] = []
    /// Tab latency across the form (first run only); nil entries are Tabs that painted nothing.
    var tabs: [KeySample?] = []
    var failure: String?
}

struct ProgramResult: Codable, Sendable {
    var name: String
    var base: FormRuns
    /// Key-to-paint on the first text field, every run pooled; nil entries are misses.
    var keys: [KeySample?] = []
    /// VmHWM after 1,000 keys, one per run.
    var peakAfterKeysKB: [Double] = []
    /// RssAnon after 1,000 keys, one per run.
    var privateAfterKeysKB: [Double] = []
    var scale: [FormRuns]
}

/// Measures every program on one private Xvfb, interleaving the programs run by run so that any
/// drift of the machine touches all of them alike.
@MainActor
struct WindowBench {
    static let baseFields = 5
    static let measuredKeys = 300, totalKeys = 1_000, tabs = 200
    static let letterA: UInt32 = 0x61, backSpace: UInt32 = 0xff08, tab: UInt32 = 0xff09

    let programs: [Program]
    let runs: Int
    /// The sizes of the scale forms; Tab latency is measured on those of 1,000 fields or more.
    let scaleFields: [Int]
    let scratch: String
    /// Start-up limit in ms: a program that takes longer is reported as unable.
    var timeout = 30_000.0
    /// `ibus`: Keyform types through ibus (Hangul) running on the server (`--input-method`).
    var inputMethod: String?

    func run(log: (String) -> Void) throws -> [ProgramResult] {
        let server = try PrivateXServer(width: 1280, height: 800)
        defer { server.stop() }
        let ibus = try inputMethod.map { _ in
            try PrivateInputMethod(display: server.displayName, framework: .ibus(engine: "hangul", settings: [
                ("org.freedesktop.ibus.engine.hangul", "disable-latin-mode", "true"),
                ("org.freedesktop.ibus.engine.hangul", "initial-input-mode", "'hangul'")]), timeout: timeout / 1000)
        }
        defer { ibus?.stop() }
        // Our clients disconnect when `measure` returns, before the server stops.
        return try measure(on: server.displayName, log: log)
    }

    private func measure(on display: String, log: (String) -> Void) throws -> [ProgramResult] {
        let watcher = try ScreenWatcher(displayName: display)
        let driver = try XTestDriver(displayName: display)
        var results = programs.map {
            ProgramResult(name: $0.name, base: FormRuns(fields: Self.baseFields),
                          scale: scaleFields.map { FormRuns(fields: $0) })
        }
        func launch(_ index: Int, _ fields: Int) throws -> Launch {
            var program = programs[index]
            if let inputMethod, program.name == "Keyform" { program.environment["XMODIFIERS"] = "@im=" + inputMethod }
            return try Launch(program, FormSpec(fields: fields), scratch: "\(scratch)/form-\(index)-\(fields).json",
                       display: display, watcher: watcher, driver: driver, timeout: timeout)
        }
        let typing = (0..<Self.totalKeys).map { $0 % 2 == 0 ? Self.letterA : Self.backSpace }
        for run in 1...runs {
            for index in programs.indices where results[index].base.failure == nil {
                log("\(programs[index].name): \(Self.baseFields) fields, run \(run)/\(runs)")
                do {
                    let launched = try launch(index, Self.baseFields)
                    defer { launched.stop() }
                    results[index].base.runs.append(launched.startRun)
                    results[index].keys += try launched.measure(Array(typing.prefix(Self.measuredKeys)))
                    try launched.send(Array(typing.dropFirst(Self.measuredKeys)))
                    if let peak = launched.peakResidentKB { results[index].peakAfterKeysKB.append(peak) }
                    if let anon = launched.privateResidentKB { results[index].privateAfterKeysKB.append(anon) }
                } catch let error as BenchError {
                    results[index].base.failure = error.description
                }
            }
        }
        for (slot, fields) in scaleFields.enumerated() {
            for run in 1...runs {
                for index in programs.indices where !results[index].gaveUp(upTo: slot) {
                    log("\(programs[index].name): \(fields) fields, run \(run)/\(runs)")
                    do {
                        let launched = try launch(index, fields)
                        defer { launched.stop() }
                        results[index].scale[slot].runs.append(launched.startRun)
                        if run == 1 && fields >= 1_000 {
                            results[index].scale[slot].tabs = try launched.measure(Array(repeating: Self.tab, count: Self.tabs))
                        }
                    } catch let error as BenchError {
                        results[index].scale[slot].failure = error.description
                    }
                }
            }
        }
        return results
    }
}

extension ProgramResult {
    /// Whether the program failed on the scale form at `slot` or any smaller one.
    func gaveUp(upTo slot: Int) -> Bool {
        scale[...slot].contains { $0.failure != nil }
    }
}
