import Glibc
import KeyformAutomation
import KeyformCairo
import KeyformCore
@testable import KeyformX11
import Testing

/// The window keeps the list of what its loop serves besides the X connection, made again when
/// one of them is set (`FormWindow.listCompanions`): each pass must serve exactly those set now,
/// as the list made afresh at every pass did.
@Suite("The companions a window's loop serves") struct CompanionListTests {
    @MainActor final class Companion: WindowCompanion {
        var waits = 0
        func prepareToWait() -> (descriptors: [pollfd], timeout: Int32) {
            waits += 1
            return ([], -1)
        }
        func dispatch(_ polled: [pollfd]) {}
        func publish(_ update: SessionUpdate) {}
        func close() {}
    }

    @Test @MainActor func eachPassServesTheCompanionsSetNow() throws {
        let server = try PrivateXServer()
        let form = try FormFile.parse(#"{"title": "Companions", "fields": [{"id": "a", "type": "text"}]}"#, fileName: "companions.json")
        let layouts = TextLayouts()
        let window = try FormWindow(session: FormSession(form: form, measurer: PangoTextMeasurer(layouts: layouts)), layouts: layouts,
                                    connection: XConnection(displayName: server.displayName))
        let bridge = Companion(), feed = Companion()
        // Which of the two a pass asks what to wait on, as each is set or taken away.
        func served() -> [Bool] {
            let before = (bridge.waits, feed.waits)
            _ = window.prepareToWait()
            return [bridge.waits > before.0, feed.waits > before.1]
        }
        #expect(served() == [false, false])
        window.companion = bridge
        #expect(served() == [true, false])
        window.feed = feed
        #expect(served() == [true, true])
        window.companion = nil
        #expect(served() == [false, true])
        window.feed = nil
        #expect(served() == [false, false])
    }
}
