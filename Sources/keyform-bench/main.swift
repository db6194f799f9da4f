import Foundation
import KeyformAutomation
import KeyformX11

// keyform-bench [--runs N] [--only window|engine|screen-reader] [--programs floor-c,floor-swift,Keyform,Tk,zenity,yad]
//               [--sizes 10,1000,10000] [--out DIR] [--keyform PATH] [--floor DIR] [--tk-script PATH]
//               [--input-method ibus|none] [--screen-reader orca|none] [--compare PATH]
//
// --runs N (3): each run starts every program WindowBench.startsPerRun times on the five-field form
// and the text area's, the first start going on to 1,000 keys, then once on each scale form.
// --floor DIR: where `make bench` built the keyboard floors, floor-c and floor-swift (bench/floor/).
// --input-method ibus (the default when ibus is installed): after the others, ibus runs on the
// Xvfb (its Hangul engine, as the end-to-end tests set it up) and Keyform is measured without an
// input method and through it (XMODIFIERS=@im=ibus), run by run; none leaves that out.
// --screen-reader orca (the default when Orca is installed): then Orca runs on the Xvfb (headless,
// as the end-to-end tests run it) and Keyform is measured without it, then Keyform and zenity with
// it listening, run by run; none leaves that out. --only screen-reader: that row alone.
// --compare PATH: another build of keyform, measured as "compared" right after Keyform in every
// run (whatever --programs says), so that two builds are told apart within the same minutes of a
// machine whose speed drifts from one run to the next more than most changes move them.
//
// Measures the keyboard floors, Keyform, Tk, zenity and yad from outside on one private Xvfb
// (DAMAGE and XTEST), and the engine in process; writes DIR/bench-DATE.md and DIR/bench-DATE.json
// and prints the tables, ratios to the floor first.
// A run of both also writes bench/latest.md, the copy the README's Performance section quotes.
// keyform-bench --report FILE.json prints the tables of a saved run again.

struct Options {
    var runs = 3
    var only: String?
    var out = "bench/results"
    var keyform = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("keyform").path
    var floor = ".build-floor"
    var tkScript = "bench/form.tcl"
    var programs: [String]?
    var sizes = [10, 1_000, 10_000]
    var report: String?
    var compare: String?
    var inputMethod: String? = PrivateInputMethod.Framework.ibus(engine: "hangul").missing == nil ? "ibus" : nil
    var screenReader = PrivateScreenReader.missing == nil

    /// Everything measured, every program and size: a table fit for the README.
    var isComplete: Bool {
        only == nil && programs == nil && sizes == [10, 1_000, 10_000] && inputMethod != nil && screenReader && compare == nil
    }

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw BenchError("\(flag) needs a value") }
            switch flag {
            case "--runs": runs = max(1, Int(value) ?? 0); if Int(value) == nil { throw BenchError("--runs takes a number") }
            case "--only": only = value
            case "--out": out = value
            case "--keyform": keyform = value
            case "--floor": floor = value
            case "--tk-script": tkScript = value
            case "--programs": programs = value.split(separator: ",").map(String.init)
            case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }
            case "--report": report = value
            case "--compare":
                guard FileManager.default.isExecutableFile(atPath: value) else { throw BenchError("--compare \(value): no program there") }
                compare = value
            case "--screen-reader":
                guard value == "orca" || value == "none" else { throw BenchError("--screen-reader takes orca or none") }
                screenReader = value == "orca"
            case "--input-method":
                guard value == "ibus" || value == "none" else { throw BenchError("--input-method takes ibus or none") }
                inputMethod = value == "none" ? nil : value
            default: throw BenchError("unknown option \(flag) (see the top of Sources/keyform-bench/main.swift)")
            }
        }
    }
}

/// "Intel(R) Xeon(R) …, 2 cores, 24 GiB, Debian GNU/Linux 12 (bookworm), Linux 6.1".
func machineDescription() -> String {
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
        .first { $0.hasPrefix("model name") }?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let os = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))?.split(separator: "\n")
        .first { $0.hasPrefix("PRETTY_NAME=") }?.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: ["\""]) ?? "Linux"
    let memory = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
    return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(String(format: "%.0f", memory)) GiB, \(os)"
}

/// A path under the current folder as relative to it, so that the report names no machine's folders.
func relativePath(_ argument: String) -> String {
    let folder = FileManager.default.currentDirectoryPath + "/"
    return argument.hasPrefix(folder) ? String(argument.dropFirst(folder.count)) : argument
}

@MainActor
func main() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    if let saved = options.report {
        let report = try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: saved)))
        return print(MarkdownReport(report: report).text, terminator: "")
    }
    let stamp = ISO8601DateFormatter().string(from: Date())
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-bench-\(getpid())").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try Program.writeGTKSettings(in: scratch)

    var report = BenchReport(date: stamp, machine: machineDescription(),
                             command: (["keyform-bench"] + CommandLine.arguments.dropFirst().map(relativePath)).joined(separator: " "),
                             runs: options.runs, startsPerRun: WindowBench.startsPerRun, programs: [], timelines: [],
                             inputMethod: [], engine: nil)
    if options.only == nil || options.only == "engine" {
        FileHandle.standardOutput.write(Data("engine, headless …\n".utf8))
        report.engine = try EngineBench().run()
    }
    if options.only != "engine" {
        let compared = options.compare.map { Program.keyform($0, name: "compared") }
        let programs = ([Program.floor(options.floor + "/floor-c", name: "floor-c"),
                         .floor(options.floor + "/floor-swift", name: "floor-swift"),
                         .keyform(options.keyform)] + [compared].compactMap { $0 }
                        + [.tk(script: options.tkScript), .zenity(gtkConfig: scratch), .yad(gtkConfig: scratch)])
            .filter { FileManager.default.isExecutableFile(atPath: $0.executable) }
            .filter { program in
                program.name == compared?.name || options.programs?.contains { $0.lowercased() == program.name.lowercased() } ?? true
            }
        var bench = WindowBench(programs: programs, runs: options.runs, scaleFields: options.sizes, scratch: scratch)
        bench.inputMethod = options.only == "screen-reader" ? nil : options.inputMethod
        bench.screenReader = options.screenReader
        bench.measuresPrograms = options.only != "screen-reader"
        let results = try bench.run { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        (report.programs, report.timelines, report.inputMethod) = (results.programs, results.timelines, results.inputMethod)
        report.screenReader = results.screenReader
    }

    try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
    let base = "\(options.out)/bench-\(stamp.replacingOccurrences(of: ":", with: ""))"
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(report).write(to: URL(fileURLWithPath: base + ".json"))
    let markdown = MarkdownReport(report: report).text
    try markdown.write(toFile: base + ".md", atomically: true, encoding: .utf8)
    if options.isComplete { try markdown.write(toFile: "bench/latest.md", atomically: true, encoding: .utf8) }
    print("\n" + markdown + "\nwritten: \(base).md, \(base).json")
}

do {
    try MainActor.assumeIsolated { try main() }
} catch {
    FileHandle.standardError.write(Data("keyform-bench: \(error)\n".utf8))
    exit(1)
}
