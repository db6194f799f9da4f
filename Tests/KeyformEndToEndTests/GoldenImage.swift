import Foundation
import KeyformCairo
import Testing

/// Compares what Keyform drew with an approved PNG kept in the repository, as GTK's reftests and
/// Flutter's golden files do. A changed image fails and leaves `NAME.new.png` (what was drawn) and
/// `NAME.diff.png` (the differences in red over a faded copy) beside the approved one;
/// `make approve-golden` moves the new images over the approved ones, and committing them is
/// the approval.
enum GoldenImage {
    /// A pixel differs when a channel is off by more than this: room for anti-aliasing noise.
    /// No pixel may differ beyond it: a missing mnemonic underline is only a few pixels.
    static let channelTolerance: UInt32 = 8

    /// Expects `actual` to match `approvedPath`; on a mismatch writes the new image and a diff.
    static func expectMatch(_ actual: CairoSurface, approved approvedPath: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let newPath = sibling(of: approvedPath, suffix: ".new.png"), diffPath = sibling(of: approvedPath, suffix: ".diff.png")
        try? FileManager.default.removeItem(atPath: newPath)
        try? FileManager.default.removeItem(atPath: diffPath)
        guard FileManager.default.fileExists(atPath: approvedPath) else {
            try actual.writePNG(to: newPath)
            Issue.record("no approved image \(relative(approvedPath)): wrote \(relative(newPath)); look at it, then `make approve-golden`",
                         sourceLocation: sourceLocation)
            return
        }
        let approved = try CairoSurface(png: approvedPath)
        guard approved.imageSize == actual.imageSize else {
            try actual.writePNG(to: newPath)
            Issue.record("\(relative(approvedPath)) is \(approved.imageSize), the drawing \(actual.imageSize): wrote \(relative(newPath))",
                         sourceLocation: sourceLocation)
            return
        }
        let (width, height) = actual.imageSize
        let (count, diff) = difference(approved.argbPixels, actual.argbPixels)
        guard count > 0 else { return }
        try actual.writePNG(to: newPath)
        try CairoSurface.image(width: width, height: height, argb: diff).writePNG(to: diffPath)
        Issue.record("""
            \(count) pixels of \(width)×\(height) differ from \(relative(approvedPath)): see \(relative(newPath)) and \
            \(relative(diffPath)); if the change is right, `make approve-golden` and commit
            """, sourceLocation: sourceLocation)
    }

    /// How many pixels differ beyond the tolerance, and an image of them: red where they differ,
    /// the approved image faded to a light grey elsewhere.
    static func difference(_ approved: [UInt32], _ actual: [UInt32]) -> (count: Int, image: [UInt32]) {
        var count = 0
        let image = zip(approved, actual).map { old, new -> UInt32 in
            if channelsDiffer(old, new) { count += 1; return 0xffff_0000 }
            let grey = (channel(old, 16) + channel(old, 8) + channel(old, 0)) / 3
            let faded = 192 + grey / 4
            return 0xff00_0000 | faded << 16 | faded << 8 | faded
        }
        return (count, image)
    }

    static func channelsDiffer(_ a: UInt32, _ b: UInt32) -> Bool {
        ([24, 16, 8, 0] as [UInt32]).contains { shift in
            let x = channel(a, shift), y = channel(b, shift)
            return (x > y ? x - y : y - x) > channelTolerance
        }
    }

    private static func channel(_ pixel: UInt32, _ shift: UInt32) -> UInt32 { (pixel >> shift) & 0xff }

    private static func sibling(of path: String, suffix: String) -> String {
        (path.hasSuffix(".png") ? String(path.dropLast(4)) : path) + suffix
    }

    private static func relative(_ path: String) -> String {
        path.hasPrefix(packageRoot.path + "/") ? String(path.dropFirst(packageRoot.path.count + 1)) : path
    }
}
