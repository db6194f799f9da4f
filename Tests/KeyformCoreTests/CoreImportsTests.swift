import Foundation
import Testing

/// The house's first rule (docs/architecture.md › Rules of the house): the core imports no C and no
/// Foundation, so every behaviour runs with no display and no platform. The package cannot say so
/// (Glibc needs no dependency to be imported), so this reads the core's sources.
@Suite struct CoreImportsTests {
    static let core = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/KeyformCore")
    /// The standard library's own modules, which the core may use.
    static let allowed: Set<String> = ["Synchronization", "FoundationEssentials"]

    @Test func theCoreImportsOnlyTheStandardLibrary() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.core.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "the core's sources are found")
        for file in files {
            let text = try String(contentsOf: Self.core.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.contains(" import ") && line.hasPrefix("@") {
                let module = String(line.split(separator: " ").last ?? "")
                #expect(Self.allowed.contains(module), "\(file) imports \(module)")
            }
        }
    }
}
