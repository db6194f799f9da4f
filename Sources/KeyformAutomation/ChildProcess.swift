import Glibc
import KeyformEnvironment

/// A program run with `posix_spawn`, for the demo tour, tests and benchmarks. Foundation's
/// `Process` would do, but linking it brings all of Foundation (and ICU) into the `keyform`
/// binary, which costs the window megabytes of resident memory though it never runs a program.
///
/// The child starts with standard input on /dev/null, no other descriptor of ours but the ones
/// asked for, every signal unblocked and at its default action. It is reaped by
/// `waitUntilExit()` or `isRunning`; a `ChildProcess` let go of while running is not killed.
public final class ChildProcess {
    public let processIdentifier: pid_t
    /// The wait status, once the child has been reaped.
    private var waitStatus: Int32?

    /// Starts the program at `path` with `arguments` (not counting argv[0]) and this process's
    /// environment updated with `environment`. `standardOutput` and `standardError` are
    /// descriptors for the child's 1 and 2; nil shares ours.
    public init(path: String, arguments: [String], environment: [String: String] = [:],
                standardOutput: Int32? = nil, standardError: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
        for descriptor in Self.inheritableDescriptors() { posix_spawn_file_actions_addclose(&actions, descriptor) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A test runner's worker thread blocks signals, and a parent may ignore SIGPIPE: neither
        // may reach the child, or Xvfb would shrug off SIGTERM.
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = Self.environment(updatedWith: environment).map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw ChildProcessError("cannot run \(path)", code: result) }
        processIdentifier = pid
    }

    /// True until the child has exited (and been reaped).
    public var isRunning: Bool {
        guard waitStatus == nil else { return false }
        var status: Int32 = 0
        switch waitpid(processIdentifier, &status, WNOHANG) {
        case processIdentifier: waitStatus = status
        case -1 where errno == ECHILD: waitStatus = -1  // reaped elsewhere: gone all the same
        default: break
        }
        return waitStatus == nil
    }

    public func waitUntilExit() {
        var status: Int32 = 0
        while waitStatus == nil {
            if waitpid(processIdentifier, &status, 0) == processIdentifier {
                waitStatus = status
            } else if errno != EINTR {
                waitStatus = -1
            }
        }
    }

    /// The exit status, or the number of the signal that ended the child. Waits for it first.
    public var terminationStatus: Int32 {
        waitUntilExit()
        let status = waitStatus ?? 0
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    /// Sends SIGTERM.
    public func terminate() {
        if isRunning { Glibc.kill(processIdentifier, SIGTERM) }
    }

    /// Sends SIGKILL.
    public func kill() {
        if isRunning { Glibc.kill(processIdentifier, SIGKILL) }
    }

    /// A pipe whose ends close on exec: pass one to `init`, and it is the child's alone.
    public static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw ChildProcessError("cannot make a pipe", code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Our descriptors above 2 that would survive exec (not close-on-exec): a test runner's, say.
    /// The child must not keep them open (`posix_spawn_file_actions_addclosefrom_np` would do,
    /// but Swift's Glibc module leaves out GNU extensions).
    private static func inheritableDescriptors() -> [Int32] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        var descriptors: [Int32] = []
        while let entry = readdir(folder) {
            let name = entry.name
            if let descriptor = Int32(name), descriptor > 2, fcntl(descriptor, F_GETFD) & FD_CLOEXEC == 0 {
                descriptors.append(descriptor)
            }
        }
        return descriptors
    }

    /// `NAME=VALUE` strings: ours, with `changes` replacing or adding variables.
    private static func environment(updatedWith changes: [String: String]) -> [String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            let name = text.prefix { $0 != "=" }
            if changes[String(name)] == nil { entries.append(text) }
            pointer += 1
        }
        return entries + changes.map { "\($0.key)=\($0.value)" }
    }
}

/// The program is missing or cannot be run, or there are no descriptors left for a pipe.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String

    init(_ what: String, code: Int32) {
        description = "\(what): \(String(cString: strerror(code)))"
    }
}
