import Glibc
import KeyformCairo
import KeyformCore
import KeyformEnvironment

struct Pixel: Equatable, CustomStringConvertible {
    var red: UInt8, green: UInt8, blue: UInt8
    var description: String { "rgb(\(red), \(green), \(blue))" }
}

/// Reads the pixels of an image surface (opaque images only: no un-premultiplying).
struct Pixels {
    let surface: CairoSurface

    init(_ surface: CairoSurface) { self.surface = surface }

    /// Reads a PNG back, to check what was written rather than what was drawn.
    init(png path: String) throws {
        surface = try CairoSurface(png: path)
    }

    func pixel(x: Int, y: Int) -> Pixel? {
        surface.rgb(x: x, y: y).map { Pixel(red: $0.red, green: $0.green, blue: $0.blue) }
    }

    func darkPixels(in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                if let p = pixel(x: x, y: y), Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 96 { count += 1 }
            }
        }
        return count
    }
}

/// A fresh directory under /tmp, removed with its files when the test is done.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/keyform-cairo-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PixelsError("mkdtemp failed") }
        path = String(cString: made)
    }

    deinit {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = entry.name
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(path)
    }
}

struct PixelsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
