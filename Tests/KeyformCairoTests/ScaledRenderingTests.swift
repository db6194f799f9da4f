import KeyformCairo
import KeyformCore
import Testing

/// Drawing at a scale: the display list stays in logical units, the image is in device pixels,
/// and edges land on whole device pixels, so a fractional scale is as sharp as 1×.
struct ScaledRenderingTests {
    static let red = Pixel(red: 255, green: 0, blue: 0), white = Pixel(red: 255, green: 255, blue: 255)

    /// A logical box 10,10 20×20 drawn at `scale` on a 60×40 logical image.
    static func box(at scale: Double, _ item: DisplayItem) -> Pixels {
        let surface = CairoSurface.image(size: Size(width: 60, height: 40), scale: DisplayScale(scale))
        var list = DisplayList()
        list.append(item)
        CairoRenderer().render(list, in: CairoContext(surface), clip: nil)
        return Pixels(surface)
    }

    /// The colours along the row through the box's middle, in device pixels.
    static func row(_ image: Pixels, y: Int, width: Int) -> [Pixel] { (0..<width).compactMap { image.pixel(x: $0, y: y) } }

    @Test func aBoxAtTwiceHasItsEdgesOnTheDoubledCoordinates() throws {
        let image = Self.box(at: 2, .fill(Rect(x: 10, y: 10, width: 20, height: 20), Color(hex: 0xff0000), radius: 0))
        #expect(image.surface.imageSize == (width: 120, height: 80))
        for (x, y, pixel) in [(19, 30, Self.white), (20, 30, Self.red), (59, 30, Self.red), (60, 30, Self.white),
                              (30, 19, Self.white), (30, 20, Self.red), (30, 59, Self.red), (30, 60, Self.white)] {
            #expect(image.pixel(x: x, y: y) == pixel, "at \(x),\(y)")
        }
    }

    /// At any scale a box's edge is a whole device pixel: each pixel of a row is the box's colour
    /// or the background, never a blend of the two. A rounded box is drawn through a mask, which
    /// must be put on whole device pixels too, not resampled.
    @Test(arguments: [1, 1.25, 1.5, 1.75, 2, 2.5, 3], [0.0, 4])
    func boxEdgesAreWholeDevicePixels(_ scale: Double, radius: Double) {
        let image = Self.box(at: scale, .fill(Rect(x: 10, y: 10, width: 20, height: 20), Color(hex: 0xff0000), radius: radius))
        let row = Self.row(image, y: Int(20 * scale), width: Int(60 * scale))
        #expect(row.allSatisfy { $0 == Self.red || $0 == Self.white }, "\(row.filter { $0 != Self.red && $0 != Self.white })")
        #expect(row.filter { $0 == Self.red }.count == Int((30 * scale).rounded()) - Int((10 * scale).rounded()))
    }

    /// A 1-pixel border (drawn, as the core draws borders, inside a rectangle half a pixel in)
    /// is a whole number of device pixels wide at any scale, fully opaque, never a grey smear.
    @Test(arguments: [1.25, 1.5, 2, 3])
    func hairlinesAreWholeDevicePixels(_ scale: Double) {
        let border = Rect(x: 10, y: 10, width: 20, height: 20).insetBy(dx: 0.5, dy: 0.5)
        let image = Self.box(at: scale, .stroke(border, Color(hex: 0xff0000), lineWidth: 1, radius: 0))
        let row = Self.row(image, y: Int(20 * scale), width: Int(60 * scale))
        #expect(row.allSatisfy { $0 == Self.red || $0 == Self.white }, "\(row.filter { $0 != Self.red && $0 != Self.white })")
        let width = (scale).rounded()
        #expect(row.filter { $0 == Self.red }.count == 2 * Int(width), "two sides of \(width) pixels")
    }

    /// Text is drawn at the device size, not enlarged from 1×: at 2× it has about four times the
    /// ink, and the same text measures the same in logical units.
    @Test func textAtTwiceIsDrawnAtTwiceTheSize() {
        let run = DisplayItem.text(TextRun(text: "Hello", origin: Point(x: 4, y: 4), font: Font(size: 16), color: Color(hex: 0x000000)))
        let one = Self.box(at: 1, run), two = Self.box(at: 2, run)
        let inkOne = one.darkPixels(in: Rect(x: 0, y: 0, width: 60, height: 40))
        let inkTwo = two.darkPixels(in: Rect(x: 0, y: 0, width: 120, height: 80))
        #expect(inkOne > 20)
        #expect(Double(inkTwo) > 3 * Double(inkOne) && Double(inkTwo) < 5 * Double(inkOne), "\(inkOne) at 1×, \(inkTwo) at 2×")
    }
}
