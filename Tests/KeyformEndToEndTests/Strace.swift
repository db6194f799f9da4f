import Foundation

/// A `keyform` run under strace, to see every file it opens and every program it runs.
enum Strace {
    static let path = "/usr/bin/strace"

    /// strace's own arguments: follow forks, file and process calls, the log to `trace`.
    static func arguments(_ trace: String) -> [String] { ["-f", "-qq", "-e", "trace=%file,%process", "-o", trace] }

    /// LeakSanitizer cannot work under ptrace: off for a traced keyform in `make test-sanitize`.
    /// (The same commands run untraced, leak-checked, elsewhere in the suite.)
    static var environment: [String: String] {
        ["ASAN_OPTIONS": (ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"]
    }

    /// The paths the log shows opened for writing, created, or renamed to.
    static func filesOpenedForWriting(trace: String) throws -> Set<String> {
        var paths = Set<String>()
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            // strace quotes paths: the odd pieces between quotes are the path arguments.
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            let writing = line.contains("O_WRONLY") || line.contains("O_RDWR") || line.contains("O_CREAT")
            if line.contains("open") && writing, let path = quoted.first {
                paths.insert(path)
            } else if line.contains("rename"), let path = quoted.last {
                paths.insert(path)
            }
        }
        return paths
    }

    /// The first child of a process: the keyform strace started.
    static func child(of pid: pid_t) -> pid_t? {
        let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { pid_t($0) }
    }
}
