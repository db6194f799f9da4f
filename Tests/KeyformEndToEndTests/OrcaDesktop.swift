import Foundation
import KeyformAutomation
import Testing

/// A desktop with Orca running on it, private to one test: the accessibility desktop (X server,
/// session bus, AT-SPI bus and registry) and `PrivateScreenReader` on it (openbox,
/// speech-dispatcher logging what Orca says, Orca 43 with a fresh profile). A test waits to hear
/// each thing it needs said before it presses the next key (`hear`).
@MainActor
final class OrcaDesktop {
    let desktop: AccessibilityDesktop
    let reader: PrivateScreenReader

    init() throws {
        desktop = try AccessibilityDesktop()
        reader = try PrivateScreenReader(bus: desktop.bus, timeout: patience)
    }

    /// Keyform opened on this desktop with the form file `form` (its text), the caret not blinking.
    func keyform(_ form: String) throws -> AccessibilityDesktop.Application {
        try AccessibilityDesktop.Application(keyformBinary, ["--form", try formFile(form), "--no-blink"], wmClass: "keyform", on: desktop)
    }

    /// `PrivateScreenReader.hear`, a wait too long recorded as the test's failure at `sourceLocation`.
    @discardableResult
    func hear(_ phrase: String, whole: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        do {
            return try reader.hear(phrase, whole: whole)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
            return []
        }
    }

    /// What Orca said after the last `hear`, once it has said `phrase`: for what must not be said
    /// between two steps.
    func said(until phrase: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        hear(phrase, sourceLocation: sourceLocation).joined(separator: " | ")
    }

    /// Orca, speech-dispatcher and openbox go, then the desktop.
    isolated deinit {
        reader.stop()
    }
}
