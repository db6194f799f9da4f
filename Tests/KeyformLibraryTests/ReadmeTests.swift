import Foundation
import Testing

/// The README's Swift examples are files that compile and run in this package, word for word:
/// each ```swift block after `<!-- the file PATH -->` must be that file.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let blocks: [(path: String, text: String)] = {
        let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var blocks: [(String, String)] = []
        var lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("<!-- the file "), line.hasSuffix(" -->") else { continue }
            let path = String(line.dropFirst("<!-- the file ".count).dropLast(" -->".count))
            guard lines.popFirst() == "```swift" else { continue }
            var text: [String] = []
            while let line = lines.popFirst(), line != "```" { text.append(line) }
            blocks.append((path, text.joined(separator: "\n") + "\n"))
        }
        return blocks
    }()

    @Test func theREADMEShowsTheSignUpFormAndItsTest() {
        #expect(Self.blocks.map(\.path) == ["Examples/SignUp/SignUpForm.swift", "Examples/SignUp/Main.swift",
                                            "Tests/KeyformLibraryTests/ReadmeSignUpTests.swift"])
    }

    @Test(arguments: blocks.map(\.path))
    func aSwiftExampleInTheREADMEIsTheFileItNames(_ path: String) throws {
        let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        #expect(Self.blocks.first { $0.path == path }?.text == file)
    }

    /// The README's two manifest lines, as an app's package writes them, resolve against this
    /// checkout under a folder name that is not `keyform` (SwiftPM names a path's package after
    /// its last part unless `name:` says otherwise).
    @Test func theManifestLinesWorkWhateverTheCheckoutIsCalled() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "<!-- the manifest lines -->\n```swift\n").dropFirst().first)
        let lines = block.components(separatedBy: "\n```").first!.split(separator: "\n").map(String.init)
        let package = try #require(lines.first { $0.hasPrefix(".package(") }), product = try #require(lines.first { $0.hasPrefix(".product(") })

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-manifest-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("another-name"), withDestinationURL: Self.root)
        try "import Keyform\n".write(to: app.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)
        try """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "App", dependencies: [
                \(package.replacingOccurrences(of: "\"../keyform\"", with: "\"../another-name\""))
            ], targets: [.executableTarget(name: "App", dependencies: [
                \(product)
            ])])
            """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

        // Loading the package graph checks that `package:` names a dependency; nothing is built.
        let swift = Process()
        swift.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swift.arguments = ["swift", "package", "--package-path", app.path, "show-dependencies"]
        let output = Pipe()
        swift.standardOutput = output
        swift.standardError = output
        try swift.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        swift.waitUntilExit()
        #expect(swift.terminationStatus == 0, "\(said)")
        #expect(said.contains("another-name"))
    }
}
