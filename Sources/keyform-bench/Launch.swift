import Foundation
import KeyformAutomation
import KeyformX11

/// One key's latency: to the first paint it caused, and to the last paint before 20 ms of quiet.
struct KeySample: Codable, Sendable {
    var first: Double
    var settled: Double

    /// Key-to-paint: to the last paint, when the screen shows what the key did. A program that
    /// draws straight on its window (the floors) shows the box's background first, the letter
    /// after; one that draws off screen and copies (Keyform, Tk, GTK) shows it all at once.
    var painted: Double { settled }
}

/// One program started on a form and measured from outside: its window on the screen, the time
/// to map and to settle, its peak memory, and the paints that keys cause. `stop()` ends it.
@MainActor
final class Launch {
    static let startQuiet = 500.0
    static let keyQuiet = 20.0

    let process: Process
    let window: UInt32
    /// When it was started, on the benchmark's clock.
    let startedAt: Double
    /// Its standard error, when asked for (`captureErrors`); read once it has ended.
    private let errors: Pipe?
    /// Milliseconds from exec to the window mapped, and to the last paint before quiet.
    let mapped: Double
    let quiet: Double
    private let watcher: ScreenWatcher
    private let driver: XTestDriver

    /// Starts `program` on `spec` and waits until its window is mapped and quiet for
    /// `startQuiet` ms. Throws `BenchError` when either takes longer than `timeout` ms.
    init(_ program: Program, _ spec: FormSpec, scratch: String, display: String,
         watcher: ScreenWatcher, driver: XTestDriver, timeout: Double, captureErrors: Bool = false) throws {
        self.watcher = watcher
        self.driver = driver
        // Whatever the last program left (its window going) must not count as this one's paint.
        _ = try watcher.settle(quiet: 200, since: now(), timeout: 5_000)
        process = Process()
        process.executableURL = URL(fileURLWithPath: program.executable)
        process.arguments = try program.arguments(spec, scratch)
        process.environment = ProcessInfo.processInfo.environment.merging(program.environment) { $1 }
            .merging(["DISPLAY": display]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        errors = captureErrors ? Pipe() : nil
        process.standardError = errors ?? FileHandle.nullDevice
        PageCache.holdInSinglePages(program.executable)
        let start = now()
        startedAt = start
        try process.run()
        // Ours closed, so that reading its standard error ends when the program does.
        try errors?.fileHandleForWriting.close()
        do {
            guard let (window, mappedAt) = try watcher.waitForMap(timeout: timeout) else {
                throw BenchError("\(program.name) with \(spec.fields) fields: no window within \(Int(timeout / 1000)) s")
            }
            watcher.focus(window)
            guard let last = try watcher.settle(quiet: Self.startQuiet, since: mappedAt, timeout: timeout) else {
                throw BenchError("\(program.name) with \(spec.fields) fields: still painting after \(Int(timeout / 1000)) s")
            }
            self.window = window
            mapped = mappedAt - start
            quiet = last - start
        } catch {
            Self.end(process)
            throw error
        }
    }

    /// Start-up times and the peak memory so far.
    var startRun: StartRun { StartRun(mapped: mapped, quiet: quiet, peakKB: peakResidentKB) }

    /// Peak resident set so far (VmHWM), in kB: shared library pages included.
    var peakResidentKB: Double? { status("VmHWM") }

    /// Resident private memory now (RssAnon), in kB: what the program costs beyond shared libraries.
    var privateResidentKB: Double? { status("RssAnon") }

    /// A kB figure from /proc/PID/status.
    private func status(_ name: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
    }

    /// Sends each key and times the paints it causes; a key that paints nothing within a second
    /// counts as a miss (nil).
    func measure(_ keys: [UInt32]) throws -> [KeySample?] {
        try keys.map { keysym in
            let start = now()
            driver.key(keysym)
            try driver.check()
            guard let first = try watcher.firstDamage(timeout: 1_000) else { return nil }
            let last = try watcher.settle(quiet: Self.keyQuiet, since: first, timeout: 2_000) ?? first
            return KeySample(first: first - start, settled: last - start)
        }
    }

    /// Sends keys in bursts of ten, waiting for the screen to settle after each burst.
    func send(_ keys: [UInt32]) throws {
        for burst in stride(from: 0, to: keys.count, by: 10) {
            for keysym in keys[burst..<min(burst + 10, keys.count)] { driver.key(keysym) }
            try driver.check()
            _ = try watcher.settle(quiet: Self.keyQuiet, since: now(), timeout: 5_000)
        }
    }

    /// Ends the program (it is ours: SIGTERM, then SIGKILL after a second) and reaps it.
    func stop() { Self.end(process) }

    /// Ends the program and returns what it wrote to standard error (`captureErrors`).
    func stopAndReadErrors() -> String {
        stop()
        return String(decoding: errors?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    }

    private static func end(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let giveUp = now() + 1_000
        while process.isRunning && now() < giveUp { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
