import Foundation
import Testing

/// Read-only fields and number steps in the real window, with keys through XTEST on two
/// layouts: what is typed into a read-only field is refused, Up steps the number, and the form
/// submits the read-only values as they were.
@Suite("Read-only fields and number steps in the window", .serialized) struct ReadOnlyWindowTests {
    static let form = packageRoot.appendingPathComponent("Tests/Golden/forms/readonly.json").path

    @Test(arguments: ["us", "de"]) @MainActor
    func readOnlyTextStaysAndUpSteps(layout: String) throws {
        let window = try LiveForm(layout: layout, arguments: ["--form", Self.form])
        try window.xdotool("type", "--delay", "5", "xyz")
        try window.xdotool("key", "BackSpace", "ctrl+x", "ctrl+v")
        try window.xdotool("key", "Tab", "ctrl+End")
        try window.xdotool("type", "--delay", "5", "more")
        try window.xdotool("key", "Return")  // no line break to type: Return moves on, as in a one-line field
        try window.xdotool("key", "Up", "Up", "Up", "Down")
        try window.xdotool("key", "Tab", "Return")
        let values = try window.submittedValues()
        #expect(values["order"] as? String == "KF-2026-0042")
        #expect(values["terms"] as? String == "Goods are shipped within three working days.\nReturns are accepted for thirty days.")
        #expect(values["quantity"] as? Int == 3)  // a number field's value is a number
    }
}
