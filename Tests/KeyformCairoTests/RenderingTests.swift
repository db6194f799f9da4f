import CCairo
import Glibc
import KeyformCairo
import KeyformCore
import Testing

struct RenderingTests {
    static let red = Color(hex: 0xff0000)
    static let textBox = Rect(x: 10, y: 40, width: 100, height: 24)

    /// A red square and a line of black text on white.
    static func sample() -> DisplayList {
        var list = DisplayList()
        list.append(.fill(Rect(x: 10, y: 10, width: 20, height: 20), red, radius: 4))
        list.append(.text(TextRun(text: "Hello", origin: Point(x: textBox.x, y: textBox.y),
                                  font: Font(size: 16), color: Color(hex: 0x000000), underline: 0..<1)))
        return list
    }

    @Test func rendersFillsAndTextIntoAPNG() throws {
        let surface = CairoSurface.image(width: 120, height: 80)
        CairoRenderer().render(Self.sample(), in: CairoContext(surface), clip: nil)
        let directory = try TemporaryDirectory()
        let path = directory.path + "/sample.png"
        try surface.writePNG(to: path)
        #expect(access(path, R_OK) == 0)

        let image = try Pixels(png: path)
        #expect(image.pixel(x: 20, y: 20) == Pixel(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: 10, y: 10) != Pixel(red: 255, green: 0, blue: 0)) // a rounded corner
        #expect(image.pixel(x: 60, y: 20) == Pixel(red: 255, green: 255, blue: 255))
        #expect(image.darkPixels(in: Self.textBox) > 20)
    }

    @Test func clipLimitsDrawing() throws {
        let surface = CairoSurface.image(width: 120, height: 80)
        var list = DisplayList()
        list.append(.pushClip(Rect(x: 0, y: 0, width: 15, height: 80)))
        list.append(.fill(Rect(x: 10, y: 10, width: 20, height: 20), Self.red, radius: 0))
        list.append(.popClip)
        list.append(.fill(Rect(x: 10, y: 50, width: 20, height: 20), Self.red, radius: 0))
        CairoRenderer().render(list, in: CairoContext(surface), clip: Rect(x: 0, y: 0, width: 120, height: 60))
        let image = Pixels(surface)
        #expect(image.pixel(x: 12, y: 20) == Pixel(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: 20, y: 20) == Pixel(red: 255, green: 255, blue: 255))
        #expect(image.pixel(x: 20, y: 55) == Pixel(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: 20, y: 65) == Pixel(red: 255, green: 255, blue: 255))
    }

    @Test func writingIntoAMissingDirectoryNamesThePath() {
        let path = "/nonexistent-keyform-dir/out.png"
        let error = #expect(throws: CairoError.self) { try CairoSurface.image(width: 4, height: 4).writePNG(to: path) }
        #expect(error?.description.contains(path) == true)
    }
}
