import Foundation
import KeyformAutomation
import KeyformX11

/// Start-up and memory of one program on one form, one start.
struct StartRun: Codable, Sendable {
    var mapped: Double
    var quiet: Double
    var peakKB: Double?
}

/// Every start of one program on a form of `fields` fields; `failure` says why it stopped early.
struct FormRuns: Codable, Sendable {
    var fields: Int
    var runs: [StartRun] = []
    /// Tab latency across the form (first run only); nil entries are Tabs that painted nothing.
    var tabs: [KeySample?] = []
    var failure: String?
}

struct ProgramResult: Codable, Sendable {
    var name: String
    var isFloor = false
    var base: FormRuns
    /// Key-to-paint typing fresh text (`WindowBench.freshText`) into the empty first field, every
    /// start pooled, the first keys each process sees; nil entries are misses.
    var freshKeys: [KeySample?] = []
    /// The same into a text area of `WindowBench.textAreaLines` lines, at their end.
    var textAreaKeys: [KeySample?] = []
    /// Key-to-paint of a and BackSpace in turn on the first text field (the same two strings
    /// again and again: the cached case), the starts that go on to 1,000 keys pooled; nil entries
    /// are misses.
    var keys: [KeySample?] = []
    /// VmHWM after 1,000 keys, one per run (its first start).
    var peakAfterKeysKB: [Double] = []
    /// RssAnon after 1,000 keys, one per run (its first start).
    var privateAfterKeysKB: [Double] = []
    var scale: [FormRuns]
}

/// Measures every program on one private Xvfb, interleaving the programs run by run so that any
/// drift of the machine touches all of them alike.
@MainActor
struct WindowBench {
    nonisolated static let baseFields = 5, textAreaLines = 200
    static let measuredKeys = 300, totalKeys = 1_000, tabs = 200
    /// Starts of the five-field form (and of the text area's) a run: the first goes on to 1,000
    /// keys (the cached case, memory), the others end after the fresh text. A start and its first
    /// keys move with the machine by a fifth from one batch of three to the next; more of them,
    /// interleaved, narrow a run's own spread (not the machine's from one run to the next).
    nonisolated static let startsPerRun = 3
    static let letterA: UInt32 = 0x61, backSpace: UInt32 = 0xff08, tab: UInt32 = 0xff09
    /// Typed letter by letter into an empty field: every string is new to the program (67 keys).
    nonisolated static let freshText = "packmyboxwithfivedozenliquorjugsthequickbrownfoxjumpsoverthelazydog"
    /// Latin-1 letters' keysyms are their code points.
    nonisolated static let freshKeys = freshText.unicodeScalars.map { UInt32($0.value) }

    let programs: [Program]
    let runs: Int
    /// The sizes of the scale forms; Tab latency is measured on those of 1,000 fields or more.
    let scaleFields: [Int]
    let scratch: String
    /// Start-up limit in ms: a program that takes longer is reported as unable.
    var timeout = 30_000.0
    /// `ibus`: after the others, Keyform is measured with ibus (Hangul) running on the server,
    /// without an input method and through it (`XMODIFIERS=@im=ibus`), run by run.
    var inputMethod: String?
    /// After the others, Orca runs on the server (its own session and accessibility bus, speech
    /// logged, no window manager), and Keyform is measured without it, then Keyform and zenity
    /// with it listening, run by run.
    var screenReader = false
    /// False: only the rows above (`--only screen-reader`), not every program's.
    var measuresPrograms = true

    struct Results {
        var programs: [ProgramResult]
        /// The start-up timelines of the floor in C and Keyform.
        var timelines: [StartupTimeline]
        /// Keyform without an input method and through one (none without `inputMethod`).
        var inputMethod: [ProgramResult] = []
        /// Keyform without a screen reader, Keyform and zenity with Orca (none without `screenReader`).
        var screenReader: [ProgramResult] = []
    }

    func run(log: (String) -> Void) throws -> Results {
        let server = try PrivateXServer(width: 1280, height: 800)
        defer { server.stop() }
        // Our clients disconnect when `measure` returns, before the server stops.
        var results = Results(programs: [], timelines: [])
        if measuresPrograms {
            results.programs = try measure(programs, scaleFields: scaleFields, on: server.displayName, log: log)
            results.timelines = try timelines(on: server.displayName, log: log)
        }
        if inputMethod != nil { results.inputMethod = try measureInputMethod(on: server.displayName, log: log) }
        if screenReader { results.screenReader = try measureScreenReader(on: server.displayName, log: log) }
        return results
    }

    /// Keyform with ibus (Hangul) running on the server, without an input method and through it;
    /// nothing when ibus does not start (what was measured stands, the report leaves its rows out).
    private func measureInputMethod(on display: String, log: (String) -> Void) throws -> [ProgramResult] {
        guard let keyform = programs.first(where: { $0.name == "Keyform" }) else { return [] }
        let ibus: PrivateInputMethod
        do {
            ibus = try PrivateInputMethod(display: display, framework: .ibus(engine: "hangul", settings: [
                ("org.freedesktop.ibus.engine.hangul", "disable-latin-mode", "true"),
                ("org.freedesktop.ibus.engine.hangul", "initial-input-mode", "'hangul'")]), timeout: timeout / 1000)
        } catch {
            log("ibus did not start, no input-method rows: \(error)")
            return []
        }
        defer { ibus.stop() }
        let pair = [Program.keyform(keyform.executable, name: "Keyform, no input method"),
                    Program.keyform(keyform.executable, name: "Keyform through ibus", environment: ibus.clientEnvironment)]
        return try measure(pair, scaleFields: [], on: display, log: log)
    }

    /// Keyform without a screen reader, then Keyform and zenity with Orca listening: its
    /// keystroke listeners on the registry (every key is offered to it before the form acts on
    /// it) and key echo on. Each form is typed into once Orca has said its focused field, as the
    /// tests do. Nothing when Orca does not start.
    private func measureScreenReader(on display: String, log: (String) -> Void) throws -> [ProgramResult] {
        guard let keyform = programs.first(where: { $0.name == "Keyform" }) else { return [] }
        let bus: AccessibilityBus, orca: PrivateScreenReader
        do {
            if let missing = PrivateScreenReader.missing { throw BenchError(missing) }
            bus = try AccessibilityBus(display: display, folders: ["XDG_CONFIG_HOME": scratch + "/accessibility"], timeout: timeout / 1000)
            orca = try PrivateScreenReader(bus: bus, windowManager: false, timeout: timeout / 1000)
        } catch {
            log("Orca did not start, no screen-reader rows: \(error)")
            return []
        }
        defer {
            orca.stop()
            bus.stop()
        }
        func listening(_ program: Program, focusedField: String) -> Program {
            var program = program
            program.name += " with Orca"
            // The program's own settings (GTK's, caret blink off) over the desktop's folders.
            program.environment = bus.environment.merging(program.environment) { $1 }
            program.hasTextArea = false
            let name = program.name
            program.ready = {
                do {
                    try orca.hear("Benchmark")
                    try orca.hear(focusedField)
                } catch {
                    throw BenchError("\(name): \(error)")
                }
            }
            return program
        }
        var plain = Program.keyform(keyform.executable, name: "Keyform, no screen reader")
        plain.hasTextArea = false
        let zenity = Program.zenity(gtkConfig: scratch)
        let trio = [plain, listening(.keyform(keyform.executable), focusedField: "Field 1 entry")]
            + (FileManager.default.isExecutableFile(atPath: zenity.executable) ? [listening(zenity, focusedField: "text")] : [])
        return try measure(trio, scaleFields: [], on: display, log: log)
    }

    /// The floor in C and Keyform started with KEYFORM_TIMELINE and LD_DEBUG=statistics, as many
    /// times as the start-up row starts them (three a run, interleaved): with one start a run its
    /// medians of three put Keyform at 1.54× the floor where the row's nine, in the same run, said 1.08×.
    private func timelines(on display: String, log: (String) -> Void) throws -> [StartupTimeline] {
        let watcher = try ScreenWatcher(displayName: display)
        let driver = try XTestDriver(displayName: display)
        let timed = programs.filter { $0.name == "floor-c" || $0.name == "Keyform" }.map { program in
            var program = program
            program.environment.merge(["KEYFORM_TIMELINE": "1", "LD_DEBUG": "statistics"]) { $1 }
            return program
        }
        var timelines = timed.map { StartupTimeline(name: $0.name) }
        let starts = runs * Self.startsPerRun
        for start in 1...starts {
            for (index, program) in timed.enumerated() {
                log("\(program.name): start-up timeline, start \(start)/\(starts)")
                let launched = try Launch(program, FormSpec(fields: Self.baseFields), scratch: "\(scratch)/timeline.json",
                                          display: display, watcher: watcher, driver: driver, timeout: timeout, captureErrors: true)
                let errors = launched.stopAndReadErrors()
                timelines[index].add(stderr: errors, startedAt: launched.startedAt, mapped: launched.mapped, quiet: launched.quiet)
            }
        }
        return timelines
    }

    private func measure(_ programs: [Program], scaleFields: [Int], on display: String,
                         log: (String) -> Void) throws -> [ProgramResult] {
        let watcher = try ScreenWatcher(displayName: display)
        let driver = try XTestDriver(displayName: display)
        var results = programs.map {
            ProgramResult(name: $0.name, isFloor: $0.isFloor, base: FormRuns(fields: Self.baseFields),
                          scale: $0.scales ? scaleFields.map { FormRuns(fields: $0) } : [])
        }
        func launch(_ index: Int, _ spec: FormSpec) throws -> Launch {
            try Launch(programs[index], spec, scratch: "\(scratch)/form-\(index)-\(spec.fields)-\(spec.textAreaLines).json",
                       display: display, watcher: watcher, driver: driver, timeout: timeout)
        }
        let typing = (0..<Self.totalKeys - Self.freshKeys.count).map { $0 % 2 == 0 ? Self.letterA : Self.backSpace }
        let starts = runs * Self.startsPerRun
        for start in 1...starts {
            let toAThousandKeys = (start - 1) % Self.startsPerRun == 0
            for index in programs.indices where results[index].base.failure == nil {
                log("\(programs[index].name): \(Self.baseFields) fields, start \(start)/\(starts)")
                do {
                    let launched = try launch(index, FormSpec(fields: Self.baseFields))
                    defer { launched.stop() }
                    try programs[index].ready?()
                    results[index].base.runs.append(launched.startRun)
                    // Fresh text first, while nothing is cached; then the cached pair, to 1,000 keys.
                    results[index].freshKeys += try launched.measure(Self.freshKeys)
                    if toAThousandKeys {
                        results[index].keys += try launched.measure(Array(typing.prefix(Self.measuredKeys)))
                        try launched.send(Array(typing.dropFirst(Self.measuredKeys)))
                        if let peak = launched.peakResidentKB { results[index].peakAfterKeysKB.append(peak) }
                        if let anon = launched.privateResidentKB { results[index].privateAfterKeysKB.append(anon) }
                    }
                } catch let error as BenchError {
                    results[index].base.failure = error.description
                }
                guard programs[index].hasTextArea, results[index].base.failure == nil else { continue }
                log("\(programs[index].name): a text area of \(Self.textAreaLines) lines, start \(start)/\(starts)")
                do {
                    let launched = try launch(index, FormSpec(fields: Self.baseFields, textAreaLines: Self.textAreaLines))
                    defer { launched.stop() }
                    results[index].textAreaKeys += try launched.measure(Self.freshKeys)
                } catch let error as BenchError {
                    results[index].base.failure = error.description
                }
            }
        }
        for (slot, fields) in scaleFields.enumerated() {
            for run in 1...runs {
                for index in programs.indices where programs[index].scales && !results[index].gaveUp(upTo: slot) {
                    log("\(programs[index].name): \(fields) fields, run \(run)/\(runs)")
                    do {
                        let launched = try launch(index, FormSpec(fields: fields))
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
