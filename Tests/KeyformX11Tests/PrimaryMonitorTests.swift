import KeyformAutomation
import KeyformCore
@testable import KeyformX11
import Testing

/// The monitor's size through RandR, on a real server. Xvfb's one output has its mode's pixels
/// and no millimetres (it cannot be given any), so the scale's last resort never fires here:
/// what the sizes mean is `DisplayScaleTests`' table.
@Suite("The primary monitor under Xvfb", .serialized) struct PrimaryMonitorTests {
    @Test @MainActor func readsTheModesPixelsAndTheReportedMillimetres() throws {
        let server = try PrivateXServer(width: 1024, height: 640)
        let x = try XConnection(displayName: server.displayName)
        let monitor = try #require(PrimaryMonitor.physicalSize(on: x))
        #expect(monitor.pixels == Size(width: 1024, height: 640))
        #expect(monitor.millimetres == Size(width: 0, height: 0))
        #expect(DisplayScale(choosingFrom: ScaleSettings(monitor: monitor)) == .one, "no size: no guess")
    }
}
