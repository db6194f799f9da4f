import Foundation

/// A private X server (Xvfb) for the demo tour, tests and benchmarks: `init` starts it and waits
/// until it accepts connections; `stop()` or `deinit` terminates it and waits for it to exit.
public final class PrivateXServer {
    /// `":N"`, the display Xvfb chose.
    public let displayName: String
    private let process: Process
    /// Xvfb's messages, kept so a failure to start can say why.
    private let logURL: URL

    public init(width: Int = 1280, height: Int = 800, timeout: Double = 10) throws {
        guard let xvfb = Self.findInPath("Xvfb") else {
            throw X11Error.privateServerFailed("Xvfb is not in PATH (install the xvfb package)")
        }
        logURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("keyform-xvfb-\(getpid())-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw X11Error.privateServerFailed("cannot create \(logURL.path)")
        }
        let displayPipe = Pipe()
        process = Process()
        process.executableURL = xvfb
        // -displayfd 1: Xvfb picks a free display number and writes it to its standard output
        // once it is ready for clients, so there is no race and no guessing.
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = displayPipe
        let log = try FileHandle(forWritingTo: logURL)
        process.standardError = log
        do {
            try process.run()
            // Xvfb has its own copy now.
            try? log.close()
        } catch {
            try? FileManager.default.removeItem(at: logURL)
            throw X11Error.privateServerFailed("cannot run \(xvfb.path): \(error.localizedDescription)")
        }
        // Close our copy of the write end, so Xvfb dying shows as end of file.
        try? displayPipe.fileHandleForWriting.close()
        do {
            let number = try Self.readDisplayNumber(from: displayPipe.fileHandleForReading.fileDescriptor,
                                                    timeout: timeout, process: process, log: logURL)
            displayName = ":\(number)"
        } catch {
            Self.terminate(process)
            try? FileManager.default.removeItem(at: logURL)
            throw error
        }
    }

    deinit { stop() }

    /// The Xvfb's process id, for tests that crash or freeze the server under a client.
    public var processID: pid_t { process.processIdentifier }

    /// Terminates the server and waits for it to exit. Safe to call more than once.
    public func stop() {
        Self.terminate(process)
        try? FileManager.default.removeItem(at: logURL)
    }

    /// SIGTERM, half a second of grace, then SIGKILL; reaps the process either way. The grace is
    /// short because a child started from a test runner's worker thread inherits a signal mask
    /// that blocks SIGTERM; Xvfb clears a dead server's stale lock when the display is reused.
    private static func terminate(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let giveUp = Date().addingTimeInterval(0.5)
        while process.isRunning && Date() < giveUp { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Reads the line Xvfb writes to `-displayfd`, waiting at most `timeout` seconds.
    private static func readDisplayNumber(from fd: Int32, timeout: Double, process: Process, log: URL) throws -> Int {
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while !text.contains("\n") {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw X11Error.privateServerFailed("Xvfb did not report a display within \(Int(timeout)) s")
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(remaining, 1) * 1000)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else {
                // End of file: Xvfb exited before it was ready.
                process.waitUntilExit()
                let why = (try? String(contentsOf: log, encoding: .utf8))?
                    .split(separator: "\n").last.map(String.init) ?? "no message"
                throw X11Error.privateServerFailed("Xvfb exited with status \(process.terminationStatus): \(why)")
            }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw X11Error.privateServerFailed("Xvfb reported \"\(text)\" instead of a display number")
        }
        return number
    }

    private static func findInPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
