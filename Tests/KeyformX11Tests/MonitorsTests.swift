import KeyformAutomation
import KeyformCore
@testable import KeyformX11
import Testing

/// The monitor a form's popups go on: the one that holds most of the window, as GTK picks it.
@Suite("The monitor a window is on") struct MonitorsTests {
    static let left = Rect(x: 0, y: 0, width: 1920, height: 1080)
    static let right = Rect(x: 1920, y: 0, width: 1280, height: 1024)

    @Test(arguments: [
        (Rect(x: 100, y: 100, width: 400, height: 300), left),
        (Rect(x: 2000, y: 100, width: 400, height: 300), right),
        (Rect(x: 1800, y: 100, width: 400, height: 300), right),  // 280 px on the right one, 120 on the left
        (Rect(x: 1700, y: 100, width: 400, height: 300), left),
        (Rect(x: 5000, y: 5000, width: 400, height: 300), left),  // on none: the first
    ])
    func theMonitorHoldingMostOfTheWindow(window: Rect, monitor: Rect) {
        #expect(Monitors.area(holding: window, among: [Self.left, Self.right]) == monitor)
    }

    /// Xvfb's one screen is one monitor, through RandR 1.5.
    @Test @MainActor func xvfbHasOneMonitorTheSizeOfItsScreen() throws {
        let server = try PrivateXServer(width: 1024, height: 640)
        let x = try XConnection(displayName: server.displayName)
        #expect(Monitors.areas(on: x) == [Rect(x: 0, y: 0, width: 1024, height: 640)])
    }
}
