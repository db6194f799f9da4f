import Glibc
import KeyformEnvironment
import KeyformX11

/// A private X server (Xvfb) for the demo tour, tests and benchmarks: `init` starts it and waits
/// until it accepts connections; `stop()` or `deinit` terminates it and waits for it to exit.
public final class PrivateXServer {
    /// `":N"`, the display Xvfb chose.
    public let displayName: String
    private let process: ChildProcess
    /// Xvfb's messages, kept so a failure to start can say why.
    private let logPath: String

    public init(width: Int = 1280, height: Int = 800, timeout: Double = 10) throws {
        guard let xvfb = Self.findInPath("Xvfb") else {
            throw AutomationError.privateServerFailed("Xvfb is not in PATH (install the xvfb package)")
        }
        let displayPipe = try ChildProcess.pipe()
        defer { close(displayPipe.read) }
        do {
            // Only Xvfb may hold the write end, so that Xvfb dying shows as end of file.
            defer { close(displayPipe.write) }
            let folder = Environment.value("TMPDIR") ?? "/tmp"
            logPath = "\(folder)/keyform-xvfb-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).log"
            let log = open(logPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard log >= 0 else { throw AutomationError.privateServerFailed("cannot create \(logPath)") }
            defer { close(log) }  // Xvfb has its own copy
            do {
                // -displayfd 1: Xvfb picks a free display number and writes it to its standard
                // output once it is ready for clients, so there is no race and no guessing.
                // -r: no auto-repeat, so a key pressed and released through XTEST is one press
                // even when a busy machine runs the release later than the repeat delay; a test
                // of held keys turns it on (XKB's RepeatKeys control).
                let arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset", "-r"]
                process = try ChildProcess(path: xvfb, arguments: arguments, standardOutput: displayPipe.write, standardError: log)
            } catch {
                unlink(logPath)
                throw AutomationError.privateServerFailed("\(error)")
            }
        }
        do {
            displayName = ":\(try Self.readDisplayNumber(from: displayPipe.read, timeout: timeout, process: process, log: logPath))"
        } catch {
            Self.terminate(process)
            unlink(logPath)
            throw error
        }
    }

    deinit { stop() }

    /// The Xvfb's process id, for tests that crash or freeze the server under a client.
    public var processID: pid_t { process.processIdentifier }

    /// Terminates the server and waits for it to exit. Safe to call more than once.
    public func stop() {
        Self.terminate(process)
        unlink(logPath)
    }

    /// SIGTERM, half a second of grace, then SIGKILL; reaps the process either way.
    private static func terminate(_ process: ChildProcess) {
        guard process.isRunning else { return }
        process.terminate()
        let giveUp = MonotonicClock.now() + 500
        while process.isRunning && MonotonicClock.now() < giveUp { usleep(10_000) }
        process.kill()
        process.waitUntilExit()
    }

    /// Reads the line Xvfb writes to `-displayfd`, waiting at most `timeout` seconds.
    private static func readDisplayNumber(from fd: Int32, timeout: Double, process: ChildProcess, log: String) throws -> Int {
        var text = ""
        let deadline = MonotonicClock.now() + timeout * 1000
        while !text.contains("\n") {
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else {
                throw AutomationError.privateServerFailed("Xvfb did not report a display within \(Int(timeout)) s")
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(remaining, 1000).rounded(.up))) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else {
                // End of file: Xvfb exited before it was ready.
                let why = lastLine(of: log) ?? "no message"
                throw AutomationError.privateServerFailed("Xvfb exited with status \(process.terminationStatus): \(why)")
            }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
        guard let number = Int(text.filter { !$0.isWhitespace }) else {
            throw AutomationError.privateServerFailed("Xvfb reported \"\(text)\" instead of a display number")
        }
        return number
    }

    /// The last line of Xvfb's log (the last 4 KiB are plenty for it).
    private static func lastLine(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = lseek(fd, 0, SEEK_END)
        let count = pread(fd, &buffer, buffer.count, max(0, end - off_t(buffer.count)))
        guard count > 0 else { return nil }
        return buffer[..<count].split(separator: UInt8(ascii: "\n")).last.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func findInPath(_ name: String) -> String? {
        let path = Environment.value("PATH") ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
