import Foundation
import KeyformCore
@testable import KeyformX11
import Testing

/// Wheel and smooth scrolling: a notch scrolls once, whichever way it reaches the window.
@Suite("Wheel and smooth scrolling") struct WheelTests {
    typealias Axis = ScrollValuators.Axis

    /// A touchpad: vertical axis 3 and horizontal axis 2, 15 units a notch, values known.
    static func touchpad() -> ScrollValuators {
        var valuators = ScrollValuators()
        valuators.reset([11: [3: Axis(vertical: true, increment: 15, last: 100), 2: Axis(vertical: false, increment: 15, last: 0)]])
        return valuators
    }

    @Test func smoothValuatorsScrollByFractionsOfANotch() {
        var valuators = Self.touchpad()
        let first = valuators.scroll(device: 11, values: [3: 107.5], emulated: false)
        #expect(first?.dx == 0 && first?.dy == 0.5)
        let second = valuators.scroll(device: 11, values: [3: 100, 2: -30], emulated: false)
        #expect(second?.dx == -2 && second?.dy == -0.5)
    }

    /// A wheel button turned into valuator motion by the server comes flagged emulated, and the
    /// button itself arrives too: the motion records the value and scrolls nothing.
    @Test func emulatedMotionRecordsButDoesNotScroll() {
        var valuators = Self.touchpad()
        #expect(valuators.scroll(device: 11, values: [3: 115], emulated: true) == nil)
        #expect(valuators.scroll(device: 11, values: [3: 130], emulated: false)?.dy == 1)
    }

    @Test func anUnknownValueOrDeviceScrollsNothingAndOtherAxesAreIgnored() {
        var valuators = ScrollValuators()
        valuators.reset([4: [3: Axis(vertical: true, increment: -1, last: nil)]])
        #expect(valuators.scroll(device: 4, values: [3: 50], emulated: false) == nil)
        #expect(valuators.scroll(device: 4, values: [3: 52, 0: 400, 1: 300], emulated: false)?.dy == -2)  // natural scrolling
        #expect(valuators.scroll(device: 9, values: [3: 60], emulated: false) == nil)
    }

    static let tall = """
        {"title": "Tall", "size": {"width": 300, "height": 240}, "fields": [
         \((1...12).map { #"{"id": "f\#($0)", "type": "text", "label": "Field \#($0)"}"# }.joined(separator: ", "))],
         "commands": [{"key": "ctrl+Return", "action": "submit", "title": "Submit"}]}
        """

    /// One wheel notch (button 5) scrolls one step, not two, whether it is the first the window
    /// hears of the pointer (a core event: XI2 is taken up only then) or comes through XI2 after
    /// the pointer moved: a click where one step put a field lands in that field. Until the
    /// pointer comes, libxcb-xinput is not even loaded: a form filled in from the keyboard never
    /// loads it (issue #22).
    @Test(arguments: [false, true]) @MainActor func oneWheelNotchScrollsOneStep(pointerMovedFirst: Bool) throws {
        let step = FormWindow.scrollStep
        let ids = (1...12).map { "f\($0)" }
        let frames = try ids.map { try ClipboardTests.frame(of: $0, in: Self.tall, scrolledBy: step) }
        let twice = try ids.map { try ClipboardTests.frame(of: $0, in: Self.tall, scrolledBy: 2 * step) }
        let viewport = Rect(x: 0, y: 0, width: 300, height: 240)
        let target = try #require(ids.indices.first { i in
            let point = Point(x: frames[i].midX, y: frames[i].midY)
            return viewport.contains(point) && frames[i].minY > 0 && !twice[i].contains(point)
        })
        let form = try LiveForm(arguments: ["--form", try formFile(Self.tall)])
        let pid = form.process.processIdentifier
        form.driver.sync()
        #expect(try !Self.mapsXInput(pid), "libxcb-xinput loaded before the pointer came")
        if pointerMovedFirst {
            try form.xdotool("mousemove", "--window", "\(form.window)", "150", "100")
            form.driver.sync()
            #expect(try Self.mapsXInput(pid), "the pointer came and XI2 was not taken up")
        }
        form.driver.click(x: 150, y: 120, button: 5)
        form.driver.click(x: frames[target].midX, y: frames[target].midY)
        form.driver.sync()
        try form.xdotool("type", "--delay", "5", "x")
        try form.xdotool("key", "ctrl+Return")
        let values = try form.submittedValues()
        #expect(ids.filter { values[$0] as? String == "x" } == [ids[target]])
    }

    /// Whether the process has libxcb-xinput mapped.
    static func mapsXInput(_ pid: Int32) throws -> Bool {
        try memoryMap(of: pid).contains("libxcb-xinput.so")
    }
}
