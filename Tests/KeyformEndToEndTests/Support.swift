import Foundation
import Testing

/// The `keyform` binary built next to this test bundle, or the one `KEYFORM_BINARY` names
/// (`make test-shipping`: the build `make install` installs).
let keyformBinary = ProcessInfo.processInfo.environment["KEYFORM_BINARY"] ?? builtProgram("keyform")

/// A program of this package (`keyform`, an example) built next to this test bundle.
func builtProgram(_ name: String) -> String {
    let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let candidates = [beside.appendingPathComponent(name).path,
                      packageRoot.appendingPathComponent(".build/debug/\(name)").path]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let demoForm = packageRoot.appendingPathComponent("assets/demo-form.json").path

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard output as one JSON object a line.
    var jsonLines: [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}

/// Runs a program to the end and collects what it printed.
/// `environment` is added to this process's; `replacingEnvironment` is the whole environment.
func runProgram(_ path: String, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                replacingEnvironment: [String: String]? = nil, currentDirectory: URL? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    process.environment = (replacingEnvironment ?? ProcessInfo.processInfo.environment).merging(environment) { $1 }
    // Output goes to files, so a large one can never fill a pipe and stall the child.
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let input = Pipe()
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self))
}

/// `xdotool ARGUMENTS` on `display`. xdotool reads the text it is to type in the locale's
/// encoding, so it gets a UTF-8 locale whatever the locale the tests run in.
func xdotool(_ arguments: [String], display: String) throws -> RunResult {
    try runProgram("/usr/bin/xdotool", arguments, environment: ["DISPLAY": display, "LC_ALL": "C.UTF-8"])
}

func keyform(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> RunResult {
    try runProgram(keyformBinary, arguments, stdin: stdin, environment: environment)
}

/// A fresh directory for one test's files. Every one lives under this test process's own folder,
/// which goes when the process exits; a run that was killed leaves its folder to the next run,
/// which removes it, so test runs never pile files up in the machine's temporary directory.
func temporaryDirectory() throws -> URL {
    _ = testRunFolderReady
    let url = testRunFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private let testRunFolderPrefix = "keyform-tests-"
private let testRunFolder = FileManager.default.temporaryDirectory.appendingPathComponent("\(testRunFolderPrefix)\(getpid())")

private let testRunFolderReady: Void = {
    let temporary = FileManager.default.temporaryDirectory
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    where name.hasPrefix(testRunFolderPrefix) {
        // kill(pid, 0) fails with ESRCH only when no process has that id: its run is over.
        if let pid = pid_t(name.dropFirst(testRunFolderPrefix.count)), kill(pid, 0) != 0, errno == ESRCH {
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
    atexit { try? FileManager.default.removeItem(at: testRunFolder) }
}()

/// How long a test waits for what it needs (a window, an answer, a file, an exit) before it calls
/// it a failure: a guard against hanging, never a measure of speed, so generous enough for a
/// sanitizer build on a busy two-core machine.
let patience = 60.0

/// Waits until `condition` holds, looking again every 10 ms; if it does not within `patience`,
/// records a failure that names `what`. Returns whether it holds.
@discardableResult
func waitUntil(_ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation,
               _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(patience)
    while try !condition() {
        guard Date() < deadline else {
            Issue.record("waited \(Int(patience)) s for \(what())", sourceLocation: sourceLocation)
            return false
        }
        usleep(10_000)
    }
    return true
}

/// Process `pid`'s memory map (/proc/PID/maps), read to its end: `String(contentsOfFile:)` reads
/// only a /proc file's first page, whose size says 0, and a sanitizer's map is 70 KB.
func memoryMap(of pid: Int32) throws -> String {
    guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { throw CocoaError(.fileReadNoSuchFile) }
    defer { try? file.close() }
    return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
}
