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
}
