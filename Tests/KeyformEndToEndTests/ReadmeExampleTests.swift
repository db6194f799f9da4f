import Foundation
import Testing

/// The README's "Use it from a script" examples, run as written: each script under /bin/sh with
/// `keyform` on the PATH, the keys in the comment above it typed into the window, and its output
/// compared with the output the README shows.
@Suite("README examples", .serialized) struct ReadmeExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var keys: [String]
        var script: String
        var output: String
        var testDescription: String { String(script.prefix(40)) }
    }

    /// `<!-- keys:` one event a line `-->`, then a ```sh block, then a ```text block.
    static let examples: [Example] = {
        let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        var examples: [Example] = []
        func block() -> String {
            while let line = lines.first, !line.hasPrefix("```") { lines.removeFirst() }
            lines.removeFirst()
            var text: [String] = []
            while let line = lines.popFirst(), line != "```" { text.append(line) }
            return text.joined(separator: "\n") + "\n"
        }
        while let line = lines.popFirst() {
            guard line == "<!-- keys:" else { continue }
            var keys: [String] = []
            while let key = lines.popFirst(), key != "-->" { keys.append(key) }
            let script = block()
            examples.append(Example(keys: keys, script: script, output: block()))
        }
        return examples
    }()

    @Test func theREADMEHasThreeExamples() {
        #expect(Self.examples.count == 3)
    }

    /// `keyform check` finds nothing to say about the README's forms, nor about the demo.
    @Test(arguments: examples)
    func anExamplesFormIsClean(_ example: Example) throws {
        var arguments = ["check", "--form", "-"]
        var form: String?
        if let start = example.script.range(of: "<<'EOF'\n"), let end = example.script.range(of: "\nEOF", range: start.upperBound..<example.script.endIndex) {
            form = String(example.script[start.upperBound..<end.lowerBound])
        } else {
            // A quick form: the flags that make it, as the script passes them (check prints nothing).
            let line = example.script.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n")[0]
            let flags = line[..<(line.range(of: " --output")?.lowerBound ?? line.endIndex)]
            arguments = ["-c", "exec \"$0\" check " + flags.dropFirst("keyform ".count), keyformBinary]
        }
        let run = form.map { try? keyform(arguments, stdin: $0) } ?? (try? runProgram("/bin/sh", arguments))
        #expect(run?.status == 0, "\(run?.stdout ?? "")\(run?.stderr ?? "")")
    }

    @Test func theDemoIsClean() throws {
        let run = try keyform(["check", "--form", demoForm])
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test(arguments: examples)
    @MainActor func anExampleRunsAsWritten(_ example: Example) throws {
        let home = try temporaryDirectory()
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".cache"), withIntermediateDirectories: true)
        let binDirectory = URL(fileURLWithPath: keyformBinary).deletingLastPathComponent().path
        let path = binDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let form = try ScriptedWindow(["-c", example.script], program: "/bin/sh", environment: ["PATH": path, "HOME": home.path])
        for key in example.keys {
            if key.hasPrefix("type:") { try form.type(String(key.dropFirst(5))) } else { try form.xdotool("key", key) }
        }
        #expect(form.exitStatus() == 0, "\(form.stderr)")
        #expect(form.stdout == example.output)
        #expect(form.stderr.isEmpty, "\(form.stderr)")
    }
}
