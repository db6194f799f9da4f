import Foundation
import KeyformCore
import Testing

/// A checkbox and a radio group in the real window, keys sent through XTEST: Tab to the box and
/// Space (or its mnemonic), Tab to the group, Down twice, submit; the values printed as each
/// `--output` prints them.
@Suite("Checkbox and radio in the window under Xvfb", .serialized) struct ChoiceWindowTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var layout: String
        /// Alt+A instead of Tab and Space: on the French layout the A key is where Q is on a US one.
        var mnemonic: Bool
        var submit: [String]
        var output: String
        var expected: String
        var testDescription: String { "\(layout), --output \(output)" }
    }

    static let cases = [
        Case(layout: "us", mnemonic: false, submit: ["ctrl+Return"], output: "shell", expected: "name='Ada'\nagree='true'\nseat='Window'\n"),
        Case(layout: "fr", mnemonic: true, submit: ["Return", "Return"], output: "lines", expected: "Ada|true|Window\n"),
        Case(layout: "de", mnemonic: false, submit: ["Return", "Return"], output: "json",
             expected: #"{"name":"Ada","agree":true,"seat":"Window"}"# + "\n"),
    ]

    @Test(arguments: cases)
    @MainActor func tabSpaceArrowsAndSubmit(_ test: Case) throws {
        let form = try LiveForm(layout: test.layout, arguments: ["--form", try formFile(ChoiceReplayTests.form), "--output", test.output])
        try form.xdotool("type", "--delay", "5", "Ada")
        if test.mnemonic {
            form.driver.key(0x61, modifiers: .alt)  // the keysym a, wherever the layout puts it
            form.driver.sync()
            try form.driver.check()
        } else {
            try form.xdotool("key", "Tab")
            try form.xdotool("key", "space")
        }
        try form.xdotool("key", "Tab")
        try form.xdotool("key", "Down")
        try form.xdotool("key", "Down")
        for key in test.submit { try form.xdotool("key", key) }
        let (status, stdout) = form.finish()
        #expect(status == 0)
        #expect(stdout == test.expected)
    }
}
