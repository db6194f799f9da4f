import Foundation
import Testing

/// `keyform` links none of Swift's concurrency runtime: used anywhere in the program, it brings
/// libdispatch, which starts at every launch and stays resident (issue #22: 470 kB after the
/// bench's keys). The shipping build turns off the compiler's own run-time isolation checks (the
/// Makefile); this scan finds the uses written in the source, in every module but those `keyform`
/// does not link. A C callback that must run on the main actor says so with `onMainThread`. A
/// generic type of a main-actor function type (`Callback<@MainActor () -> Void>`, `[@MainActor
/// () -> Void]`) counts too: its metadata names `MainActor`, which only that runtime has, and
/// without it the shipping build made objects with no class, which crashed when released.
@Suite("The concurrency runtime") struct ConcurrencyRuntimeTests {
    /// The modules `keyform` does not link: the library (its `async` API), the demo tour, the
    /// bench and the automation they use.
    static let notInKeyform: Set = ["Keyform", "keyform-tour", "keyform-bench", "KeyformAutomation"]

    @Test func keyformsModulesUseNothingOfIt() throws {
        let pattern = try Regex(#"\basync\b|\bawait\b|assumeIsolated|isolated deinit|\bTask\s*[{(.]|\bactor\s+[A-Z]|AsyncStream|"#
                                + #"with(Checked|Unsafe)\w*Continuation|MainActor\.(run|shared)|<[^<>]*@MainActor|\[\s*@MainActor"#)
        let sources = packageRoot.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !Self.notInKeyform.contains($0) }
        #expect(modules.contains("keyform") && modules.contains("KeyformX11"))
        var uses: [String] = []
        for module in modules {
            let directory = sources.appendingPathComponent(module)
            for file in try FileManager.default.subpathsOfDirectory(atPath: directory.path) where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // Code only: "async-signal-safe" in a comment is no use of the runtime.
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    if code.contains(pattern) { uses.append("\(module)/\(file):\(number + 1): \(line)") }
                }
            }
        }
        #expect(uses.isEmpty, "\(uses.joined(separator: "\n"))")
    }
}
