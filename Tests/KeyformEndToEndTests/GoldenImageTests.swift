import Foundation
import KeyformCairo
import Testing

/// The golden corpus: each `Tests/Golden/cases/NAME.events` is rendered with `keyform render`
/// and compared pixel by pixel with `Tests/Golden/approved/NAME.png`.
///
/// A case file holds `#` comments (what a person should see), then `--option value` lines (one
/// option a line, the value is the rest of the line, `\n` in it a newline; paths from the
/// package root), then events, one a line, as `keyform replay` reads them.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    static let folder = packageRoot.appendingPathComponent("Tests/Golden")

    var name: String
    var options: [String] = []
    var events: [String] = []

    var testDescription: String { name }
    var approvedPath: String { Self.folder.appendingPathComponent("approved/\(name).png").path }

    init(name: String, text: String) {
        self.name = name
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) where !line.hasPrefix("#") {
            if events.isEmpty && line.hasPrefix("--") {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                options.append(parts[0])
                if parts.count == 2 { options.append(parts[1].replacingOccurrences(of: "\\n", with: "\n")) }
            } else {
                events.append(line)
            }
        }
    }

    static let all: [GoldenCase] = {
        let cases = folder.appendingPathComponent("cases")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cases.path)) ?? []
        return names.filter { $0.hasSuffix(".events") }.sorted().compactMap { file in
            (try? String(contentsOf: cases.appendingPathComponent(file), encoding: .utf8))
                .map { GoldenCase(name: String(file.dropLast(".events".count)), text: $0) }
        }
    }()
}

@Suite("Golden images: keyform render against approved PNGs")
struct GoldenImageTests {
    @Test func theCorpusIsThere() {
        #expect(GoldenCase.all.count >= 10, "Tests/Golden/cases should hold the corpus")
    }

    @Test(arguments: GoldenCase.all)
    func rendersAsApproved(_ golden: GoldenCase) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("\(golden.name).png").path
        let run = try runProgram(keyformBinary, ["render", "--png", png] + golden.options + ["--"] + golden.events,
                                 currentDirectory: packageRoot)
        try #require(run.status == 0, "keyform render \(golden.name): \(run.stderr)")
        #expect(run.stderr.isEmpty, "keyform render \(golden.name) complained: \(run.stderr)")
        try GoldenImage.expectMatch(try CairoSurface(png: png), approved: golden.approvedPath)
    }
}

/// The demo tour (`keyform` with no display) is checked the same way: each screenshot it writes
/// must match `Tests/Golden/tour/`, so a value typed in the tour and not drawn fails the suite.
@Suite("Golden images: the demo tour's screenshots", .serialized)
struct GoldenTourTests {
    @Test func everyTourScreenshotIsAsApproved() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        let run = try runProgram(keyformBinary, ["--tour-dir", directory.path], replacingEnvironment: environment)
        try #require(run.status == 0, "the tour: \(run.stderr)")
        let shots = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(shots.count == 8, "the tour wrote \(shots)")
        for shot in shots {
            try GoldenImage.expectMatch(try CairoSurface(png: directory.appendingPathComponent(shot).path),
                                        approved: GoldenCase.folder.appendingPathComponent("tour/\(shot)").path)
        }
    }
}
